import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { renderWithProviders } from '@/test/render';
import { signIn, withQueryClient } from '@/test/query-wrapper';
import { sessionStore } from '@/lib/session/session-store';
import { deviceRow } from '@/test/device-row';
import { fakeApi, pageOf } from '@/test/fake-api';
import { VpnStatusPage } from './vpn-status-page';

const [A, B] = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222'];
const tunnelsOf = (device_id: string, remote: string) => ({
  device_id,
  device_name: 'branch',
  at: new Date().toISOString(),
  reachable: true,
  tunnels: [{ name: 'to-hq', remote, state: 'up', reason: null }],
});

describe('VPN status of all gateways', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it('tells the tunnels of two gateways of one name apart by their serials', async () => {
    fakeApi({
      'GET device/list/': () => pageOf([deviceRow(A, { name: 'branch', serial: 'SN-1' }), deviceRow(B, { name: 'branch ', serial: 'SN-2' })]),
      'GET device/status/ipsec/': () => [tunnelsOf(A, '198.51.100.1'), tunnelsOf(B, '198.51.100.2')],
    });
    signIn('viewer');
    renderWithProviders(
      withQueryClient(
        <MemoryRouter>
          <VpnStatusPage />
        </MemoryRouter>,
      ),
    );
    const table = await screen.findByRole('table', { name: 'Tunnels of all gateways' });
    expect((await within(table).findByText('branch · SN-1')).closest('tr')!.textContent).toContain('198.51.100.1');
    expect(within(table).getByText('branch · SN-2').closest('tr')!.textContent).toContain('198.51.100.2');
  });
});
