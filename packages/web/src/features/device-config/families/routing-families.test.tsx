import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { jsonResponse } from '@/test/query-wrapper';
import { asEditorOnFamilyPages, GW, id, renderPage, sent, server } from '@/test/family-page';
import { bgpPage } from './bgp';
import { qosPage } from './qos';
import { vrrpPage } from './vrrp';

describe('the QoS, VRRP and BGP pages', () => {
  asEditorOnFamilyPages();

  it('adds a QoS class, shows the server refusing a guarantee past 100 % under that field, and links to the class counters', async () => {
    const qos = { interfaces: [], classes: [{ id: id(1), name: 'voice', guaranteed_pct: 80, maximum_pct: 100, priority: 1 }], rules: [] };
    const fetchMock = server({ qos }, () =>
      jsonResponse(400, {
        code: 'invalid',
        detail: 'Invalid input.',
        errors: { 'section.classes.1.guaranteed_pct': ['Guaranteed shares add up to 110 %, above 100 %'] },
      }),
    );
    const { user } = renderPage(qosPage);
    await user.click(await screen.findByRole('tab', { name: 'Classes' }));
    expect(await screen.findByText('voice')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'QoS class counters' }).getAttribute('href')).toBe(`/sdwan/device/status/sdwanstatus/qos?device=${GW}`);
    await user.click(screen.getByRole('button', { name: 'Add class' }));
    await user.type(screen.getByLabelText(/^Name/), 'video');
    const guaranteed = screen.getByLabelText(/Guaranteed share/);
    await user.clear(guaranteed);
    await user.type(guaranteed, '30');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Guaranteed shares add up to 110 %, above 100 %')).toBeTruthy();
    expect(sent(fetchMock)?.section.classes).toEqual([
      qos.classes[0],
      { id: expect.any(String), name: 'video', guaranteed_pct: 30, maximum_pct: 100, priority: 4 },
    ]);
  });

  it('writes a prefix list as router lines and saves them as entries; a line out of range is refused before anything is sent', async () => {
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
    await user.click(await screen.findByRole('tab', { name: 'Prefix lists' }));
    await user.click(await screen.findByRole('button', { name: 'Add prefix list' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/^Name/), 'from-isp');
    const entries = within(dialog).getByPlaceholderText('10 permit 10.0.0.0/8 le 24');
    await user.type(entries, '10 permit 10.0.0.0/8 ge 4{enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('At least the length of the prefix')).toBeTruthy();
    expect(sent(fetchMock)).toBeNull();
    // Backspace in the empty input takes the last line off, as in any tags input.
    await user.type(entries, '{backspace}permit everything{enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Not an entry: a sequence number, permit or deny, a prefix, then ge and le if wanted')).toBeTruthy();
    expect(sent(fetchMock)).toBeNull();
    await user.type(entries, '{backspace}10 permit 10.0.0.0/8 le 24{enter}20 deny 0.0.0.0/0{enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Prefix list added successfully')).toBeTruthy();
    expect(sent(fetchMock)?.section.prefix_lists).toEqual([
      {
        id: expect.any(String),
        name: 'from-isp',
        entries: [
          { seq: 10, action: 'permit', prefix: '10.0.0.0/8', le: 24 },
          { seq: 20, action: 'deny', prefix: '0.0.0.0/0' },
        ],
      },
    ]);
    expect(await screen.findByText('10 permit 10.0.0.0/8 le 24 · 20 deny 0.0.0.0/0')).toBeTruthy();
  });

  it("sets up a gateway's BGP speaker from nothing: its AS, router id, networks and what it redistributes", async () => {
    const fetchMock = server({ bgp: undefined });
    const { user } = renderPage(bgpPage);
    await user.type(await screen.findByLabelText(/Local AS number/), '65001');
    await user.type(screen.getByLabelText(/Router id/), '10.255.0.1');
    await user.type(screen.getByPlaceholderText('x.x.x.x/y'), '192.168.1.0/24{enter}');
    await user.click(screen.getByLabelText('Redistribute connected networks'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Speaker edited successfully')).toBeTruthy();
    expect(sent(fetchMock)).toEqual({
      url: expect.stringContaining(`/device/config/${GW}/sections/bgp/`),
      section: {
        asn: 65001,
        router_id: '10.255.0.1',
        networks: ['192.168.1.0/24'],
        redistribute: { connected: true, static: false },
        neighbours: [],
        prefix_lists: [],
        route_maps: [],
      },
    });
    expect(screen.getByRole('link', { name: 'BGP status' }).getAttribute('href')).toBe(`/sdwan/device/status/bgp?device=${GW}`);
  });

  it('adds a VRRP group on a LAN, tracking a WAN by a line', async () => {
    const fetchMock = server({ vrrp: { groups: [] } });
    const { user } = renderPage(vrrpPage);
    await user.click(await screen.findByRole('button', { name: 'Add vrrp group' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('combobox', { name: /LAN interface/ }));
    await user.click(await screen.findByRole('option', { name: 'lan1' }));
    await user.type(within(dialog).getByLabelText(/Virtual router id/), '7');
    await user.type(within(dialog).getByLabelText(/Virtual IP/), '192.168.1.254');
    await user.type(within(dialog).getByPlaceholderText('wan1 -20'), 'wan1 -60{enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('VRRP group added successfully')).toBeTruthy();
    expect(sent(fetchMock)?.section).toEqual({
      groups: [
        {
          id: expect.any(String),
          interface: 'lan1',
          vrid: 7,
          virtual_ip: '192.168.1.254',
          priority: 100,
          preempt: true,
          advert_interval_s: 1,
          track: [{ interface: 'wan1', decrement: 60 }],
          enabled: true,
        },
      ],
    });
  });
});
