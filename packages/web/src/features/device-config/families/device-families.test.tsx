import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { DEFAULT_CATEGORY_ACTIONS } from '@netloom/domain';
import { jsonResponse } from '@/test/query-wrapper';
import { asEditorOnFamilyPages, GW, id, renderPage, sent, server, state } from '@/test/family-page';
import { linkBondingPage } from './link-bonding';
import { netflowPage } from './netflow';
import { wirelessPage } from './wireless';
import { accelerationPage } from './acceleration';
import { bgpPage } from './bgp';
import { idsIpsPage } from './ids-ips';

const ipsec = {
  tunnels: [
    {
      id: id(50),
      name: 'to-hq',
      enabled: true,
      remote: '198.51.100.7',
      local_interface: 'wan1',
      local_subnets: ['192.168.1.0/24'],
      remote_subnets: ['10.0.0.0/16'],
      psk: '••••••••',
      ike: 'ikev2',
      encryption: 'aes256',
      integrity: 'sha256',
      dh_group: 14,
      lifetime_seconds: 28800,
    },
  ],
};

describe('the link bonding, NetFlow, wireless and acceleration pages', () => {
  asEditorOnFamilyPages();

  it('bonds two WAN links into a VPN bond to an IPsec peer, refusing a bond of one link first', async () => {
    // The server answers with the whole document, the tunnel the bond names included.
    const fetchMock = server({ link_bonding: { vpn: [], internet: [] }, ipsec }, (body) => jsonResponse(200, state({ link_bonding: body.section, ipsec })));
    const { user } = renderPage(linkBondingPage);
    expect(screen.getByRole('link', { name: 'Link bonding legs' }).getAttribute('href')).toBe(`/sdwan/device/status/sdwanstatus/bonding?device=${GW}`);
    await user.click(await screen.findByRole('button', { name: 'Add vpn bond' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/^Name/), 'hq-bond');
    await user.click(within(dialog).getByRole('combobox', { name: /VPN peer/ }));
    await user.click(await screen.findByRole('option', { name: 'to-hq' }));
    const members = within(dialog)
      .getAllByLabelText(/Member WAN links/)
      .find((e) => e.tagName === 'INPUT')!;
    await user.type(members, 'wan1{enter}');
    await user.type(within(dialog).getByLabelText(/Health probe target/), '10.0.0.1');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('A bond has at least two members')).toBeTruthy();
    expect(sent(fetchMock)).toBeNull();
    await user.type(members, 'wan2{enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('VPN bond added successfully')).toBeTruthy();
    expect(sent(fetchMock)?.section.vpn).toEqual([
      {
        id: expect.any(String),
        name: 'hq-bond',
        peer: 'to-hq',
        members: ['wan1', 'wan2'],
        mode: 'balance-flow',
        probe: { target: '10.0.0.1', interval_s: 5, failures: 3 },
        enabled: true,
      },
    ]);
  });

  it('sets up flow export from nothing: an interface, sampling and an external collector written as address:port', async () => {
    const fetchMock = server({ netflow: undefined });
    const { user } = renderPage(netflowPage);
    const interfacesInput = (await screen.findAllByLabelText(/^Interfaces/)).find((e) => e.tagName === 'INPUT')!;
    await user.type(interfacesInput, 'wan2{enter}');
    const sampling = screen.getByLabelText(/Sampling 1:N/);
    await user.clear(sampling);
    await user.type(sampling, '64');
    await user.type(screen.getByPlaceholderText('192.0.2.9:2055'), '192.0.2.9:2055{enter}');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Flow export edited successfully')).toBeTruthy();
    expect(sent(fetchMock)).toEqual({
      url: expect.stringContaining(`/device/config/${GW}/sections/netflow/`),
      section: {
        enabled: true,
        interfaces: ['wan2'],
        sampling: 64,
        active_timeout_s: 60,
        inactive_timeout_s: 15,
        version: 'ipfix',
        netloom_collector: true,
        collectors: [{ address: '192.0.2.9', port: 2055 }],
      },
    });
    expect(screen.getByRole('link', { name: 'Records sent per collector' }).getAttribute('href')).toBe(
      `/sdwan/device/status/sdwanstatus/flowexport?device=${GW}`,
    );
  });

  it('adds a WPA2-Personal SSID on both bands, its pass phrase typed in a password field and refused when short', async () => {
    const wireless = {
      country: 'FR',
      radios: {
        '2_4ghz': { enabled: true, channel: 0, width_mhz: 20, tx_power_dbm: 20 },
        '5ghz': { enabled: true, channel: 36, width_mhz: 80, tx_power_dbm: 20 },
      },
      ssids: [],
      advanced: { band_steering: false, fast_roaming: false, beacon_interval_ms: 100, dtim_period: 1 },
    };
    const fetchMock = server({ wireless });
    const { user } = renderPage(wirelessPage);
    expect(screen.getByRole('link', { name: 'SSIDs and clients' }).getAttribute('href')).toBe(`/sdwan/device/status/sdwanstatus/wireless?device=${GW}`);
    await user.click(await screen.findByRole('button', { name: 'Add ssid' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/^SSID/), 'office');
    const passphrase = within(dialog).getByLabelText(/Pass phrase/);
    expect(passphrase.getAttribute('type')).toBe('password');
    await user.type(passphrase, 'short');
    const bands = within(dialog)
      .getAllByLabelText(/^Bands/)
      .find((e) => e.tagName === 'INPUT')!;
    await user.type(bands, '2.4 GHz{enter}5 GHz{enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('8 to 63 characters')).toBeTruthy();
    expect(sent(fetchMock)).toBeNull();
    await user.type(passphrase, ' enough now');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('SSID added successfully')).toBeTruthy();
    expect(sent(fetchMock)?.section.ssids).toEqual([
      {
        id: expect.any(String),
        name: 'office',
        security: 'wpa2-personal',
        passphrase: 'short enough now',
        radius_port: 1812,
        hidden: false,
        client_isolation: false,
        radios: ['2_4ghz', '5ghz'],
        enabled: true,
      },
    ]);
  });

  it('adds an acceleration rule for a destination with FEC, refusing one that matches both an application and a subnet', async () => {
    const fetchMock = server({ acceleration: { wan_links: ['wan1'], rules: [] } });
    const { user } = renderPage(accelerationPage);
    await user.click(await screen.findByRole('tab', { name: 'Rules' }));
    await user.click(await screen.findByRole('button', { name: 'Add acceleration rule' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/^Name/), 'dc');
    await user.type(within(dialog).getByLabelText(/^Application/), 'Zoom');
    await user.type(within(dialog).getByLabelText(/^Destination subnet/), '10.20.0.0/16');
    await user.click(within(dialog).getByLabelText('Forward error correction on lossy links'));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Match an application or a destination subnet, one of them')).toBeTruthy();
    expect(sent(fetchMock)).toBeNull();
    await user.clear(within(dialog).getByLabelText(/^Application/));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Acceleration rule added successfully')).toBeTruthy();
    expect(sent(fetchMock)?.section.rules).toEqual([
      {
        id: expect.any(String),
        name: 'dc',
        destination: '10.20.0.0/16',
        window_scaling: true,
        selective_ack: true,
        fec: true,
        fec_overhead_pct: 20,
        duplication: false,
        enabled: true,
      },
    ]);
  });

  it('adds a BGP neighbour with its password typed in a password field', async () => {
    const bgp = {
      asn: 65001,
      router_id: '10.255.0.1',
      neighbours: [],
      networks: [],
      prefix_lists: [],
      route_maps: [],
      redistribute: { connected: false, static: false },
    };
    const fetchMock = server({ bgp });
    const { user } = renderPage(bgpPage);
    await user.click(await screen.findByRole('tab', { name: 'Neighbours' }));
    await user.click(await screen.findByRole('button', { name: 'Add bgp neighbour' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Neighbour address/), '10.255.0.2');
    await user.type(within(dialog).getByLabelText(/Remote AS number/), '65002');
    const password = within(dialog).getByLabelText(/Password \(TCP MD5\)/);
    expect(password.getAttribute('type')).toBe('password');
    await user.type(password, 'md5-key');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('BGP neighbour added successfully')).toBeTruthy();
    expect(sent(fetchMock)?.section.neighbours).toEqual([
      { id: expect.any(String), address: '10.255.0.2', remote_asn: 65002, password: 'md5-key', enabled: true, keepalive_s: 60, hold_s: 180 },
    ]);
  });
});

describe('the IDS/IPS page', () => {
  asEditorOnFamilyPages();
  const listInput = async (label: RegExp) => (await screen.findAllByLabelText(label)).find((e) => e.tagName === 'INPUT')!;

  it('turns detection on for an interface of the gateway, refusing a home network inside another and no interface to inspect first', async () => {
    const fetchMock = server({ ids_ips: undefined });
    const { user } = renderPage(idsIpsPage);
    expect(screen.getByRole('link', { name: 'Intrusion alerts' }).getAttribute('href')).toBe(`/sdwan/device/status/firewallstatus/ids?device=${GW}`);
    await user.click(await screen.findByRole('combobox', { name: /^Mode/ }));
    await user.click(await screen.findByRole('option', { name: /^Detect/ }));
    await user.type(await listInput(/^Home networks/), '192.168.0.0/16{enter}192.168.1.0/24{enter}');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Overlaps 192.168.0.0/16')).toBeTruthy();
    expect(screen.getByText('Pick at least one interface to inspect')).toBeTruthy();
    expect(sent(fetchMock)).toBeNull();
    // The inner network taken out again, the gateway's WAN picked.
    await user.type(await listInput(/^Home networks/), '{backspace}');
    await user.type(await listInput(/^Inspected interfaces/), 'wan1{enter}');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Settings edited successfully')).toBeTruthy();
    expect(sent(fetchMock)?.section).toMatchObject({ mode: 'detect', interfaces: ['wan1'], home_networks: ['192.168.0.0/16'], exceptions: [] });
    expect((sent(fetchMock)?.section.categories as Record<string, string>).malware).toBe('alert');
  });

  it('sets a category to drop, saying that a drop only blocks in prevent mode', async () => {
    const fetchMock = server({ ids_ips: { mode: 'detect', interfaces: ['wan1'], home_networks: [], categories: DEFAULT_CATEGORY_ACTIONS, exceptions: [] } });
    const { user } = renderPage(idsIpsPage);
    await user.click(await screen.findByRole('tab', { name: 'Rule categories' }));
    expect((await screen.findAllByText(/Drop blocks the traffic only in prevent mode/)).length).toBeGreaterThan(0);
    await user.click(screen.getByRole('combobox', { name: /^Malware/ }));
    await user.click(await screen.findByRole('option', { name: 'Drop (prevent mode only)' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Rule categories edited successfully')).toBeTruthy();
    expect(sent(fetchMock)?.section.categories).toEqual({ ...DEFAULT_CATEGORY_ACTIONS, malware: 'drop' });
  });

  it("adds an exception for a signature, refusing what is no address, and shows the server's refusal of one already listed", async () => {
    const ids_ips = {
      mode: 'detect',
      interfaces: ['wan1'],
      home_networks: [],
      categories: DEFAULT_CATEGORY_ACTIONS,
      exceptions: [{ sid: 2044401, address: '192.168.1.50' }],
    };
    const fetchMock = server({ ids_ips }, () =>
      jsonResponse(400, {
        code: 'invalid',
        detail: 'Invalid input.',
        errors: { 'section.exceptions.1.address': ['Exception already listed for this signature'] },
      }),
    );
    const { user } = renderPage(idsIpsPage);
    await user.click(await screen.findByRole('tab', { name: 'Exceptions' }));
    expect(await screen.findByText('ET SCAN Nmap SYN scan')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add exception' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/^Signature id/), '2044401');
    await user.type(within(dialog).getByLabelText(/^Address or network/), 'scanner');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText("An address 'x.x.x.x' or a network 'x.x.x.x/y'")).toBeTruthy();
    expect(sent(fetchMock)).toBeNull();
    await user.clear(within(dialog).getByLabelText(/^Address or network/));
    await user.type(within(dialog).getByLabelText(/^Address or network/), '192.168.1.50');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Exception already listed for this signature')).toBeTruthy();
    expect(sent(fetchMock)?.section.exceptions).toEqual([ids_ips.exceptions[0], { sid: 2044401, address: '192.168.1.50' }]);
  });
});
