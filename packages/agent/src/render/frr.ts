import type { BgpSection } from '@netloom/domain';

/** FRR names prefix lists and route maps as the document does, with spaces made safe for its command line. */
const frrName = (name: string) => name.trim().replace(/[^A-Za-z0-9_.-]/g, '_');

/**
 * The BGP section as FRR configuration (`vtysh -f`): the speaker, its neighbours with their
 * timers, passwords and policies, what it announces and redistributes, and the prefix lists and
 * route maps they use. eBGP in FRR 8 refuses routes without a policy by default; the console's
 * neighbours without a route map exchange everything, so that default is turned off.
 */
export function frrBgpConfig(bgp: BgpSection): string {
  const lines: string[] = [];
  for (const list of bgp.prefix_lists) {
    for (const e of list.entries) {
      lines.push(`ip prefix-list ${frrName(list.name)} seq ${e.seq} ${e.action} ${e.prefix}${e.ge ? ` ge ${e.ge}` : ''}${e.le ? ` le ${e.le}` : ''}`);
    }
  }
  for (const map of bgp.route_maps) {
    for (const e of map.entries) {
      lines.push(`route-map ${frrName(map.name)} ${e.action} ${e.seq}`);
      if (e.match_prefix_list) lines.push(` match ip address prefix-list ${frrName(e.match_prefix_list)}`);
      if (e.set_local_pref !== undefined) lines.push(` set local-preference ${e.set_local_pref}`);
      if (e.set_med !== undefined) lines.push(` set metric ${e.set_med}`);
      if (e.set_as_path_prepend) lines.push(` set as-path prepend ${Array(e.set_as_path_prepend).fill(bgp.asn).join(' ')}`);
      lines.push('exit');
    }
  }
  lines.push(`router bgp ${bgp.asn}`, ` bgp router-id ${bgp.router_id}`, ' no bgp ebgp-requires-policy');
  for (const n of bgp.neighbours) {
    lines.push(` neighbor ${n.address} remote-as ${n.remote_asn}`);
    if (n.description) lines.push(` neighbor ${n.address} description ${n.description.replace(/[\r\n]/g, ' ')}`);
    lines.push(` neighbor ${n.address} timers ${n.keepalive_s} ${n.hold_s}`);
    if (n.ebgp_multihop) lines.push(` neighbor ${n.address} ebgp-multihop ${n.ebgp_multihop}`);
    if (n.password) lines.push(` neighbor ${n.address} password ${n.password.replace(/\s/g, '')}`);
    if (!n.enabled) lines.push(` neighbor ${n.address} shutdown`);
  }
  lines.push(' address-family ipv4 unicast');
  for (const net of bgp.networks) lines.push(`  network ${net}`);
  if (bgp.redistribute.connected) lines.push('  redistribute connected');
  if (bgp.redistribute.static) lines.push('  redistribute static');
  for (const n of bgp.neighbours) {
    for (const [field, dir] of [
      ['prefix_list_in', 'in'],
      ['prefix_list_out', 'out'],
    ] as const) {
      if (n[field]) lines.push(`  neighbor ${n.address} prefix-list ${frrName(n[field])} ${dir}`);
    }
    for (const [field, dir] of [
      ['route_map_in', 'in'],
      ['route_map_out', 'out'],
    ] as const) {
      if (n[field]) lines.push(`  neighbor ${n.address} route-map ${frrName(n[field])} ${dir}`);
    }
  }
  lines.push(' exit-address-family', 'exit');
  return `${lines.join('\n')}\n`;
}

/** What takes a BGP section out of FRR again: its speaker, and the prefix lists and route maps it brought. */
export function frrBgpRemoval(bgp: BgpSection): string[] {
  return [
    `no router bgp ${bgp.asn}`,
    ...bgp.route_maps.map((m) => `no route-map ${frrName(m.name)}`),
    ...bgp.prefix_lists.map((l) => `no ip prefix-list ${frrName(l.name)}`),
  ];
}
