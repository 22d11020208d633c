import { describe, expect, it } from 'vitest';
import { configDocumentSchema } from './document';

const lan = (name: string, ip: string, prefix = 24, vlans: { id: number; ip: string; prefix: number }[] = []) => ({ name, ip, prefix, vlans });
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
      interfaces: { lan: [lan('lan1', '192.168.1.1', 24, [{ id: 10, ip: '192.168.10.1', prefix: 24 }])], wan: [{ name: 'wan1', mode: 'dhcp' }] },
      static_routes: [route(), route({ id: '00000000-0000-4000-8000-000000000002', gateway: '192.168.10.9', interface: 'lan1.10' })],
    });
    expect(doc.interfaces?.lan[0]?.mtu).toBe(1500);
    expect(doc.static_routes?.[0]).toMatchObject({ metric: 0, enabled: true });
    expect(configDocumentSchema.parse({})).toEqual({});
  });

  it('refuses a destination with host bits, a bad gateway and unknown keys, at their paths', () => {
    expect(issues({ static_routes: [route({ destination: '10.20.1.0/16' })] })).toEqual([
      "static_routes.0.destination: Format 'x.x.x.x/y',where x is in the range 0-255 and y in the range 1-32",
    ]);
    expect(issues({ static_routes: [route({ gateway: '192.168.1.256' })] })).toEqual(["static_routes.0.gateway: Should be in the format 'x.x.x.x'"]);
    expect(issues({ firewall: {} })[0]).toMatch(/firewall|Unrecognized/);
  });

  it('refuses a VLAN id twice on one interface and a name used twice', () => {
    const vlans = [
      { id: 10, ip: '10.1.10.1', prefix: 24 },
      { id: 10, ip: '10.1.11.1', prefix: 24 },
    ];
    expect(issues({ interfaces: { lan: [lan('lan1', '10.1.1.1', 24, vlans)], wan: [] } })).toContain(
      'interfaces.lan.0.vlans.1.id: VLAN id already used on this interface',
    );
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
