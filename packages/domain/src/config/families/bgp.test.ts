import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { configDocumentSchema } from '../document';
import { checkTemplateSection } from '../effective';
import { issues, uuid } from './test-fixtures';

const neighbour = (n: number, over: Record<string, unknown> = {}) => ({ id: uuid(n), address: `10.0.0.${n}`, remote_asn: 65000 + n, ...over });
const list = (n: number, name: string, entries: Record<string, unknown>[]) => ({ id: uuid(200 + n), name, entries });
const map = (n: number, name: string, entries: Record<string, unknown>[]) => ({ id: uuid(300 + n), name, entries });
const bgp = (over: Record<string, unknown> = {}) => ({ asn: 65001, router_id: '10.255.0.1', ...over });

describe('BGP family', () => {
  it('accepts a speaker with neighbours, networks, prefix lists and route maps, and fills defaults', () => {
    const section = bgp({
      neighbours: [
        neighbour(1, { description: 'ISP', prefix_list_in: 'from-isp', route_map_out: 'prepend' }),
        neighbour(2, { keepalive_s: 10, hold_s: 30, ebgp_multihop: 2, enabled: false }),
        neighbour(3, { keepalive_s: 30, hold_s: 0 }),
      ],
      networks: ['192.168.1.0/24', '10.10.0.0/16'],
      prefix_lists: [
        list(1, 'from-isp', [
          { seq: 5, action: 'permit', prefix: '0.0.0.0/0' },
          { seq: 10, action: 'deny', prefix: '10.0.0.0/8', ge: 8, le: 32 },
        ]),
      ],
      route_maps: [map(1, 'prepend', [{ seq: 10, action: 'permit', match_prefix_list: 'from-isp', set_as_path_prepend: 2, set_med: 50, set_local_pref: 200 }])],
      redistribute: { connected: true },
    });
    expect(issues({ bgp: section })).toEqual([]);
    const doc = configDocumentSchema.parse({ bgp: section });
    expect(doc.bgp?.neighbours[0]).toMatchObject({ enabled: true, keepalive_s: 60, hold_s: 180 });
    expect(doc.bgp?.redistribute).toEqual({ connected: true, static: false });
  });

  it('refuses numbers out of range: the ASN, the router id, timers, multihop', () => {
    expect(issues({ bgp: bgp({ asn: 0, router_id: '10.0.0' }) })).toEqual([
      'bgp.asn: Too small: expected number to be >=1',
      expect.stringMatching(/^bgp\.router_id: /),
    ]);
    expect(issues({ bgp: bgp({ asn: 4_294_967_296 }) })).toEqual(['bgp.asn: Too big: expected number to be <=4294967295']);
    expect(issues({ bgp: bgp({ neighbours: [neighbour(1, { keepalive_s: 60, hold_s: 179 }), neighbour(2, { ebgp_multihop: 256 })] }) })).toEqual([
      'bgp.neighbours.0.hold_s: Hold time is 0 or at least 3 × the keepalive',
      'bgp.neighbours.1.ebgp_multihop: Too big: expected number to be <=255',
    ]);
  });

  it('flags a neighbour, a network, a list or a map twice, and a neighbour that is the speaker itself', () => {
    const section = bgp({
      neighbours: [neighbour(1), neighbour(2, { address: '10.0.0.1' }), neighbour(3, { address: '10.255.0.1' })],
      networks: ['10.1.0.0/16', '10.1.0.0/16'],
      prefix_lists: [
        list(1, 'a', [
          { seq: 5, action: 'permit', prefix: '10.0.0.0/8' },
          { seq: 5, action: 'deny', prefix: '0.0.0.0/0' },
        ]),
        list(2, 'a', [{ seq: 1, action: 'permit', prefix: '0.0.0.0/0' }]),
      ],
      route_maps: [map(1, 'm', [{ seq: 1, action: 'permit' }]), map(2, 'm', [{ seq: 1, action: 'deny' }])],
    });
    expect(issues({ bgp: section })).toEqual([
      'bgp.prefix_lists.0.entries.1.seq: Sequence number already used',
      'bgp.neighbours.1.address: Neighbour already configured',
      'bgp.networks.1: Network already announced',
      'bgp.prefix_lists.1.name: Prefix list name already used',
      'bgp.route_maps.1.name: Route map name already used',
      'bgp.neighbours.2.address: The router id of this speaker itself',
    ]);
  });

  it('checks ge and le against the prefix: its length ≤ ge ≤ le ≤ 32', () => {
    const entry = (over: Record<string, unknown>) => bgp({ prefix_lists: [list(1, 'l', [{ seq: 1, action: 'permit', prefix: '10.0.0.0/16', ...over }])] });
    expect(issues({ bgp: entry({ ge: 16, le: 24 }) })).toEqual([]);
    expect(issues({ bgp: entry({ ge: 8 }) })).toEqual(['bgp.prefix_lists.0.entries.0.ge: At least the length of the prefix']);
    expect(issues({ bgp: entry({ le: 12 }) })).toEqual(['bgp.prefix_lists.0.entries.0.le: At least the length of the prefix']);
    expect(issues({ bgp: entry({ ge: 24, le: 20 }) })).toEqual(['bgp.prefix_lists.0.entries.0.le: At least ge']);
    expect(issues({ bgp: entry({ le: 33 }) })).toEqual(['bgp.prefix_lists.0.entries.0.le: Too big: expected number to be <=32']);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 32 }), fc.integer({ min: 0, max: 32 }), fc.integer({ min: 0, max: 32 }), (len, ge, le) => {
        const prefix = len === 0 ? '0.0.0.0/0' : `0.0.0.0/${len}`;
        const ok = issues({ bgp: bgp({ prefix_lists: [list(1, 'l', [{ seq: 1, action: 'permit', prefix, ge, le }])] }) }).length === 0;
        expect(ok).toBe(len <= ge && ge <= le);
      }),
    );
  });

  it('filters with prefix lists and route maps that exist, and only those', () => {
    fc.assert(
      fc.property(fc.subarray(['a', 'b', 'c']), fc.constantFrom('a', 'b', 'c'), fc.constantFrom('a', 'b', 'c'), (names, wantedList, wantedMap) => {
        const section = bgp({
          prefix_lists: names.map((name, i) => list(i, name, [{ seq: 1, action: 'permit', prefix: '0.0.0.0/0' }])),
          route_maps: names.map((name, i) => map(i, name, [{ seq: 1, action: 'permit' }])),
          neighbours: [neighbour(1, { prefix_list_out: wantedList, route_map_in: wantedMap })],
        });
        const expected = [
          ...(names.includes(wantedList) ? [] : ['bgp.neighbours.0.prefix_list_out: No such prefix list']),
          ...(names.includes(wantedMap) ? [] : ['bgp.neighbours.0.route_map_in: No such route map']),
        ];
        expect(issues({ bgp: section })).toEqual(expected);
      }),
    );
    expect(issues({ bgp: bgp({ route_maps: [map(1, 'm', [{ seq: 1, action: 'permit', match_prefix_list: 'nope' }])] }) })).toEqual([
      'bgp.route_maps.0.entries.0.match_prefix_list: No such prefix list',
    ]);
  });

  it('says what an entry is when a list holds something else', () => {
    const section = bgp({
      prefix_lists: [list(1, 'l', ['10 permit everything' as unknown as Record<string, unknown>])],
      route_maps: [map(1, 'm', ['10 allow' as unknown as Record<string, unknown>])],
    });
    expect(issues({ bgp: section })).toEqual([
      'bgp.prefix_lists.0.entries.0: Not an entry: a sequence number, permit or deny, a prefix, then ge and le if wanted',
      'bgp.route_maps.0.entries.0: Not an entry: a sequence number, permit or deny, then match, local-pref, med or prepend if wanted',
    ]);
  });

  it('lets a template hold variables in its text fields', () => {
    const section = bgp({
      router_id: '{{router_id}}',
      neighbours: [neighbour(1, { address: '{{isp_peer}}', description: 'ISP {{site}}' })],
      networks: ['{{lan_net}}'],
    });
    expect(checkTemplateSection('bgp', section)).toEqual([]);
    expect(checkTemplateSection('bgp', { ...section, router_id: 'x' }).map((i) => i.path.join('.'))).toEqual(['router_id']);
  });
});
