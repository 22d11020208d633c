import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { configDocumentSchema } from '../document';
import { checkTemplateSection } from '../effective';
import { overlaps, subnetOfCidr, within } from '../subnets';
import { overlayMeshSectionSchema } from './overlay-mesh';

const issuesOf = (value: unknown) => {
  const r = overlayMeshSectionSchema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};
const docIssues = (doc: unknown) => {
  const r = configDocumentSchema.safeParse(doc);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};
const interfaces = {
  lan: [{ name: 'lan1', ip: '192.168.1.1', prefix: 24 }],
  wan: [{ name: 'wan1', mode: 'dhcp' }],
  vlans: [{ id: '00000000-0000-4000-8000-000000000001', parent: 'lan1', vlan_id: 20, ip: '10.20.0.1', prefix: 16 }],
};

/** A network address a.b.c.d/n with no host bit set, from any four octets and a prefix. */
const cidrArb = fc.tuple(fc.integer({ min: 0, max: 0xffffffff }), fc.integer({ min: 8, max: 30 })).map(([n, prefix]) => {
  const net = (n >>> (32 - prefix)) << (32 - prefix);
  return `${[24, 16, 8, 0].map((s) => (net >>> s) & 255).join('.')}/${prefix}`;
});

describe('overlay mesh section', () => {
  it('is on, hub-and-spoke and a spoke unless said otherwise, and starts with no peers', () => {
    expect(overlayMeshSectionSchema.parse({ subnets: ['192.168.1.0/24'] })).toEqual({
      enabled: true,
      topology: 'hub-and-spoke',
      role: 'spoke',
      subnets: ['192.168.1.0/24'],
      peers: [],
    });
  });

  it('refuses a subnet advertised twice, or one inside another, at the later one', () => {
    expect(issuesOf({ subnets: ['192.168.1.0/24', '192.168.1.0/24'] })).toEqual(['subnets.1: Subnet already advertised']);
    expect(issuesOf({ subnets: ['10.20.0.0/16', '10.20.4.0/24'] })).toEqual(['subnets.1: Overlaps a subnet advertised above']);
  });

  it('refuses what is not a network address, with the message of the field', () => {
    expect(issuesOf({ subnets: ['192.168.1.5/24'] })).toHaveLength(1);
    expect(issuesOf({ subnets: ['192.168.1.5/24'] })[0]).toMatch(/^subnets\.0: /);
  });

  it('needs a subnet to advertise while on, and nothing while off', () => {
    expect(issuesOf({ subnets: [] })).toEqual(['subnets: Advertise at least one LAN subnet, or turn the mesh off']);
    expect(issuesOf({ enabled: false })).toEqual([]);
  });

  it('refuses a topology or role it does not know, and a typed peer that is not whole', () => {
    expect(issuesOf({ subnets: ['192.168.1.0/24'], topology: 'ring' })[0]).toMatch(/^topology: /);
    expect(issuesOf({ subnets: ['192.168.1.0/24'], role: 'leaf' })[0]).toMatch(/^role: /);
    expect(issuesOf({ subnets: ['192.168.1.0/24'], peers: [{ name: 'x' }] }).length).toBeGreaterThan(0);
  });

  it('takes a template variable for a subnet, checked once a device renders it', () => {
    expect(checkTemplateSection('overlay_mesh', { subnets: ['{{lan_subnet}}'] })).toEqual([]);
    expect(checkTemplateSection('overlay_mesh', { subnets: ['{{lan_subnet}}', '10.0.0.0/8', '10.1.0.0/16'] })).toEqual([
      { path: ['subnets', 2], message: 'Overlaps a subnet advertised above' },
    ]);
  });

  it('flags exactly the subnets that overlap an earlier one (property)', () => {
    fc.assert(
      fc.property(fc.array(cidrArb, { maxLength: 8 }), (subnets) => {
        const flagged = new Set((overlayMeshSectionSchema.safeParse({ subnets }).error?.issues ?? []).filter((i) => i.path.length === 2).map((i) => i.path[1]));
        subnets.forEach((s, i) => {
          const clash = subnets.slice(0, i).some((e) => overlaps(subnetOfCidr(e), subnetOfCidr(s)));
          expect(flagged.has(i)).toBe(clash);
        });
      }),
    );
  });
});

describe('overlay mesh in a document', () => {
  it('advertises only subnets of its LAN interfaces and VLANs', () => {
    expect(docIssues({ interfaces, overlay_mesh: { subnets: ['192.168.1.0/24', '10.20.8.0/24'] } })).toEqual([]);
    expect(docIssues({ interfaces, overlay_mesh: { subnets: ['172.16.0.0/24', '192.168.0.0/16'] } })).toEqual([
      'overlay_mesh.subnets.0: Not a subnet of a LAN interface of this device',
      'overlay_mesh.subnets.1: Not a subnet of a LAN interface of this device',
    ]);
  });

  it('with no interfaces, has nothing to advertise', () => {
    expect(docIssues({ overlay_mesh: { subnets: ['192.168.1.0/24'] } })).toEqual(['overlay_mesh.subnets.0: Not a subnet of a LAN interface of this device']);
  });

  it('refuses a subnet exactly when no LAN or VLAN holds all of it (property)', () => {
    const lans = [subnetOfCidr('192.168.1.0/24'), subnetOfCidr('10.20.0.0/16')];
    fc.assert(
      fc.property(fc.oneof(cidrArb, fc.constantFrom('192.168.1.0/25', '192.168.1.128/26', '10.20.255.0/24', '10.20.0.0/15')), (subnet) => {
        const refused = docIssues({ interfaces, overlay_mesh: { subnets: [subnet] } }).length > 0;
        expect(refused).toBe(!lans.some((l) => within(subnetOfCidr(subnet), l)));
      }),
    );
  });
});
