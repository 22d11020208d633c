import { describe, expect, it } from 'vitest';
import type { ConfigDocument } from '@netloom/domain';
import { testBackends } from '../../test/build';
import { familyHarness, itTakesEachFamily, type FamilyCase } from '../../test/family-suite';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const interfaces = { lan: [{ name: 'lan1', ip: '192.168.10.1', prefix: 24 }], wan: [{ name: 'wan1', mode: 'dhcp' }] };

/** One section of each new family, and one with a `{{variable}}` in a text field for a template. */
const FAMILIES = {
  qos: {
    section: {
      interfaces: [{ interface: 'wan1', upload_kbps: 20_000, download_kbps: 100_000 }],
      classes: [{ id: uuid(1), name: 'voice', guaranteed_pct: 30, maximum_pct: 50, priority: 1 }],
      rules: [{ id: uuid(2), name: 'rtp', class: 'voice', dscp: 46 }],
    },
    // A number field holds its variable as text; the device's value renders as the number.
    templated: {
      interfaces: [{ interface: 'wan1', upload_kbps: '{{up_kbps}}', download_kbps: 100_000 }],
      classes: [{ id: uuid(1), name: 'voice', guaranteed_pct: 30, maximum_pct: 50, priority: 1 }],
      rules: [],
    },
    value: { up_kbps: '25000' },
    rendered: (doc: ConfigDocument) => doc.qos?.interfaces[0]?.upload_kbps,
    expected: 25_000,
    bad: {
      classes: [
        { id: uuid(1), name: 'a', guaranteed_pct: 60, maximum_pct: 100, priority: 1 },
        { id: uuid(3), name: 'b', guaranteed_pct: 50, maximum_pct: 100, priority: 2 },
      ],
    },
    badField: 'section.classes.1.guaranteed_pct',
  },
  vrrp: {
    section: { groups: [{ id: uuid(4), interface: 'lan1', vrid: 10, virtual_ip: '192.168.10.254', priority: 150 }] },
    templated: { groups: [{ id: uuid(4), interface: 'lan1', vrid: 10, virtual_ip: '{{vip}}' }] },
    value: { vip: '192.168.10.253' },
    rendered: (doc: ConfigDocument) => doc.vrrp?.groups[0]?.virtual_ip,
    expected: '192.168.10.253',
    bad: { groups: [{ id: uuid(4), interface: 'lan1', vrid: 10, virtual_ip: '192.168.10.1' }] },
    badField: 'section.groups.0.virtual_ip',
  },
  bgp: {
    section: { asn: 65001, router_id: '10.255.0.1', neighbours: [{ id: uuid(5), address: '10.255.0.2', remote_asn: 65002 }], networks: ['192.168.10.0/24'] },
    templated: { asn: 65001, router_id: '{{router_id}}', neighbours: [], networks: [] },
    value: { router_id: '10.255.0.9' },
    rendered: (doc: ConfigDocument) => doc.bgp?.router_id,
    expected: '10.255.0.9',
    bad: { asn: 65001, router_id: '10.255.0.1', neighbours: [{ id: uuid(5), address: '10.255.0.2', remote_asn: 65002, route_map_in: 'nope' }] },
    badField: 'section.neighbours.0.route_map_in',
  },
} satisfies Record<string, FamilyCase>;

describe.each(testBackends('pglite'))('QoS, VRRP and BGP configuration on %s', (backend) => {
  const h = familyHarness(backend);
  itTakesEachFamily(h, FAMILIES, interfaces, 'FAM');

  it("shows a gateway's refusal of a section its model cannot run as failed, with the gateway's words", async () => {
    const { agent, id } = await h.gateway('SN-FAM-LIMIT');
    await h.call('PUT', `device/config/${id}/sections/interfaces/`, { section: interfaces });
    await h.answer(agent);
    await h.call('PUT', `device/config/${id}/sections/vrrp/`, { section: FAMILIES.vrrp.section });
    await h.answer(agent, false, 'vrrp.groups: this gateway runs at most 8 VRRP groups (9 given)');
    expect((await h.state(id)).sync).toMatchObject({ state: 'failed', error: 'vrrp.groups: this gateway runs at most 8 VRRP groups (9 given)' });
  });
});
