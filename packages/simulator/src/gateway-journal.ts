import { CONFIG_FAMILIES, type ConfigDocument, type StatusSnapshot } from '@netloom/domain';
import { DeviceLog } from './device-log';
import type { LinkState } from './links';
import type { GatewayProfile } from './profiles';
import type { RouterLease, RouterTunnel } from './router-model';
import type { TunnelUp } from './status-model';

type BgpEntry = Extract<StatusSnapshot, { kind: 'bgp' }>['entries'][number];
type VrrpEntry = Extract<StatusSnapshot, { kind: 'vrrp' }>['entries'][number];

/**
 * What a simulated gateway remembers of its own history: when each link and tunnel last changed
 * (the multi-WAN and IPsec snapshots report how long they have been up) and its system log,
 * written as each change happens rather than made up when the log is asked for.
 */
export class GatewayJournal {
  readonly log = new DeviceLog();
  private readonly linkSince = new Map<string, number>();
  private readonly tunnelUp = new Map<string, TunnelUp>();
  private readonly bgpUp = new Map<string, boolean>();
  private readonly vrrpState = new Map<string, VrrpEntry['state']>();
  private leases = new Set<string>();

  constructor(p: GatewayProfile, links: readonly LinkState[], bootMs: number) {
    this.log.write(bootMs, 'notice', 'kernel', `Booting ${p.model} (${p.os} ${p.version})`);
    this.log.write(bootMs, 'notice', 'procd', '- init complete -');
    for (const l of links) this.linkSince.set(l.ifname, bootMs);
  }

  /** Seconds since the link last came up (or the box booted with it up). */
  onlineS(ifname: string, nowMs: number): number {
    return Math.max(0, (nowMs - (this.linkSince.get(ifname) ?? nowMs)) / 1000);
  }

  /** A heartbeat moved the links: each one that went down or came back is logged as netifd does. */
  linksStepped(before: readonly LinkState[], after: readonly LinkState[], atMs: number): void {
    for (const l of after) {
      const was = before.find((b) => b.ifname === l.ifname);
      if (!was || was.up === l.up) continue;
      this.linkSince.set(l.ifname, atMs);
      if (l.up) this.log.write(atMs, 'notice', 'netifd', `Interface '${l.ifname}' is now up`);
      else this.log.write(atMs, 'warning', 'netifd', `Interface '${l.ifname}' has lost the connection`);
    }
  }

  /** A configuration renamed the links: each keeps the history of the line at its position. */
  linksRenamed(before: readonly LinkState[], after: readonly LinkState[], nowMs: number): void {
    const since = after.map((l, i) => this.linkSince.get(before[i]?.ifname ?? l.ifname) ?? nowMs);
    this.linkSince.clear();
    after.forEach((l, i) => this.linkSince.set(l.ifname, since[i]!));
  }

  configured(doc: ConfigDocument | null, leases: readonly RouterLease[], nowMs: number): void {
    const families = doc ? CONFIG_FAMILIES.filter((f) => doc[f] !== undefined) : [];
    this.log.write(nowMs, 'info', 'netloom-agent', doc ? `configuration applied: ${families.join(', ') || 'empty'}` : 'configuration cleared');
    // A lease is logged when first handed out; one the configuration keeps is not handed out again.
    const now = new Set(leases.map((l) => `${l.interface} ${l.ip} ${l.mac}`));
    for (const l of leases) {
      if (!this.leases.has(`${l.interface} ${l.ip} ${l.mac}`))
        this.log.write(nowMs, 'info', 'dnsmasq-dhcp', `DHCPACK(${l.interface}) ${l.ip} ${l.mac} ${l.hostname}`);
    }
    this.leases = now;
  }

  /** Tunnel states as just computed: a tunnel coming up starts its counters, one going down is logged with why. */
  tunnelsSeen(tunnels: readonly RouterTunnel[], nowMs: number, busyS: number): void {
    for (const t of tunnels) {
      const was = this.tunnelUp.get(t.name);
      if (t.state === 'up' && !was) {
        this.tunnelUp.set(t.name, { sinceMs: nowMs, busyS });
        this.log.write(nowMs, 'notice', 'charon', `IKE_SA ${t.name} established with ${t.remote}`);
      } else if (t.state === 'down' && was) {
        this.tunnelUp.delete(t.name);
        this.log.write(nowMs, 'warning', 'charon', `IKE_SA ${t.name} with ${t.remote} down: ${t.reason ?? 'deleted'}`);
      }
    }
    // A tunnel the configuration no longer has is simply gone.
    for (const name of this.tunnelUp.keys()) if (!tunnels.some((t) => t.name === name)) this.tunnelUp.delete(name);
  }

  tunnelSince(name: string): TunnelUp | undefined {
    return this.tunnelUp.get(name);
  }

  /** BGP sessions reaching or leaving Established, as bgpd logs its adjacency changes. */
  bgpSeen(entries: readonly BgpEntry[], atMs: number): void {
    for (const n of entries) {
      const up = n.state === 'Established';
      if (up === (this.bgpUp.get(n.neighbour) ?? false)) continue;
      this.bgpUp.set(n.neighbour, up);
      if (up) this.log.write(atMs, 'notice', 'bgpd', `%ADJCHANGE: neighbor ${n.neighbour} Up`);
      else this.log.write(atMs, 'warning', 'bgpd', `%ADJCHANGE: neighbor ${n.neighbour} Down`);
    }
  }

  /** VRRP groups changing role, as keepalived logs its state transitions. */
  vrrpSeen(entries: readonly VrrpEntry[], atMs: number): void {
    for (const g of entries) {
      const key = `${g.interface}/${g.vrid}`;
      if (this.vrrpState.get(key) === g.state) continue;
      this.vrrpState.set(key, g.state);
      this.log.write(atMs, 'notice', 'keepalived', `(${key}) Entering ${g.state.toUpperCase()} STATE`);
    }
  }
}
