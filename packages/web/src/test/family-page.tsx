import { afterEach, beforeEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { renderWithProviders } from '@/test/render';
import type { DeviceRow } from '@netloom/domain';
import { deviceRow } from '@/test/device-row';
import { FakeSocket } from '@/test/fake-socket';
import { jsonResponse, signIn, withQueryClient } from '@/test/query-wrapper';
import { sessionStore } from '@/lib/session/session-store';
import { FamilyPage } from '@/features/device-config/engine/family-page';
import type { FamilyPageSpec } from '@/features/device-config/engine/types';

/** A family page on a fake server holding one gateway's document: what the component tests of the family pages render. */
export const GW = '11111111-1111-4111-8111-111111111111';
export const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const interfaces = {
  lan: [{ name: 'lan1', ip: '192.168.1.1', prefix: 24, mtu: 1500 }],
  wan: [
    { name: 'wan1', mode: 'dhcp', weight: 1, mtu: 1500, monitor: [] },
    { name: 'wan2', mode: 'dhcp', weight: 1, mtu: 1500, monitor: [] },
  ],
  vlans: [],
};
export const state = (document: Record<string, unknown>) => ({
  device_id: GW,
  revision: { id: id(99), number: 1, hash: 'h', source: 'edit', message: null, author_email: 'editor@acme.test', created_at: '2026-11-24T10:00:00.000Z' },
  document: { interfaces, ...document },
  sync: { state: 'synced', desired_hash: 'h', reported_hash: 'h', error: null },
  sections: Object.keys({ interfaces, ...document }).map((family) => ({ family, template: null })),
  disabled_families: [],
  auto_sync: true,
  render_error: null,
  draft: null,
});

/** A fake server holding one gateway's document; a PUT answers what `put` says; `row` is the gateway as the fleet lists it. */
export function server(document: Record<string, unknown>, put?: (body: { section: unknown }) => Response, row: Partial<DeviceRow> = {}) {
  const family = Object.keys(document)[0]!;
  const answer = put ?? ((body: { section: unknown }) => jsonResponse(200, state({ [family]: body.section })));
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.includes('/device/list/'))
      return jsonResponse(200, { count: 1, next: null, previous: null, results: [deviceRow(GW, { name: 'edge-paris', ...row })] });
    if (url.includes('/enable-configs/')) return jsonResponse(200, { families: {}, auto_sync: true });
    if (init?.method === 'PUT') return answer(JSON.parse(String(init.body)));
    return jsonResponse(200, state(document));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
export const sent = (fetchMock: ReturnType<typeof server>) => {
  const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
  return put ? { url: String(put[0]), section: JSON.parse(String(put[1]!.body)).section as Record<string, unknown> } : null;
};

export const renderPage = (spec: FamilyPageSpec, tab = '') =>
  renderWithProviders(
    withQueryClient(
      <MemoryRouter initialEntries={[`/sdwan/device/configure/${spec.route}${tab}?device=${GW}`]}>
        <FamilyPage spec={spec} mode="device" />
      </MemoryRouter>,
    ),
  );

/** Each test of a family page: an editor signed in, a live socket faked, and everything undone after. */
export function asEditorOnFamilyPages() {
  beforeEach(() => {
    FakeSocket.all = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    signIn('editor');
  });
  afterEach(async () => {
    // A save makes the page read the configuration again: let that read reach this test's server, not the next test's.
    await new Promise((r) => setTimeout(r, 100));
    cleanup();
    vi.unstubAllGlobals();
    sessionStore.clear();
  });
}
