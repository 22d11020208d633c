import type { ConfigDocument, SdwanRule, StatusSnapshot } from '@netloom/domain';

type Snapshot<K extends StatusSnapshot['kind']> = Extract<StatusSnapshot, { kind: K }>;
type Sla = SdwanRule['sla'];

/** The latest ping of a link, as its last metrics reported it. */
export interface PingFigures {
  latency_ms: number | null;
  jitter_ms: number | null;
  loss_pct: number;
}

/** A WAN link as the SD-WAN, multi-WAN and SLA snapshots see it. */
export interface WanView {
  ifname: string;
  up: boolean;
  weight: number;
  /** Seconds since the link last came up; 0 while it is down. */
  onlineS: number;
  /** Null until the first metrics: no figure yet is no evidence against the link. */
  ping: PingFigures | null;
}

/** What a link is held to when no SD-WAN rule prefers it and no alarm thresholds are set (the alarms' defaults). */
const DEFAULT_SLA: Sla = { latency_ms: 150, jitter_ms: 30, loss_pct: 5 };
const PUBLIC_TARGETS = ['8.8.8.8', '1.1.1.1'];

/** The address each link's health is probed at: its first configured monitor, else public resolvers in turn. */
export function trackingTargets(doc: ConfigDocument | null, wans: readonly { ifname: string }[]): string[] {
  return wans.map((w, i) => {
    const monitor = doc?.interfaces?.wan.find((c) => c.name === w.ifname)?.monitor[0];
    return monitor && monitor.length <= 64 ? monitor : PUBLIC_TARGETS[i % PUBLIC_TARGETS.length]!;
  });
}

function withinSla(ping: PingFigures | null, sla: Sla): boolean {
  if (!ping) return true;
  return ping.latency_ms !== null && ping.latency_ms <= sla.latency_ms && (ping.jitter_ms ?? 0) <= sla.jitter_ms && ping.loss_pct <= sla.loss_pct;
}

function matchText(rule: SdwanRule): string {
  const parts = [
    rule.application !== undefined ? `application ${rule.application}` : null,
    rule.destination !== undefined ? `destination ${rule.destination}` : null,
    rule.dscp !== undefined ? `DSCP ${rule.dscp}` : null,
  ];
  return parts.filter((p) => p !== null).join(', ');
}

/**
 * Where each enabled rule's traffic goes now: its preferred link while that is up and within the
 * rule's SLA, else the next SD-WAN link by priority that is. When no link meets the SLA the
 * traffic is not dropped for it (the SLA only chooses between links): it stays on the preferred
 * link if up, or takes the first link that is up. A rule without failover never leaves its link.
 */
export function sdwanSnapshot(doc: ConfigDocument, wans: readonly WanView[]): Snapshot<'sdwan'> {
  const section = doc.sdwan;
  if (!section) return { kind: 'sdwan', entries: [] };
  // Array sort is stable: equal priorities keep the order they are listed in.
  const members = section.interfaces.filter((m) => m.enabled).sort((a, b) => a.priority - b.priority);
  const view = (ifname: string) => (members.some((m) => m.interface === ifname) ? wans.find((w) => w.ifname === ifname) : undefined);
  const isUp = (ifname: string) => view(ifname)?.up ?? false;
  const usable = (ifname: string, sla: Sla) => isUp(ifname) && withinSla(view(ifname)!.ping, sla);
  const entries = section.rules
    .filter((rule) => rule.enabled)
    .map((rule) => {
      const pref = rule.preferred_wan;
      const path = (active_wan: string | null, reason: Snapshot<'sdwan'>['entries'][number]['reason']) => ({
        rule: rule.name,
        match: matchText(rule),
        preferred_wan: pref,
        active_wan,
        reason: active_wan === null ? ('no_link' as const) : reason,
      });
      if (usable(pref, rule.sla)) return path(pref, 'preferred');
      if (!rule.failover) return path(isUp(pref) ? pref : null, 'preferred');
      const next = members.find((m) => m.interface !== pref && usable(m.interface, rule.sla));
      if (next) return path(next.interface, isUp(pref) ? 'sla_failover' : 'link_down');
      if (isUp(pref)) return path(pref, 'preferred');
      return path(members.find((m) => isUp(m.interface))?.interface ?? null, 'link_down');
    });
  return { kind: 'sdwan', entries };
}

/** Multi-WAN tracking: each link online or offline, its weight, and how long it has been online. */
export function mwanSnapshot(wans: readonly WanView[], targets: readonly string[]): Snapshot<'mwan'> {
  return {
    kind: 'mwan',
    entries: wans.map((w, i) => ({
      interface: w.ifname,
      state: w.up ? ('online' as const) : ('offline' as const),
      tracking_ip: targets[i]!,
      weight: w.weight,
      online_s: w.up ? Math.max(0, Math.floor(w.onlineS)) : 0,
    })),
  };
}

/**
 * The strictest SLA of the enabled rules preferring a link: the one its probe is judged against.
 * A link no rule prefers is held to the box's link alarm thresholds, the same defaults when unset.
 */
function strictestSla(doc: ConfigDocument | null, ifname: string): Sla {
  const slas = (doc?.sdwan?.rules ?? []).filter((r) => r.enabled && r.preferred_wan === ifname).map((r) => r.sla);
  const alarms = doc?.services?.alarms;
  if (slas.length === 0) return alarms ? { latency_ms: alarms.latency_ms, jitter_ms: alarms.jitter_ms, loss_pct: alarms.loss_pct } : DEFAULT_SLA;
  return {
    latency_ms: Math.min(...slas.map((s) => s.latency_ms)),
    jitter_ms: Math.min(...slas.map((s) => s.jitter_ms)),
    loss_pct: Math.min(...slas.map((s) => s.loss_pct)),
  };
}

/** Each WAN's probe: its latest figures (the last metrics), down when the link is, degraded when over its SLA. */
export function slaSnapshot(doc: ConfigDocument | null, wans: readonly WanView[], targets: readonly string[]): Snapshot<'sla'> {
  return {
    kind: 'sla',
    entries: wans.map((w, i) => {
      const base = { interface: w.ifname, target: targets[i]! };
      if (!w.up) return { ...base, latency_ms: null, jitter_ms: null, loss_pct: 100, state: 'down' as const };
      const ping = w.ping ?? { latency_ms: null, jitter_ms: null, loss_pct: 0 };
      const state = withinSla(w.ping, strictestSla(doc, w.ifname)) ? ('ok' as const) : ('degraded' as const);
      return { ...base, latency_ms: ping.latency_ms, jitter_ms: ping.jitter_ms, loss_pct: ping.loss_pct, state };
    }),
  };
}
