import type { ConfigDocument, LinkBonding, StatusKind, StatusSnapshot } from '@netloom/domain';
import { dhcpLeases, interfacesOf, routingTable, tunnelStates, type Peer } from './router-model';
import { arpSnapshot, bgpSnapshot, systemSnapshot, type BgpProfile } from './status-model';
import type { DeviceBehaviour, HeartbeatBody, HelloBody, MetricsBody } from './behaviour';
import { DEFAULT_FLAP_RULES, gatewayStatus, stepLinks, type FlapRules, type LinkState } from './links';
import type { GatewayProfile } from './profiles';
import { noise, type Random } from './prng';
import { advanceCounters, dailyCurve, localHour, type Counters } from './traffic';

/** An SD-WAN gateway: WAN links that flap, traffic along the local day, ping per link. */
export class GatewayBehaviour implements DeviceBehaviour {
  readonly kind = 'gateway';
  private links: LinkState[];
  private counters: Map<string, Counters>;
  private lastMetricsAt: number | null = null;
  private readonly bootedAt = Date.now();
  publicIp: string | null = null;

  constructor(
    readonly profile: GatewayProfile,
    private readonly random: Random,
    private readonly flapRules: FlapRules = DEFAULT_FLAP_RULES,
    private readonly bgp: BgpProfile | null = null,
  ) {
    this.links = profile.links.map((l) => ({ ...l }));
    // The box boots when the simulator starts: its counters start from zero, as a real one's do
    // after a reboot. The console reads a counter that went back as a reboot and counts the new
    // value from zero; counters restarting high made every restart of the demo a traffic spike.
    this.counters = new Map(profile.links.map((l) => [l.ifname, { rx: 0, tx: 0 }]));
  }

  get serial() {
    return this.profile.serial;
  }
  get name() {
    return this.profile.name;
  }
  get metricsEvery() {
    return this.profile.metricsEvery;
  }

  hello(): HelloBody {
    const p = this.profile;
    return { identity: { serial: p.serial, name: p.name, kind: 'gateway', mac: p.mac }, model: p.model, os: p.os, version: p.version };
  }

  heartbeat(_at: Date, configHash: string | null): HeartbeatBody {
    this.links = stepLinks(this.links, this.random, this.flapRules);
    const p = this.profile;
    const firstUp = this.links.findIndex((l) => l.up);
    this.publicIp = firstUp >= 0 ? (p.publicIps[firstUp] ?? p.publicIps[0]!) : null;
    return {
      status: gatewayStatus(this.links),
      wan: this.links.map((l) => ({ name: l.name, status: l.up ? 'up' : 'down', ifname: l.ifname, weight: l.weight })),
      lb_status: p.bonding ? this.bonding() : null,
      // The address the console sees is the one of the link the traffic leaves by.
      public_ip: firstUp >= 0 ? (p.publicIps[firstUp] ?? p.publicIps[0]!) : null,
      vpn_ip: p.vpnIp,
      location: { name: `${p.place.city}, ${p.place.country}`, lat: p.lat, lng: p.lng },
      os: p.os,
      traffic: this.links.map((l) => l.ifname),
      ...(configHash ? { config_hash: configHash } : {}),
    };
  }

  statusSnapshot(kind: StatusKind, doc: ConfigDocument | null, findPeer: (address: string) => Peer | undefined): StatusSnapshot | null {
    const uptimeS = (Date.now() - this.bootedAt) / 1000;
    if (kind === 'system') return systemSnapshot(this.profile, uptimeS, dailyCurve(localHour(new Date(), this.profile.lng)));
    if (kind === 'bgp') return bgpSnapshot(this.bgp, uptimeS, this.links[0]?.up ?? false);
    if (!doc) return null;
    // A WAN without a static address got one by DHCP or PPPoE: the public address of its line.
    const wanAddress = (ifname: string) => {
      const i = this.links.findIndex((l) => l.ifname === ifname);
      const ip = i >= 0 && this.links[i]!.up ? (this.profile.publicIps[i] ?? this.profile.publicIps[0]) : undefined;
      return ip ? { ip, prefix: 24 } : null;
    };
    const interfaces = interfacesOf(doc, wanAddress);
    const macOf = (n: number) => `02:${this.profile.mac.slice(3, 14)}:${n.toString(16).padStart(2, '0')}`;
    switch (kind) {
      case 'interfaces':
        return { kind, entries: interfaces };
      case 'routes':
        return { kind, entries: routingTable(doc, interfaces) };
      case 'dhcp_leases':
        return { kind, entries: dhcpLeases(doc, 3, macOf) };
      case 'arp':
        return arpSnapshot(interfaces, dhcpLeases(doc, 3, macOf), macOf);
      case 'ipsec':
        return { kind, entries: tunnelStates(doc, this.publicIp, findPeer) };
    }
  }

