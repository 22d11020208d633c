import type { ConfigDocument, PolicyRoute } from '@netloom/domain';

/**
 * The agent marks the routes and rules it writes with its own protocol number (iproute2's
 * `proto`), so it finds its own among the box's and never removes another's.
 */
export const NETLOOM_PROTO = 173;
/** Each WAN's policy table is this plus the WAN's place in the document. */
const POLICY_TABLE_BASE = 1000;
/** Policy rules sit at this plus their priority: after the kernel's own, before main (32766). */
const POLICY_PRIORITY_BASE = 10000;
/** The WANs' default routes, in the order the document lists them (the first is preferred). */
export const WAN_METRIC_BASE = 100;

export interface RouteSpec {
  destination: string;
  gateway: string | null;
  dev: string | null;
  metric: number;
  /** 'main', or a WAN's policy table. */
  table: string;
  /** The static route's id in the document; null for the routes the agent adds itself (WAN defaults, policy tables). */
  id: string | null;
}

export interface RuleSpec {
  priority: number;
  selector: string[];
  table: string;
  /** The policy route's id in the document. */
  id: string;
}

export const routeKey = (r: Pick<RouteSpec, 'table' | 'destination' | 'metric'>) => `${r.table} ${r.destination} ${r.metric}`;

export const wanTable = (index: number) => String(POLICY_TABLE_BASE + index);

/** Every route the document puts in the kernel: WAN defaults, static routes, one default per WAN used by a policy. */
export function desiredRoutes(doc: ConfigDocument | null): RouteSpec[] {
  const wans = doc?.interfaces?.wan ?? [];
  const routes: RouteSpec[] = [];
  wans.forEach((wan, i) => {
    if (wan.mode === 'static' && wan.gateway) {
      routes.push({ destination: 'default', gateway: wan.gateway, dev: wan.name, metric: WAN_METRIC_BASE + i, table: 'main', id: null });
    }
  });
  for (const r of doc?.static_routes ?? []) {
    if (!r.enabled) continue;
    routes.push({ destination: r.destination, gateway: r.gateway, dev: r.interface ?? null, metric: r.metric, table: 'main', id: r.id });
  }
  const used = new Set((doc?.policy_routing ?? []).filter((p) => p.enabled).map((p) => p.out_interface));
  wans.forEach((wan, i) => {
    // A DHCP WAN's table gets its default from the lease, with the router it names (the dhclient hook).
    if (!used.has(wan.name) || wan.mode === 'dhcp') return;
    routes.push({
      destination: 'default',
      gateway: wan.mode === 'static' ? (wan.gateway ?? null) : null,
      dev: wan.name,
      metric: 0,
      table: wanTable(i),
      id: null,
    });
  });
  return routes;
}

/** The table a policy route sends its traffic to: its WAN's, or main for an interface that is no WAN (a LAN). */
function policyTable(doc: ConfigDocument, route: PolicyRoute): string {
  const index = (doc.interfaces?.wan ?? []).findIndex((w) => w.name === route.out_interface);
  return index >= 0 ? wanTable(index) : 'main';
}

/** `ip rule` selectors of a policy route; tcp-or-udp takes one rule per protocol at the same priority. */
export function desiredRules(doc: ConfigDocument | null): RuleSpec[] {
  if (!doc) return [];
  return (doc.policy_routing ?? [])
    .filter((p) => p.enabled)
    .flatMap((p) => {
      const base = [...(p.source ? ['from', p.source] : []), ...(p.destination ? ['to', p.destination] : [])];
      const protocols = p.protocol === 'tcpudp' ? ['tcp', 'udp'] : p.protocol === 'any' ? [null] : [p.protocol];
      return protocols.map((proto) => ({
        priority: POLICY_PRIORITY_BASE + p.priority,
        selector: [...base, ...(proto ? ['ipproto', proto] : []), ...(proto && p.dest_port ? ['dport', p.dest_port.replace(':', '-')] : [])],
        table: policyTable(doc, p),
        id: p.id,
      }));
    });
}

export const ruleKey = (r: Pick<RuleSpec, 'priority' | 'selector' | 'table'>) => `${r.priority} ${r.selector.join(' ')} ${r.table}`;

/** `ip -batch` lines for a route written (replace: the same line twice is harmless) or removed. */
export function routeLine(r: RouteSpec, verb: 'replace' | 'del'): string {
  const via = verb === 'replace' && r.gateway ? ` via ${r.gateway}` : '';
  const dev = verb === 'replace' && r.dev ? ` dev ${r.dev}` : '';
  return `route ${verb} ${r.destination}${via}${dev} metric ${r.metric} table ${r.table} proto ${NETLOOM_PROTO}`;
}

export const ruleLine = (r: Pick<RuleSpec, 'priority' | 'selector' | 'table'>, verb: 'add' | 'del') =>
  `rule ${verb} priority ${r.priority} ${r.selector.join(' ')} table ${r.table} protocol ${NETLOOM_PROTO}`.replace(/\s+/g, ' ');
