import { describe, expect, it } from 'vitest';
import { configDocumentSchema } from './document';

const lan = (name: string, ip: string, prefix = 24) => ({ name, ip, prefix });
const vlan = (parent: string, vlan_id: number, ip: string, n = 1) => ({
  id: `00000000-0000-4000-8000-1000000000${String(n).padStart(2, '0')}`,
  parent,
  vlan_id,
  ip,
  prefix: 24,
});
const route = (over: Record<string, unknown> = {}) => ({
  id: '00000000-0000-4000-8000-000000000001',
  name: 'to-branch',
  destination: '10.20.0.0/16',
  gateway: '192.168.1.254',
  ...over,
});
/** The paths of the issues a document gets, joined with dots. */
const issues = (doc: unknown) => {
  const r = configDocumentSchema.safeParse(doc);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('configuration document', () => {
  it('accepts interfaces, VLANs and routes that fit together, and fills defaults', () => {
    const doc = configDocumentSchema.parse({
      interfaces: { lan: [lan('lan1', '192.168.1.1')], wan: [{ name: 'wan1', mode: 'dhcp' }], vlans: [vlan('lan1', 10, '192.168.10.1')] },
      static_routes: [route(), route({ id: '00000000-0000-4000-8000-000000000002', gateway: '192.168.10.9', interface: 'lan1.10', metric: 10 })],
    });
    expect(doc.interfaces?.lan[0]?.mtu).toBe(1500);
    expect(configDocumentSchema.parse({ interfaces: {} }).interfaces).toEqual({ lan: [], wan: [], vlans: [] });
    expect(doc.static_routes?.[0]).toMatchObject({ metric: 0, enabled: true });
    expect(configDocumentSchema.parse({})).toEqual({});
  });

  it('refuses a second enabled route to the same destination with the same metric, at the copy', () => {
    const second = { id: '00000000-0000-4000-8000-000000000002', name: 'again' };
    expect(issues({ static_routes: [route(), route(second)] })).toEqual([
      'static_routes.1.destination: A route to this destination with this metric already exists',
    ]);
    expect(issues({ static_routes: [route(), route({ ...second, metric: 20 })] })).toEqual([]);
    expect(issues({ static_routes: [route(), route({ ...second, enabled: false })] })).toEqual([]);
  });

  it('refuses a destination with host bits, a bad gateway and unknown keys, at their paths', () => {
    expect(issues({ static_routes: [route({ destination: '10.20.1.0/16' })] })).toEqual([
      "static_routes.0.destination: Format 'x.x.x.x/y',where x is in the range 0-255 and y in the range 1-32",
    ]);
    expect(issues({ static_routes: [route({ gateway: '192.168.1.256' })] })).toEqual(["static_routes.0.gateway: Should be in the format 'x.x.x.x'"]);
    expect(issues({ wifi: {} })).toEqual([': Unrecognized key: "wifi"']);
    expect(issues({ interfaces: { lan: [{ ...lan('lan1', '10.1.1.1'), vlans: [] }] } })).toEqual(['interfaces.lan.0: Unrecognized key: "vlans"']);
  });

  it('refuses a VLAN id twice on one interface, a VLAN on no LAN interface and a name used twice', () => {
    const lans = [lan('lan1', '10.1.1.1'), lan('lan2', '10.2.1.1')];
    const vlans = [vlan('lan1', 10, '10.1.10.1', 1), vlan('lan1', 10, '10.1.11.1', 2), vlan('lan2', 10, '10.2.10.1', 3)];
    expect(issues({ interfaces: { lan: lans, wan: [], vlans } })).toEqual(['interfaces.vlans.1.vlan_id: VLAN id already used on this interface']);
    expect(
      issues({ interfaces: { lan: lans, wan: [{ name: 'wan1', mode: 'dhcp' }], vlans: [vlan('wan1', 20, '10.9.0.1'), vlan('lan9', 20, '10.8.0.1', 2)] } }),
    ).toEqual(['interfaces.vlans.0.parent: Not a LAN interface of this configuration', 'interfaces.vlans.1.parent: Not a LAN interface of this configuration']);
    expect(issues({ interfaces: { lan: [lan('lan1', '10.1.1.1')], wan: [], vlans: [{ ...vlan('lan1', 4095, '10.1.2.1'), id: 'x' }] } })).toEqual([
      'interfaces.vlans.0.id: Invalid UUID',
      'interfaces.vlans.0.vlan_id: Too big: expected number to be <=4094',
    ]);
    expect(issues({ interfaces: { lan: [lan('lan1', '10.1.1.1')], wan: [{ name: 'lan1', mode: 'dhcp' }] } })).toContain(
      'interfaces.wan.0.name: Interface name already used',
    );
  });

  it('asks a static WAN for its address and gateway, and PPPoE for its login', () => {
    expect(issues({ interfaces: { lan: [], wan: [{ name: 'wan1', mode: 'static' }] } })).toEqual([
      'interfaces.wan.0.ip: Field is required',
      'interfaces.wan.0.prefix: Field is required',
      'interfaces.wan.0.gateway: Field is required',
    ]);
    expect(issues({ interfaces: { lan: [], wan: [{ name: 'wan1', mode: 'pppoe', username: 'isp' }] } })).toEqual([
      'interfaces.wan.0.password: Field is required',
    ]);
  });

  it('refuses overlapping LAN subnets, a route to a missing interface and an unreachable gateway', () => {
    const interfaces = { lan: [lan('lan1', '192.168.1.1', 24), lan('lan2', '192.168.1.129', 25)], wan: [] };
    expect(issues({ interfaces })).toEqual(['interfaces.lan.1.ip: Subnet overlaps lan1']);
    // A VLAN is a subnet of the device like any LAN, named <parent>.<vlan_id>.
    const withVlan = { lan: [lan('lan1', '192.168.1.1')], wan: [], vlans: [vlan('lan1', 10, '192.168.1.200')] };
    expect(issues({ interfaces: withVlan })).toEqual(['interfaces.vlans.0.ip: Subnet overlaps lan1']);
    const one = { lan: [lan('lan1', '192.168.1.1')], wan: [] };
    expect(issues({ interfaces: one, static_routes: [route({ interface: 'lan9' })] })).toEqual([
      'static_routes.0.interface: No such interface in this configuration',
      'static_routes.0.gateway: Gateway is not on a subnet of this device',
    ]);
    expect(issues({ interfaces: one, static_routes: [route({ gateway: '172.16.0.1' })] })).toEqual([
      'static_routes.0.gateway: Gateway is not on a subnet of this device',
    ]);
    // Behind a DHCP WAN any next hop may be reachable; without interfaces there is nothing to check against.
    expect(issues({ interfaces: { lan: one.lan, wan: [{ name: 'wan1', mode: 'dhcp' }] }, static_routes: [route({ gateway: '172.16.0.1' })] })).toEqual([]);
    expect(issues({ static_routes: [route({ gateway: '172.16.0.1' })] })).toEqual([]);
  });
});
