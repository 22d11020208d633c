import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { configDocumentSchema } from '../document';
import { checkTemplateSection } from '../effective';
import { interfaces, issues, uuid } from './test-fixtures';

const probe = { target: '1.1.1.1' };
const bond = (n: number, over: Record<string, unknown> = {}) => ({ id: uuid(n), name: `bond${n}`, members: ['wan1', 'wan2'], probe, ...over });
const ipsec = {
  tunnels: [
    {
      id: uuid(50),
      name: 'to-hq',
      local_interface: 'wan2',
      remote: '198.51.100.7',
      local_subnets: ['192.168.1.0/24'],
      remote_subnets: ['10.0.0.0/16'],
      psk: 'secret-key-1',
    },
  ],
};

describe('Link Bonding family', () => {
  it('accepts an internet bond and a VPN bond to an IPsec tunnel, and fills defaults', () => {
    const twoMore = { ...interfaces, wan: [...interfaces.wan, { name: 'wan3', mode: 'dhcp' }, { name: 'wan4', mode: 'dhcp' }] };
    const link_bonding = { internet: [bond(1)], vpn: [bond(2, { members: ['wan3', 'wan4'], peer: 'to-hq', mode: 'broadcast' })] };
    expect(issues({ interfaces: twoMore, ipsec, link_bonding })).toEqual([]);
    expect(configDocumentSchema.parse({ interfaces: twoMore, ipsec, link_bonding }).link_bonding?.internet[0]).toMatchObject({
      mode: 'balance-flow',
      enabled: true,
      probe: { target: '1.1.1.1', interval_s: 5, failures: 3 },
    });
  });

  it('refuses a bond of one link, a link listed twice, a name used twice and out of range probes', () => {
    const link_bonding = {
      internet: [
        bond(1, { members: ['wan1'] }),
        bond(2, { name: 'bond1', members: ['wan2', 'wan2'], probe: { target: '1.1.1.1', interval_s: 0, failures: 11 } }),
      ],
    };
    expect(issues({ interfaces, link_bonding })).toEqual([
      'link_bonding.internet.0.members: A bond has at least two members',
      'link_bonding.internet.1.probe.interval_s: Too small: expected number to be >=1',
      'link_bonding.internet.1.probe.failures: Too big: expected number to be <=10',
      'link_bonding.internet.1.members.1: Interface already listed',
      'link_bonding.internet.1.name: Bond name already used',
    ]);
  });

  it('puts a link in one bond only, whichever tab holds the bonds (VPN bonds are read first)', () => {
    const link_bonding = { internet: [bond(1)], vpn: [bond(2, { members: ['wan2', 'wan1'], peer: 'to-hq' })] };
    expect(issues({ interfaces, ipsec, link_bonding })).toEqual([
      'link_bonding.internet.0.members.0: Already in bond bond2',
      'link_bonding.internet.0.members.1: Already in bond bond2',
    ]);
  });

  it('bonds WAN links of the document and VPN peers that exist', () => {
    const link_bonding = { vpn: [bond(1, { members: ['wan1', 'lan1'], peer: 'to-branch' })] };
    expect(issues({ interfaces, ipsec, link_bonding })).toEqual([
      'link_bonding.vpn.0.members.1: Not a WAN interface of this configuration',
      'link_bonding.vpn.0.peer: No such VPN peer: an IPsec tunnel, an Auto VPN or a mesh gateway',
    ]);
    const autoVpn = { auto_vpn: { enabled: true, topology: 'full-mesh', peers: [{ device_id: uuid(60), name: 'branch-7', role: 'spoke', subnets: [] }] } };
    expect(issues({ interfaces, ipsec: autoVpn, link_bonding: { vpn: [bond(1, { peer: 'branch-7' })] } })).toEqual([]);
    const mesh = { subnets: ['192.168.1.0/24'], peers: [{ device_id: uuid(61), name: 'branch-8', role: 'hub', subnets: [] }] };
    expect(issues({ interfaces, overlay_mesh: mesh, link_bonding: { vpn: [bond(1, { peer: 'branch-8' })] } })).toEqual([]);
  });

  it('flags a member exactly when an earlier bond already holds it', () => {
    const wans = ['wan1', 'wan2', 'wan3', 'wan4'];
    const doc = { ...interfaces, wan: wans.map((name) => ({ name, mode: 'dhcp' })) };
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.constantFrom(...wans), { minLength: 2, maxLength: 4 }),
        fc.uniqueArray(fc.constantFrom(...wans), { minLength: 2, maxLength: 4 }),
        (a, b) => {
          const found = issues({ interfaces: doc, link_bonding: { internet: [bond(1, { members: a }), bond(2, { members: b })] } });
          expect(found).toEqual(b.flatMap((m, k) => (a.includes(m) ? [`link_bonding.internet.1.members.${k}: Already in bond bond1`] : [])));
        },
      ),
    );
  });

  it('lets a template hold variables in its text fields', () => {
    const section = { internet: [bond(1, { members: ['{{wan_a}}', '{{wan_b}}'], probe: { target: '{{probe}}' } })] };
    expect(checkTemplateSection('link_bonding', section)).toEqual([]);
    expect(checkTemplateSection('link_bonding', { internet: [bond(1, { mode: 'fastest' })] }).map((i) => i.path.join('.'))).toEqual(['internet.0.mode']);
  });
});
