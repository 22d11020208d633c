import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { applyRouteMap, filterForNeighbour, prefixListPermits, type BgpPolicyRoute } from './bgp-policy';
import type { PrefixList, RouteMap } from './families/bgp';

const list = (name: string, entries: PrefixList['entries']): PrefixList => ({ id: name, name, entries });
const route = (prefix: string): BgpPolicyRoute => ({ prefix, local_pref: 100, med: 0, as_path: [65002] });

describe('BGP policy', () => {
  it('reads a prefix list in sequence order, exact prefix unless ge or le, implicit deny at the end', () => {
    const l = list('l', [
      { seq: 20, action: 'permit', prefix: '10.0.0.0/8', le: 24 },
      { seq: 10, action: 'deny', prefix: '10.9.0.0/16' },
      { seq: 30, action: 'permit', prefix: '0.0.0.0/0' },
    ]);
    expect(prefixListPermits(l, '10.9.0.0/16')).toBe(false);
    expect(prefixListPermits(l, '10.9.1.0/24')).toBe(true);
    expect(prefixListPermits(l, '10.1.2.0/25')).toBe(false);
    expect(prefixListPermits(l, '0.0.0.0/0')).toBe(true);
    expect(prefixListPermits(l, '192.168.0.0/16')).toBe(false);
  });

  it('permits a prefix with ge/le exactly when it is inside and its length is in range', () => {
    fc.assert(
      fc.property(fc.integer({ min: 8, max: 32 }), fc.integer({ min: 8, max: 32 }), fc.integer({ min: 8, max: 32 }), (len, ge, le) => {
        fc.pre(ge <= le);
        const l = list('l', [{ seq: 1, action: 'permit', prefix: '10.0.0.0/8', ge, le }]);
        expect(prefixListPermits(l, `10.0.0.0/${len}`)).toBe(len >= ge && len <= le);
        expect(prefixListPermits(l, `11.0.0.0/${len}`)).toBe(false);
      }),
    );
  });

  it('sets attributes on a permit, drops on a deny or when nothing matches', () => {
    const lists = [list('default', [{ seq: 5, action: 'permit', prefix: '0.0.0.0/0' }])];
    const map: Pick<RouteMap, 'entries'> = {
      entries: [
        { seq: 20, action: 'permit', set_med: 7 },
        { seq: 10, action: 'permit', match_prefix_list: 'default', set_local_pref: 300, set_as_path_prepend: 2 },
      ],
    };
    expect(applyRouteMap(map, lists, route('0.0.0.0/0'), 65001)).toEqual({ prefix: '0.0.0.0/0', local_pref: 300, med: 0, as_path: [65001, 65001, 65002] });
    expect(applyRouteMap(map, lists, route('10.0.0.0/8'), 65001)).toEqual({ ...route('10.0.0.0/8'), med: 7 });
    expect(applyRouteMap({ entries: [{ seq: 1, action: 'deny' }] }, lists, route('10.0.0.0/8'), 65001)).toBeNull();
    expect(applyRouteMap({ entries: [{ seq: 1, action: 'permit', match_prefix_list: 'default' }] }, lists, route('10.0.0.0/8'), 65001)).toBeNull();
  });

  it('filters a neighbour by its prefix list then its route map; without either all passes', () => {
    const section = { asn: 65001, prefix_lists: [list('only10', [{ seq: 1, action: 'permit' as const, prefix: '10.0.0.0/8', le: 32 }])], route_maps: [] };
    const routes = [route('10.1.0.0/16'), route('192.168.0.0/24')];
    expect(filterForNeighbour(section, {}, routes)).toEqual(routes);
    expect(filterForNeighbour(section, { prefix_list: 'only10' }, routes).map((r) => r.prefix)).toEqual(['10.1.0.0/16']);
    expect(filterForNeighbour(section, { route_map: 'missing' }, routes)).toEqual([]);
  });
});
