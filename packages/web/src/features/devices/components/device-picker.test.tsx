import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { renderWithProviders } from '@/test/render';
import { signIn, withQueryClient } from '@/test/query-wrapper';
import { deviceRow } from '@/test/device-row';
import { fakeApi, pageOf } from '@/test/fake-api';
import { sessionStore } from '@/lib/session/session-store';
import { fleetSelection } from '@/lib/fleet-selection';
import { DevicePicker } from './device-picker';

const TENANT = '00000000-0000-4000-8000-00000000000a';

describe('header device picker', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.clear();
    fleetSelection.selectNetwork(null);
  });

  const fleet = () =>
    fakeApi({
      'GET device/list/': () =>
        pageOf([
          deviceRow('11111111-1111-4111-8111-111111111111', { name: 'branch', serial: 'SN-1' }),
          deviceRow('22222222-2222-4222-8222-222222222222', { name: 'Branch', serial: 'SN-2' }),
          deviceRow('33333333-3333-4333-8333-333333333333', { name: 'hq', serial: 'SN-3' }),
        ]),
    });
  const renderPicker = () =>
    renderWithProviders(
      withQueryClient(
        <MemoryRouter>
          <DevicePicker product="sdwan" tenantId={TENANT} />
        </MemoryRouter>,
      ),
    );

  it('says which of two gateways of one name is chosen, by its serial, and a name of its own alone', async () => {
    fleet();
    signIn('viewer');
    fleetSelection.selectDevice({ id: '22222222-2222-4222-8222-222222222222', name: 'Branch' });
    const { unmount } = renderPicker();
    const button = await screen.findByRole('button', { name: 'Select device: Bra... · SN-2 (Branch · SN-2)' });
    expect(button.textContent).toBe('Bra... · SN-2');
    unmount();
    fleetSelection.selectDevice({ id: '33333333-3333-4333-8333-333333333333', name: 'hq' });
    renderPicker();
    expect(await screen.findByRole('button', { name: 'Select device: hq (hq)' })).toBeTruthy();
  });

  it('lists two gateways of one name by name and serial, and a serial typed finds its gateway', async () => {
    fakeApi({
      'GET device/list/': () =>
        pageOf([
          deviceRow('11111111-1111-4111-8111-111111111111', { name: 'branch', serial: 'SN-1' }),
          deviceRow('22222222-2222-4222-8222-222222222222', { name: 'Branch', serial: 'SN-2' }),
          deviceRow('33333333-3333-4333-8333-333333333333', { name: 'hq', serial: 'SN-3' }),
        ]),
    });
    signIn('viewer');
    const { user } = renderWithProviders(
      withQueryClient(
        <MemoryRouter>
          <DevicePicker product="sdwan" tenantId={TENANT} />
        </MemoryRouter>,
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Select device' }));
    const list = await screen.findByRole('listbox', { name: 'Devices', hidden: true });
    expect(await within(list).findByText('branch · SN-1')).toBeTruthy();
    expect(within(list).getByText('Branch · SN-2')).toBeTruthy();
    expect(within(list).getByText('hq')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Search devices' }), 'sn-2');
    expect(within(list).queryByText('branch · SN-1')).toBeNull();
    expect(within(list).getByText('Branch · SN-2')).toBeTruthy();
  });
});
