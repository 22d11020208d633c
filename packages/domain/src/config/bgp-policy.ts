import type { BgpSection, PrefixList, RouteMap } from './families/bgp';
import { subnetOfCidr, within } from './subnets';

/** A route as BGP policy sees it: a prefix and the attributes a route map may set. */
export interface BgpPolicyRoute {
  prefix: string;
  local_pref: number;
  med: number;
  /** AS numbers from the nearest to the origin. */
  as_path: number[];
}

const lengthOf = (cidr: string) => Number(cidr.split('/')[1]);

/**
 * Whether a prefix list lets a prefix through: its entries in order of sequence, the first whose
 * prefix covers it with a length in range decides; none does: denied (FRR's implicit deny).
 */
export function prefixListPermits(list: Pick<PrefixList, 'entries'>, prefix: string): boolean {
  const len = lengthOf(prefix);
  const entry = [...list.entries]
    .sort((a, b) => a.seq - b.seq)
    .find((e) => {
      const own = lengthOf(e.prefix);
      if (!within(subnetOfCidr(prefix), subnetOfCidr(e.prefix))) return false;
      if (e.ge === undefined && e.le === undefined) return len === own;
      return len >= (e.ge ?? own) && len <= (e.le ?? 32);
    });
  return entry?.action === 'permit';
}

/**
 * A route through a route map: the first entry in sequence order that matches (no prefix list,
 * or one that permits the prefix) decides; a permit sets its attributes, a deny or no match drops
 * the route (null). `ownAsn` is what as-path prepend repeats.
 */
export function applyRouteMap(map: Pick<RouteMap, 'entries'>, lists: readonly PrefixList[], route: BgpPolicyRoute, ownAsn: number): BgpPolicyRoute | null {
  const entry = [...map.entries]
    .sort((a, b) => a.seq - b.seq)
    .find((e) => {
      if (e.match_prefix_list === undefined) return true;
      const list = lists.find((l) => l.name === e.match_prefix_list);
      return list ? prefixListPermits(list, route.prefix) : false;
    });
  if (!entry || entry.action === 'deny') return null;
  return {
    prefix: route.prefix,
    local_pref: entry.set_local_pref ?? route.local_pref,
    med: entry.set_med ?? route.med,
    as_path: [...Array<number>(entry.set_as_path_prepend ?? 0).fill(ownAsn), ...route.as_path],
  };
}

/**
 * The routes a speaker lets through towards (out) or from (in) one neighbour: the neighbour's
 * prefix list, then its route map, as FRR applies them. Without either, everything passes.
 */
export function filterForNeighbour(
  section: Pick<BgpSection, 'asn' | 'prefix_lists' | 'route_maps'>,
  neighbour: { prefix_list?: string; route_map?: string },
  routes: readonly BgpPolicyRoute[],
): BgpPolicyRoute[] {
  const list = neighbour.prefix_list === undefined ? undefined : section.prefix_lists.find((l) => l.name === neighbour.prefix_list);
  const map = neighbour.route_map === undefined ? undefined : section.route_maps.find((m) => m.name === neighbour.route_map);
  return routes.flatMap((r) => {
    if (neighbour.prefix_list !== undefined && !(list && prefixListPermits(list, r.prefix))) return [];
    if (neighbour.route_map === undefined) return [r];
    const mapped = map ? applyRouteMap(map, section.prefix_lists, r, section.asn) : null;
    return mapped ? [mapped] : [];
  });
}
