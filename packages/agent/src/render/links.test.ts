import { describe, expect, it } from 'vitest';
import { configDocumentSchema } from '@netloom/domain';
import { addressLines, VLAN_ALIAS, vlanLines, type KernelVlan } from './links';
import { nftRuleset } from './nftables';
import { dnsmasqConf } from './dnsmasq';
import { runningDocument } from '../report/drift';
import type { Sample } from '../host/sampler';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const vlan = (n: number, vlanId: number, parent = 'lan0') => ({ id: id(n), parent, vlan_id: vlanId, ip: `10.${vlanId}.0.1`, prefix: 24 });
const doc = (vlans: object[], extra: object = {}) =>
  configDocumentSchema.parse({
    interfaces: {
      lan: [
        { name: 'lan0', ip: '192.168.50.1', prefix: 24, mtu: 9000 },
        { name: 'lan1', ip: '192.168.51.1', prefix: 24 },
      ],
      wan: [{ name: 'wan0', mode: 'static', ip: '198.51.100.2', prefix: 24, gateway: '198.51.100.1' }],
      vlans,
    },
    ...extra,
  });
/** A link as `ip -json -details link` lists it. */
const link = (ifname: string, parent?: string, tag?: number, alias?: string): KernelVlan => ({
  ifname,
  ...(parent ? { link: parent } : {}),
  ...(alias ? { ifalias: alias } : {}),
  ...(tag ? { linkinfo: { info_kind: 'vlan', info_data: { id: tag } } } : {}),
});
const box = [link('lo'), link('lan0'), link('lan1'), link('wan0')];

describe('VLAN links as ip -batch lines', () => {
  it('makes each VLAN on its parent, marked as the agent’s, and addresses it with its parent’s MTU', () => {
    const next = doc([vlan(1, 10), vlan(2, 20, 'lan1')]);
    expect(vlanLines(box, next)).toEqual({
      del: [],
      add: [
        'link add link lan0 name lan0.10 type vlan id 10',
        `link set dev lan0.10 alias ${VLAN_ALIAS}`,
        'link add link lan1 name lan1.20 type vlan id 20',
        `link set dev lan1.20 alias ${VLAN_ALIAS}`,
      ],
    });
    expect(addressLines(next, null)).toEqual({
      del: [],
      set: [
        'link set dev lan0 up mtu 9000',
        'addr replace 192.168.50.1/24 dev lan0',
        'link set dev lan1 up mtu 1500',
        'addr replace 192.168.51.1/24 dev lan1',
        'link set dev lan0.10 up mtu 9000',
        'addr replace 10.10.0.1/24 dev lan0.10',
        'link set dev lan1.20 up mtu 1500',
        'addr replace 10.20.0.1/24 dev lan1.20',
        'link set dev wan0 up mtu 1500',
        'addr replace 198.51.100.2/24 dev wan0',
      ],
    });
  });

  it('leaves a VLAN the box has alone, and makes again one deleted by hand', () => {
    const next = doc([vlan(1, 10), vlan(2, 20)]);
    const have = [...box, link('lan0.10', 'lan0', 10, VLAN_ALIAS)];
    expect(vlanLines(have, next)).toEqual({
      del: [],
      add: ['link add link lan0 name lan0.20 type vlan id 20', `link set dev lan0.20 alias ${VLAN_ALIAS}`],
    });
  });

  it('removes only its own VLANs gone from the document, never a link of the box it did not make', () => {
    const have = [...box, link('lan0.10', 'lan0', 10, VLAN_ALIAS), link('lan0.30', 'lan0', 30, VLAN_ALIAS), link('lan1.99', 'lan1', 99, 'uplink')];
    expect(vlanLines(have, doc([vlan(1, 10)]))).toEqual({ del: ['link del dev lan0.30'], add: [] });
    expect(vlanLines(have, null)).toEqual({ del: ['link del dev lan0.10', 'link del dev lan0.30'], add: [] });
    // The box's own link of a name the document uses is used as it stands.
    expect(vlanLines(have, doc([vlan(3, 99, 'lan1')]))).toEqual({ del: ['link del dev lan0.10', 'link del dev lan0.30'], add: [] });
  });

  it('makes a link of its own again when its tag no longer matches the document', () => {
    const have = [...box, link('lan0.10', 'lan0', 11, VLAN_ALIAS)];
    expect(vlanLines(have, doc([vlan(1, 10)]))).toEqual({
      del: ['link del dev lan0.10'],
      add: ['link add link lan0 name lan0.10 type vlan id 10', `link set dev lan0.10 alias ${VLAN_ALIAS}`],
    });
  });

  it('takes the addresses of a VLAN gone from the document off the box', () => {
    expect(addressLines(doc([]), doc([vlan(1, 10)])).del).toEqual(['addr del 10.10.0.1/24 dev lan0.10']);
  });
});

describe('VLANs in the other families', () => {
  const zones = {
    firewall: {
      zones: [{ id: id(7), name: 'guests', interfaces: ['lan0.10'], input: 'reject', output: 'accept', forward: 'reject', masquerade: false }],
      inbound: [],
      outbound: [],
      ipsets: [],
    },
    services: { dhcp: [{ id: id(8), interface: 'lan0.10', start: '10.10.0.100', end: '10.10.0.200' }] },
  };
  const withVlan = doc([vlan(1, 10)], zones);

  it('names a VLAN in a firewall zone, and serves DHCP on it from its pool', () => {
    expect(nftRuleset(withVlan)).toContain('iifname "lan0.10" counter reject');
    const conf = dnsmasqConf(withVlan, { conf: '/run/x/dnsmasq.conf', leases: '/run/x/leases', pid: '/run/x/pid' })!;
    expect(conf).toContain('interface=lan0.10');
    expect(conf).toContain('dhcp-range=set:pool0,10.10.0.100,10.10.0.200,255.255.255.0,');
  });

  it('reports a VLAN whose link was deleted by hand as drift', () => {
    const sample = (names: string[]) =>
      ({
        links: names.map((ifname) => ({ ifname })),
        addrs: [],
        routes: [],
        rules: [],
        nft: null,
        dnsmasqConf: null,
        dnsmasqRunning: false,
        clock: { zone: null, sources: null, tracking: null },
      }) as unknown as Sample;
    const files = { conf: '', leases: '', pid: '' };
    const plain = doc([vlan(1, 10)]);
    expect(runningDocument(plain, sample(['lan0', 'lan1', 'wan0', 'lan0.10']), files, false).interfaces).toEqual(plain.interfaces);
    expect(runningDocument(plain, sample(['lan0', 'lan1', 'wan0']), files, false).interfaces?.vlans).toEqual([]);
  });
});
