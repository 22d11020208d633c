import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '@/test/render';
import { fakeApi } from '@/test/fake-api';
import { jsonResponse, signIn, withQueryClient } from '@/test/query-wrapper';
import { sessionStore } from '@/lib/session/session-store';
import { ExportMenu, ImportDialog } from './config-transfer';

const GW = '11111111-1111-4111-8111-111111111111';
const lan = { lan: [{ name: 'lan1', ip: '192.168.1.1', prefix: 24, mtu: 1500 }], wan: [], vlans: [] };
const state = (number: number) => ({
  device_id: GW,
  revision: {
    id: '22222222-2222-4222-8222-222222222222',
    number,
    hash: 'h',
    source: 'import',
    message: null,
    author_email: 'e@acme.test',
    created_at: '2026-11-24T10:00:00.000Z',
  },
  document: { interfaces: lan },
  sync: { state: 'syncing', desired_hash: 'h', reported_hash: null, error: null },
  sections: [{ family: 'interfaces', template: null }],
  disabled_families: [],
  auto_sync: true,
  render_error: null,
  draft: null,
});
const exported = {
  format: 'netloom-device-config',
  version: 1,
  part: 'document',
  device: { id: GW, name: 'edge paris' },
  revision: { number: 4, hash: 'h' },
  exported_at: '2026-11-24T10:00:00.000Z',
  document: { interfaces: lan },
};

let saved: { blobs: Blob[]; names: string[] };
const { createObjectURL, revokeObjectURL } = URL;
beforeEach(() => {
  saved = { blobs: [], names: [] };
  // jsdom has no object URLs and cannot navigate: record what the browser would have saved.
  URL.createObjectURL = vi.fn((blob: Blob) => (saved.blobs.push(blob), 'blob:netloom-test'));
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.names.push(this.download);
  });
});
afterEach(() => {
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  sessionStore.clear();
});

const file = (text: string, name = 'edge-paris-r4.json') => new File([text], name, { type: 'application/json' });
/** Mantine's FileInput is a button over a hidden file input: the file goes to the input. */
const fileInput = () => {
  expect(screen.getByRole('button', { name: 'Configuration file' })).toBeTruthy();
  return document.querySelector<HTMLInputElement>('input[type="file"]')!;
};
const renderImport = () => renderWithProviders(withQueryClient(<ImportDialog deviceId={GW} opened onClose={() => undefined} currentRevision={1} />));

describe("a gateway's configuration file", () => {
  it("exports the gateway's own sections as a JSON file named after it and its revision", async () => {
    const api = fakeApi({ [`GET device/config/${GW}/export/`]: () => exported });
    signIn('viewer');
    const { user } = renderWithProviders(withQueryClient(<ExportMenu deviceId={GW} />));
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Own sections only' }));
    await vi.waitFor(() => expect(saved.names).toEqual(['edge_paris-own-r4.json']));
    expect(api.calls.find((c) => c.path.endsWith('/export/'))!.query.get('part')).toBe('own');
    expect(JSON.parse(await saved.blobs[0]!.text())).toEqual(exported);
  });

  it("imports an export file's document with a message, and says which revision it became", async () => {
    const api = fakeApi({ [`POST device/config/${GW}/import/`]: () => state(2) });
    signIn('editor');
    const { user } = renderImport();
    await user.upload(fileInput(), file(JSON.stringify(exported)));
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Configuration imported as revision 2')).toBeTruthy();
    expect(api.writes()[0]!.body).toEqual({ document: { interfaces: lan }, message: 'Imported from edge-paris-r4.json' });
  });

  it("lists the server's refusal field by field and keeps the dialog open", async () => {
    fakeApi({
      [`POST device/config/${GW}/import/`]: () =>
        jsonResponse(400, {
          code: 'invalid',
          detail: 'Invalid input.',
          errors: { 'document.static_routes.0.gateway': ['Gateway is not on a subnet of this device'] },
        }),
    });
    signIn('editor');
    const { user } = renderImport();
    await user.upload(fileInput(), file(JSON.stringify({ static_routes: [] })));
    await user.click(screen.getByRole('button', { name: 'Import' }));
    const problems = await screen.findByRole('alert', { name: 'Import problems' });
    expect(problems.textContent).toContain('static_routes.0.gateway: Gateway is not on a subnet of this device');
  });

  it('sends nothing for a file that is not JSON', async () => {
    const api = fakeApi();
    signIn('editor');
    const { user } = renderImport();
    await user.upload(fileInput(), file('interfaces: lan1'));
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('This file is not JSON.')).toBeTruthy();
    expect(api.writes()).toEqual([]);
  });
});