  tunnels(doc: ConfigDocument | null, findPeer: (address: string) => Peer | undefined): { name: string; status: 'up' | 'down' }[] {
    return doc ? tunnelStates(doc, this.publicIp, findPeer).map((t) => ({ name: t.name, status: t.state })) : [];
  }

  /**
   * Its WAN links are the configured WAN interfaces (names and weights), in order, each keeping
   * the line and health of the simulated link at its place; without WANs configured, the links
   * it was built with.
   */
  configure(doc: ConfigDocument | null): void {
    const wan = doc?.interfaces?.wan ?? [];
    const lines = this.profile.links;
    const base = wan.length
      ? wan.map((w, i) => ({
          ...(this.links[i] ?? { ...lines[i % lines.length]!, up: true, downTicks: 0 }),
          name: w.name.toUpperCase(),
          ifname: w.name,
          weight: w.weight,
        }))
      : lines.map((l, i) => ({ ...l, up: this.links[i]?.up ?? true }));
    this.links = base;
    for (const l of this.links) if (!this.counters.has(l.ifname)) this.counters.set(l.ifname, { rx: 0, tx: 0 });
  }

  private bonding(): LinkBonding {
    const leg = (links: LinkState[]): LinkBonding['tunnel'] => ({
      status: links.length === 0 ? 'unknown' : links.some((l) => l.up) ? 'up' : 'down',
      interfaces: links.filter((l) => l.up).map((l) => l.ifname),
    });
    // Internet links bond into the tunnel; an MPLS circuit is its own leg.
    return {
      status: this.links.some((l) => l.up) ? 'up' : 'down',
      tunnel: leg(this.links.filter((l) => l.kind !== 'mpls')),
      mpls: leg(this.links.filter((l) => l.kind === 'mpls')),
    };
  }

  metrics(at: Date): MetricsBody {
    const now = at.getTime();
    const dt = this.lastMetricsAt === null ? 0 : (now - this.lastMetricsAt) / 1000;
    this.lastMetricsAt = now;
    const load = dailyCurve(localHour(at, this.profile.lng));
    const share = 1 / this.links.length;
    const interfaces = this.links.map((l) => {
      const c = advanceCounters(
        this.counters.get(l.ifname)!,
        { peakBps: this.profile.peakBps * share * (l.weight / 5 + 0.5), txShare: 0.35, lng: this.profile.lng },
        at,
        dt,
        l.up,
        this.random,
      );
      this.counters.set(l.ifname, c);
      return { ifname: l.ifname, rx_bytes: c.rx, tx_bytes: c.tx };
    });
    const ping = this.links.map((l) => {
      if (!l.up) return { ifname: l.ifname, latency_ms: null, jitter_ms: null, loss_pct: 100 };
      // Busy hours queue a little; LTE is jumpier than fibre.
      const jitter = l.kind === 'lte' ? 0.3 : 0.1;
      const latency = Math.max(1, l.baseLatencyMs * (1 + 0.4 * load + noise(this.random, jitter)));
      const loss = this.random() < 0.05 ? Math.round(this.random() * (l.kind === 'lte' ? 8 : 3) * 10) / 10 : 0;
      const jitterMs = Math.abs(noise(this.random, jitter)) * l.baseLatencyMs;
      return { ifname: l.ifname, latency_ms: Math.round(latency * 10) / 10, jitter_ms: Math.round(jitterMs * 10) / 10, loss_pct: loss };
    });
    return { at: at.toISOString(), interfaces, ping };
  }

  diagnostics(): string {
    return this.links
      .map((l) => (l.up ? `${l.name} (${l.ifname}): ping 8.8.8.8 ${l.baseLatencyMs.toFixed(1)} ms, 0% loss` : `${l.name} (${l.ifname}): link down, 100% loss`))
      .join('\n');
  }

  sessionMs(): null {
    return null;
  }
}
