import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { SECRET_MASK } from '@netloom/domain';
import { asEditorOnFamilyPages, GW, id, renderPage, sent, server } from '@/test/family-page';
import { overlayMeshPage } from './overlay-mesh';

const GROUP = id(70);
const peer = (n: number, address: string | null) => ({
  device_id: id(n),
  name: `edge-hub-${n}`,
  role: 'hub',
  subnets: [`10.${n}.0.0/16`],
  address,
  psk: SECRET_MASK,
});

describe('the overlay mesh page', () => {
  asEditorOnFamilyPages();

  it('turns the mesh on from nothing: refused without an advertised subnet, saved with one', async () => {
    const fetchMock = server({ overlay_mesh: undefined }, undefined, { network_id: GROUP });
    const { user } = renderPage(overlayMeshPage);
    expect(screen.getByRole('link', { name: 'Mesh tunnels' }).getAttribute('href')).toBe(`/sdwan/device/status/ipsec/overview?device=${GW}`);
    await user.click(await screen.findByRole('switch', { name: 'Take part in the mesh' }));
    expect(screen.getAllByLabelText(/^This gateway is a/).length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Advertise at least one LAN subnet, or turn the mesh off')).toBeTruthy();
    expect(sent(fetchMock)).toBeNull();

    await user.type(screen.getByPlaceholderText('x.x.x.x/y'), '192.168.1.0/24{enter}');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Settings edited successfully')).toBeTruthy();
    expect(sent(fetchMock)?.section).toEqual({ enabled: true, topology: 'hub-and-spoke', role: 'spoke', subnets: ['192.168.1.0/24'], peers: [] });
  });

  it('lists the peers the server chose, read-only, with where each is reached and never its key', async () => {
    const section = { enabled: true, topology: 'hub-and-spoke', role: 'spoke', subnets: ['192.168.1.0/24'], peers: [peer(1, '203.0.113.1'), peer(2, null)] };
    server({ overlay_mesh: section }, undefined, { network_id: GROUP });
    const { user } = renderPage(overlayMeshPage);
    await user.click(await screen.findByRole('tab', { name: 'Peers' }));
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('edge-hub-1')).toBeTruthy();
    expect(within(table).getByText('203.0.113.1')).toBeTruthy();
    expect(within(table).getByText('Not known yet')).toBeTruthy();
    expect(within(table).getByText('10.2.0.0/16')).toBeTruthy();
    expect(table.textContent).not.toContain(SECRET_MASK);
    expect(screen.queryByRole('button', { name: 'Add peer' })).toBeNull();
    expect(within(table).queryByRole('button', { name: /edit|delete/i })).toBeNull();
  });

  it('says a gateway in no device group has no peers', async () => {
    server({ overlay_mesh: { enabled: true, topology: 'full-mesh', role: 'spoke', subnets: ['192.168.1.0/24'], peers: [] } });
    const { user } = renderPage(overlayMeshPage);
    expect(await screen.findByText(/This gateway is in no device group, so it has no mesh peers/)).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Peers' }));
    expect(await screen.findByText('No peers')).toBeTruthy();
    expect(screen.getByText(/This gateway is in no device group, so it has no mesh peers/)).toBeTruthy();
  });
});
