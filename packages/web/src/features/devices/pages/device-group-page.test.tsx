import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { renderWithProviders } from '@/test/render';
import { deviceRow } from '@/test/device-row';
import { jsonResponse, signIn, withQueryClient } from '@/test/query-wrapper';
import { sessionStore } from '@/lib/session/session-store';
import { DeviceGroupPage } from './device-group-page';

const NET = '44444444-4444-4444-8444-444444444444';
const page = (results: unknown[]) => ({ count: results.length, next: null, previous: null, results });
const members = [
  deviceRow('11111111-1111-4111-8111-111111111111', { name: 'edge-a', network_id: NET, configSync: 'synced' }),
  deviceRow('22222222-2222-4222-8222-222222222222', { name: 'edge-b', network_id: NET, configSync: 'synced' }),
  deviceRow('33333333-3333-4333-8333-333333333333', { name: 'edge-c', network_id: NET, configSync: 'syncing' }),
];

describe('a device group', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it("counts how its gateways' configuration stands, saves its gateways and shows its templates", async () => {
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (init?.method === 'PUT') return jsonResponse(200, { id: NET, networkName: 'Branches', devices: 3 });
      if (url.includes('/network/list/')) return jsonResponse(200, [{ id: NET, networkName: 'Branches', devices: 3 }]);
      return jsonResponse(200, page(members));
    });
    vi.stubGlobal('fetch', fetchMock);
    signIn('editor');
    const { user } = renderWithProviders(
      withQueryClient(
        <MemoryRouter>
          <DeviceGroupPage networkId={NET} templates={() => <p>the group's templates</p>} />
        </MemoryRouter>,
      ),
    );
    expect(await screen.findByRole('heading', { name: 'Device group: Branches' })).toBeTruthy();
    const summary = await screen.findByTestId('group-sync-summary');
    expect(summary.textContent).toContain('synced: 2');
    expect(summary.textContent).toContain('syncing: 1');
    expect(screen.getByText("the group's templates")).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save gateways' }));
    expect(await screen.findByText('Device group edited successfully')).toBeTruthy();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(String(put[0])).toContain(`/network/${NET}/devices/`);
    expect(JSON.parse(String(put[1]!.body)).device_ids).toHaveLength(3);
  });
});
