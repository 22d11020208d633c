import type {
  ConfigDocument,
  DiagnosticParams,
  DnsQueryRecord,
  FlowRecord,
  IdsAlertRecord,
  IotDeviceReport,
  LinkBonding,
  StatusKind,
  StatusSnapshot,
  UrlEvent,
} from '@netloom/domain';
import { dhcpLeases, interfacesOf, routingTable, tunnelStates, type Peer, type RouterInterface, type RouterRoute, type RouterTunnel } from './router-model';
import { diagnosticPlan, LINK_CAPACITY_MBPS, type DiagnosticContext, type DiagnosticPlan, type GatewayView } from './diagnostic-model';
import { arpSnapshot, bgpRoutesSnapshot, bgpSnapshot, ipsecStatsSnapshot, systemLoad, systemSnapshot, type BgpProfile } from './status-model';
import { mwanSnapshot, sdwanSnapshot, slaSnapshot, trackingTargets, type PingFigures, type WanView } from './status-model-wan';
import { firewallSnapshot, ipsetSnapshot } from './status-model-firewall';
import { urlTrackingSnapshot, usageSnapshot } from './status-model-clients';
import { bondingSnapshot, interfacesSnapshot } from './status-model-interfaces';
import { configuredBgp } from './status-model-bgp';
import { qosSnapshot, vrrpSnapshot } from './status-model-qos-vrrp';
import { configuredBonding } from './status-model-bonding';
import { NetflowExport } from './netflow-export';
import { wirelessRefusal, wirelessSnapshot } from './radios';
import { accelerationSnapshot } from './status-model-acceleration';
import { IdsEngine, idsRefusal } from './ids-engine';
import { meshRefusal } from './overlay-mesh';
import { filteredTracking, filteredUsage, urlFilterStatus } from './status-model-url-filter';
import type { FleetView } from './fleet-view';
import type { ConnectorHealthBody, DeviceBehaviour, HeartbeatBody, HelloBody, MetricsBody, NacHostsBody } from './behaviour';
import { browsingFor, type BrowsingRequest } from './browsing';
import { flowsFor } from './flows';
import { lanHosts, sdwanPicker } from './flows-gateway';
import { userMappingSnapshot, withUsers } from './user-mapping';
import { connectorHealthOf } from './connector-health';
import { isolated, nacHostsOf, nacStates, type LanHost } from './nac-hosts';
import { GatewayJournal } from './gateway-journal';
import { UrlDecisionTally } from './url-decisions';
import { DEFAULT_FLAP_RULES, gatewayStatus, stepLinks, type FlapRules, type LinkState } from './links';
import type { GatewayProfile } from './profiles';
import { mulberry32, noise, seedFrom, type Random } from './prng';
import { advanceCounters, busySeconds, dailyCurve, localHour, type Counters } from './traffic';
import { DnsLog } from './dns-log';
import { cloudFlows, iotLan, presentAt, reportOf, type IotLanDevice } from './iot-lan';
import { IotTelemetrySite } from './iot-mqtt';
import { scenarioTraffic, type NdrScenarioKind, type ScenarioTarget } from './ndr-scenarios';

/** DHCP clients each pool has: enough for a branch office's leases, ARP and client tables to show something. */
const CLIENTS_PER_POOL = 3;

/** What a gateway is besides a router. */
export interface GatewayRoles {
  /** An app connector (hello `device_type: 'app-connector'`): it publishes the private servers of a site for zero-trust clients. */
  appConnector?: boolean;
  /** An IoT site (its tenant subscribes to the IoT Gateway): it reports the devices on its LANs and bridges its sensors' MQTT readings. */
  iotSite?: boolean;
}

/** A scenario running on the gateway: which host misbehaves, since when. */
export interface RunningScenario {
  kind: NdrScenarioKind;
  host: string;
  startedMs: number;
}

/** An SD-WAN gateway: WAN links that flap, traffic along the local day, ping per link. */
export class GatewayBehaviour implements DeviceBehaviour {
  readonly kind = 'gateway';
  private links: LinkState[];
  private counters: Map<string, Counters>;
  private lastMetricsAt: number | null = null;
  private readonly bootedAt: number;
  /** The latest ping of each link (the last metrics): what SD-WAN steering and the SLA snapshot judge. */
  private lastPing = new Map<string, PingFigures>();
  /** Seconds at peak rate carried up to the last heartbeat (the daily curve, only while a WAN was up). */
  private busyUntilBeat = 0;
  private lastBeatMs: number;
  private readonly journal: GatewayJournal;
  /** The configuration last applied, for what diagnostics ping. */
  private running: ConfigDocument | null = null;
  /** Its own stream, so exporting flows (or not) leaves the link flaps and traffic of a seed as they were. */
  private readonly flowRandom: Random;
  /** Likewise for its LAN's web requests. */
  private readonly browsingRandom: Random;
  /** Its probes of the servers it publishes (app connectors). */
  private readonly connectorRandom: Random;
  /** What its URL filter decided since the running web_filter section was applied. */
  private readonly urlDecisions = new UrlDecisionTally();
  publicIp: string | null = null;
  /** The other gateways of its tenant: BGP peers and VRRP partners. */
  private fleet: FleetView = () => [];
  /** The last master of each VRRP group it is in (pre-emption keeps a sitting master). */
  private readonly vrrpMasters = new Map<string, string>();
  /** Its traffic clock when the running QoS section was applied: the class counters start there. */
  private qosSinceBusyS = 0;
  /** Its flow export as the running NetFlow section sets it, and what each collector was sent. */
  private readonly netflow = new NetflowExport();
  /** Busy seconds carried while one of the running acceleration section's links was up, from when it was applied. */
  private accelBusyS = 0;
  /** Its IDS/IPS engine as the running section sets it, and what it matched since. */
  private readonly ids: IdsEngine;
  /** Its resolver's query log (dnsmasq answers its LANs), consistent with the flows it sees. */
  private readonly dns: DnsLog;
  /** NDR scenarios running (ndr-scenarios.ts), by kind. */
  private readonly scenarios = new Map<NdrScenarioKind, RunningScenario>();
  private readonly scenarioRandom: Random;
  /** When it first saw each device of its IoT LAN (ms). */
  private readonly iotFirstSeen = new Map<string, number>();
  private readonly iotRandom: Random;
  private iotMqtt: IotTelemetrySite | null = null;

  constructor(
    readonly profile: GatewayProfile,
    private readonly random: Random,
    private readonly flapRules: FlapRules = DEFAULT_FLAP_RULES,
    private readonly bgp: BgpProfile | null = null,
    /** Wall clock in ms; tests pass their own to age the box without waiting. */
    private readonly clock: () => number = Date.now,
    readonly roles: GatewayRoles = {},
  ) {
    this.links = profile.links.map((l) => ({ ...l }));
    // The box boots when the simulator starts: its counters start from zero, as a real one's do
    // after a reboot. The console reads a counter that went back as a reboot and counts the new
    // value from zero; counters restarting high made every restart of the demo a traffic spike.
    this.counters = new Map(profile.links.map((l) => [l.ifname, { rx: 0, tx: 0 }]));
    this.bootedAt = clock();
    this.lastBeatMs = this.bootedAt;
    this.journal = new GatewayJournal(profile, this.links, this.bootedAt);
    this.flowRandom = mulberry32(seedFrom(profile.serial, 'flows'));
    this.browsingRandom = mulberry32(seedFrom(profile.serial, 'browsing'));
    this.connectorRandom = mulberry32(seedFrom(profile.serial, 'connector'));
    this.ids = new IdsEngine(mulberry32(seedFrom(profile.serial, 'ids')), this.journal.log);
    this.dns = new DnsLog({ localDomain: 'lan', random: mulberry32(seedFrom(profile.serial, 'dns')) });
    this.scenarioRandom = mulberry32(seedFrom(profile.serial, 'scenarios'));
    this.iotRandom = mulberry32(seedFrom(profile.serial, 'iot'));
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
    return {
      identity: { serial: p.serial, name: p.name, kind: 'gateway', mac: p.mac, ...(this.roles.appConnector ? { device_type: 'app-connector' as const } : {}) },
      model: p.model,
      os: p.os,
      version: p.version,
    };
  }

  heartbeat(at: Date, configHash: string | null): HeartbeatBody {
    const atMs = at.getTime();
    const busyBefore = this.busyUntilBeat;
    this.busyUntilBeat = this.busyS(atMs);
    if (this.accelerating()) this.accelBusyS += this.busyUntilBeat - busyBefore;
    this.ids.inspect({
      at,
      busyS: this.busyUntilBeat - busyBefore,
      interfacesUp: this.ids.interfaces().filter((n) => this.interfaceUp(n)).length,
      inside: () => this.lanHostsNow(true).map((h) => h.ip),
    });
    this.lastBeatMs = Math.max(this.lastBeatMs, atMs);
    const before = this.links;
    this.links = stepLinks(this.links, this.random, this.flapRules);
    this.journal.linksStepped(before, this.links, atMs);
    if (this.bgp || this.running?.bgp) this.journal.bgpSeen(this.bgpNow((atMs - this.bootedAt) / 1000).entries, atMs);
    const p = this.profile;
    const firstUp = this.links.findIndex((l) => l.up);
    this.publicIp = firstUp >= 0 ? (p.publicIps[firstUp] ?? p.publicIps[0]!) : null;
    return {
      status: gatewayStatus(this.links),
      wan: this.links.map((l) => ({ name: l.name, status: l.up ? 'up' : 'down', ifname: l.ifname, weight: l.weight })),
      lb_status: p.bonding || this.running?.link_bonding ? this.bonding() : null,
      // The address the console sees is the one of the link the traffic leaves by.
      public_ip: firstUp >= 0 ? (p.publicIps[firstUp] ?? p.publicIps[0]!) : null,
      vpn_ip: p.vpnIp,
      location: { name: `${p.place.city}, ${p.place.country}`, lat: p.lat, lng: p.lng },
      os: p.os,
      traffic: this.links.map((l) => l.ifname),
      ...(configHash ? { config_hash: configHash } : {}),
    };
  }

  /**
   * Seconds at peak rate the box has carried since boot: the daily curve integrated while a WAN is
   * up. Counters of the status snapshots (firewall, clients, tunnels) are rates times this, so
   * they only grow, follow the local day and stand still while the site is cut off.
   */
  private busyS(nowMs: number): number {
    const live = this.links.some((l) => l.up) ? busySeconds(this.lastBeatMs, nowMs, this.profile.lng) : 0;
    return this.busyUntilBeat + live;
  }

  /** Whether a WAN link its running acceleration section names is up now. */
  private accelerating(): boolean {
    const links = new Set(this.running?.acceleration?.wan_links ?? []);
    return this.links.some((l) => l.up && links.has(l.ifname));
  }

  /** Joins the gateways it can peer with or back up. */
  joinFleet(view: FleetView): void {
    this.fleet = view;
  }

  /** Whether its interface of that name is up: a WAN follows its line, LANs and VLANs stay up. */
  interfaceUp(ifname: string): boolean {
    const link = this.links.find((l) => l.ifname === ifname);
    return link ? link.up : true;
  }

  /** The master it last saw of a VRRP group ('<subnet>/<vrid>'). */
  vrrpMaster(group: string): string | undefined {
    return this.vrrpMasters.get(group);
  }

  /** Its configured BGP speaker's sessions and routes; null: no BGP section runs. */
  private configuredBgpNow(uptimeS: number) {
    const doc = this.running;
    if (!doc?.bgp) return null;
    const self = { serial: this.serial, publicIp: this.publicIp, doc: { ...doc, bgp: doc.bgp }, anyLinkUp: this.links.some((l) => l.up), uptimeS };
    return configuredBgp(self, this.fleet());
  }

  /** A configured speaker's sessions, else those of the profile it was built with (gateways without a BGP section). */
  private bgpNow(uptimeS: number) {
    const configured = this.configuredBgpNow(uptimeS);
    if (configured) return configured.bgp;
    return bgpSnapshot(
      this.bgp,
      uptimeS,
      this.links[0]?.up ?? false,
      this.links.some((l) => l.up),
    );
  }

  /** The MAC of its `n`th LAN host: its own OUI and a number; past 255 the fifth byte moves on. */
  private macOf(n: number): string {
    const fifth = (parseInt(this.profile.mac.slice(12, 14), 16) + Math.floor(n / 256)) % 256;
    const hex = (b: number) => b.toString(16).padStart(2, '0');
    return `02:${this.profile.mac.slice(3, 11)}:${hex(fifth)}:${hex(n % 256)}`;
  }

  /** The hosts on its LANs now, each with its MAC; without the ones its NAC section cuts off when `reachable`. */
  private lanHostsNow(reachable = false): LanHost[] {
    // Each host with the user its User Mapping section names, so its flows and web requests carry it.
    const hosts = withUsers(
      lanHosts(this.running, this.profile.serial, (n) => this.macOf(n)),
      this.running?.user_mapping,
    );
    if (!reachable) return hosts;
    const states = nacStates(this.running?.nac);
    return states.size === 0 ? hosts : hosts.filter((h) => !isolated(states, h.mac));
  }

  /** The hosts on its LANs (DHCP leases, else the hosts its traffic comes from), each with the state its NAC section enforces. */
  nacHosts(at: Date): NacHostsBody {
    return { at: at.toISOString(), hosts: nacHostsOf(this.lanHostsNow(), this.running?.nac) };
  }

  /** As an app connector running its site's section: the servers it publishes probed, and the sessions it carries. */
  connectorHealth(at: Date, activeSessions: number): ConnectorHealthBody | null {
    const section = this.roles.appConnector ? this.running?.ztna_connector : undefined;
    return section ? connectorHealthOf(section, this.profile.serial, at, activeSessions, this.connectorRandom) : null;
  }

  private wanViews(nowMs: number): WanView[] {
    return this.links.map((l) => ({
      ifname: l.ifname,
      up: l.up,
      weight: l.weight,
      onlineS: this.journal.onlineS(l.ifname, nowMs),
      ping: this.lastPing.get(l.ifname) ?? null,
    }));
  }

  /** Tunnel states now; every look at them is also when the box notices one came up or went down. */
  private tunnelsNow(doc: ConfigDocument, findPeer: (address: string) => Peer | undefined): RouterTunnel[] {
    const states = tunnelStates(doc, this.publicIp, findPeer);
    const nowMs = this.clock();
    this.journal.tunnelsSeen(states, nowMs, this.busyS(nowMs));
    return states;
  }

  statusSnapshot(kind: StatusKind, doc: ConfigDocument | null, findPeer: (address: string) => Peer | undefined): StatusSnapshot | null {
    const nowMs = this.clock();
    const uptimeS = (nowMs - this.bootedAt) / 1000;
    if (kind === 'system') return systemSnapshot(this.profile, uptimeS, dailyCurve(localHour(new Date(nowMs), this.profile.lng)), doc?.services?.ntp);
    if (kind === 'bgp') {
      const bgp = this.bgpNow(uptimeS);
      this.journal.bgpSeen(bgp.entries, nowMs);
      return bgp;
    }
    if (kind === 'bgp_routes') return this.configuredBgpNow(uptimeS)?.routes ?? bgpRoutesSnapshot(this.bgpNow(uptimeS), this.running?.bgp ? null : this.bgp);
    if (kind === 'link_bonding') {
      // Configured bonds replace the legs the box was built with.
      const configured = configuredBonding(this.running, (n) => this.links.find((l) => l.ifname === n)?.up);
      return configured ?? bondingSnapshot(this.profile.bonding ? this.bonding() : null);
    }
    if (kind === 'logs') return { kind, entries: this.journal.log.entries() };
    if (kind === 'netflow')
      return this.netflow.snapshot(doc?.interfaces ? [...doc.interfaces.lan, ...doc.interfaces.wan].map((i) => i.name) : this.links.map((l) => l.ifname));
    if (kind === 'url_filter') return urlFilterStatus(doc, this.urlDecisions.rows(), () => (doc ? this.lanVisits(doc, nowMs) : null), new Date(nowMs));
    // Links exist without a configuration (the lines the box was built with): their tracking does too.
    if (kind === 'mwan') return mwanSnapshot(this.wanViews(nowMs), trackingTargets(doc, this.links));
    if (kind === 'sla') return slaSnapshot(doc, this.wanViews(nowMs), trackingTargets(doc, this.links));
    if (!doc) return null;
    // A WAN without a static address got one by DHCP or PPPoE: the public address of its line.
    const wanAddress = (ifname: string) => {
      const i = this.links.findIndex((l) => l.ifname === ifname);
      const ip = i >= 0 && this.links[i]!.up ? (this.profile.publicIps[i] ?? this.profile.publicIps[0]) : undefined;
      return ip ? { ip, prefix: 24 } : null;
    };
    const interfaces = interfacesOf(doc, wanAddress);
    const macOf = (n: number) => this.macOf(n);
    const leases = () => dhcpLeases(doc, CLIENTS_PER_POOL, macOf);
    const traffic = () => ({ busyS: this.busyS(nowMs), peakBps: this.profile.peakBps, bootMs: this.bootedAt, nowMs });
    switch (kind) {
      case 'interfaces':
        return interfacesSnapshot(
          interfaces,
          new Map(this.links.map((l) => [l.ifname, { up: l.up, lte: l.kind === 'lte', ...(this.counters.get(l.ifname) ?? { rx: 0, tx: 0 }) }])),
        );
      case 'routes':
        return { kind, entries: routingTable(doc, interfaces) };
      case 'dhcp_leases':
        return { kind, entries: leases() };
      case 'arp':
        return arpSnapshot(interfaces, leases(), macOf);
      case 'ipsec':
        return { kind, entries: this.tunnelsNow(doc, findPeer) };
      case 'ipsec_stats': {
        const tunnels = this.tunnelsNow(doc, findPeer);
        return ipsecStatsSnapshot(tunnels, (name) => this.journal.tunnelSince(name), { ms: nowMs, busyS: this.busyS(nowMs) }, this.profile.peakBps);
      }
      case 'sdwan':
        return sdwanSnapshot(doc, this.wanViews(nowMs));
      case 'firewall':
        return firewallSnapshot(doc, this.busyS(nowMs));
      case 'ipset':
        return ipsetSnapshot(doc);
      case 'url_tracking':
        return this.lanVisits(doc, nowMs);
      case 'usage':
        return filteredUsage(usageSnapshot(leases(), traffic()), urlTrackingSnapshot(leases(), traffic()), this.lanVisits(doc, nowMs));
      case 'qos':
        return qosSnapshot(doc.qos, this.busyS(nowMs) - this.qosSinceBusyS, this.profile.peakBps);
      case 'user_mapping':
        return userMappingSnapshot(this.lanHostsNow(true), doc.user_mapping);
      case 'acceleration':
        return accelerationSnapshot(doc.acceleration, this.serial, this.accelBusyS, this.profile.peakBps);
      case 'ids':
        return this.ids.snapshot();
      case 'wireless':
        return wirelessSnapshot(this.serial, doc, dailyCurve(localHour(new Date(nowMs), this.profile.lng)));
      case 'vrrp': {
        const vrrp = vrrpSnapshot({ serial: this.serial, doc, interfaceUp: (n) => this.interfaceUp(n) }, this.fleet(), this.vrrpMasters);
        this.journal.vrrpSeen(vrrp.entries, nowMs);
        return vrrp;
      }
    }
  }

  /** The sites its LAN's clients visited since boot, as its own URL filter decided them. */
  private lanVisits(doc: ConfigDocument, nowMs: number) {
    const leases = dhcpLeases(doc, CLIENTS_PER_POOL, (n) => this.macOf(n));
    const visits = urlTrackingSnapshot(leases, { busyS: this.busyS(nowMs), peakBps: this.profile.peakBps, bootMs: this.bootedAt, nowMs });
    return filteredTracking(doc, visits, new Date(nowMs));
  }

  tunnels(doc: ConfigDocument | null, findPeer: (address: string) => Peer | undefined): { name: string; status: 'up' | 'down' }[] {
    if (!doc) {
      // No configuration, no tunnels: forgotten, so one configured again is established afresh.
      this.journal.tunnelsSeen([], this.clock(), 0);
      return [];
    }
    return this.tunnelsNow(doc, findPeer).map((t) => ({ name: t.name, status: t.state }));
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
    const before = this.links;
    this.links = base;
    for (const l of this.links) if (!this.counters.has(l.ifname)) this.counters.set(l.ifname, { rx: 0, tx: 0 });
    const nowMs = this.clock();
    const pings = before.map((l) => this.lastPing.get(l.ifname));
    this.lastPing = new Map(this.links.flatMap((l, i) => (pings[i] ? [[l.ifname, pings[i]] as const] : [])));
    this.journal.linksRenamed(before, this.links, nowMs);
    this.journal.configured(doc, doc ? dhcpLeases(doc, CLIENTS_PER_POOL, (n) => this.macOf(n)) : [], nowMs);
    this.urlDecisions.ran(doc?.web_filter, nowMs);
    if (JSON.stringify(doc?.qos) !== JSON.stringify(this.running?.qos)) this.qosSinceBusyS = this.busyS(nowMs);
    this.netflow.ran(doc?.netflow);
    if (JSON.stringify(doc?.acceleration) !== JSON.stringify(this.running?.acceleration)) this.accelBusyS = 0;
    this.ids.ran(doc?.ids_ips);
    this.running = doc;
  }

  /** Its model's hardware: a wireless section asking for a radio it lacks, inline IPS or a mesh hub on a box too small for it, is refused. */
  cannotRun(doc: ConfigDocument): string | null {
    return wirelessRefusal(this.profile.model, doc) ?? idsRefusal(this.profile.model, doc) ?? meshRefusal(this.profile.model, doc);
  }

  urlDecided(events: readonly UrlEvent[]): void {
    this.urlDecisions.add(events);
  }

  private bonding(): LinkBonding {
    const leg = (links: LinkState[]): LinkBonding['tunnel'] => ({
      status: links.length === 0 ? 'unknown' : links.some((l) => l.up) ? 'up' : 'down',
      interfaces: links.filter((l) => l.up).map((l) => l.ifname),
    });
    // Internet links bond into the tunnel (the configured bonds' members, when there are any); an MPLS circuit is its own leg.
    const section = this.running?.link_bonding;
    const bonded = new Set([...(section?.vpn ?? []), ...(section?.internet ?? [])].filter((b) => b.enabled).flatMap((b) => b.members));
    return {
      status: this.links.some((l) => l.up) ? 'up' : 'down',
      tunnel: leg(bonded.size ? this.links.filter((l) => bonded.has(l.ifname)) : this.links.filter((l) => l.kind !== 'mpls')),
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
    this.lastPing = new Map(ping.map((p) => [p.ifname, { latency_ms: p.latency_ms, jitter_ms: p.jitter_ms, loss_pct: p.loss_pct }]));
    return { at: at.toISOString(), interfaces, ping, system: systemLoad(load) };
  }

  /** Its LAN hosts' conversations over the WAN links as they are now (heartbeat names), steered by its SD-WAN rules, as its NetFlow section exports them. */
  flows(at: Date, intervalS: number): FlowRecord[] {
    const p = this.profile;
    const records = flowsFor(
      {
        at,
        intervalS,
        lng: p.lng,
        lat: p.lat,
        clients: this.lanHostsNow(true),
        links: this.links,
        peakBps: p.peakBps,
        pickWan: sdwanPicker(this.running, this.wanViews(at.getTime())),
      },
      this.flowRandom,
    );
    const extra = [...this.iotFlows(at, intervalS), ...this.scenarioFlows(at, intervalS)].flatMap((f) => this.leaving(f));
    const all = extra.length ? [...records, ...extra] : records;
    this.dns.sawFlows(all, at, intervalS);
    return this.netflow.export(all, at);
  }

  /** A record the box routed: to the LAN it stays on lan1, out it leaves by a WAN that is up (none up: dropped). */
  private leaving(f: FlowRecord): FlowRecord[] {
    const lan = this.lanPrefix();
    if (f.dst_ip.startsWith(`${lan}.`)) return [{ ...f, out_ifname: f.in_ifname, wan: null }];
    const link = this.links.find((l) => l.up);
    return link ? [{ ...f, out_ifname: link.ifname, wan: link.name }] : [];
  }

  /** The /24 of its first LAN's hosts, 'a.b.c'. */
  private lanPrefix(): string {
    const first = this.lanHostsNow()[0]?.ip ?? '192.168.1.100';
    return first.slice(0, first.lastIndexOf('.'));
  }

  /** The devices of its IoT LAN (an IoT site's; none elsewhere). */
  iotLanDevices(): IotLanDevice[] {
    return this.roles.iotSite ? iotLan(this.profile.serial, this.lanPrefix()) : [];
  }

  private iotFlows(at: Date, intervalS: number): FlowRecord[] {
    const toMs = at.getTime();
    return this.iotLanDevices().flatMap((d) => cloudFlows(d, toMs - intervalS * 1000, toMs, this.iotRandom));
  }

  /**
   * The devices it saw on its LANs in the `intervalS` before `at`, each with what it announced and
   * when it was first and last seen: an IoT site's report (none elsewhere).
   */
  iotDevices(at: Date, intervalS: number): IotDeviceReport[] {
    const toMs = at.getTime();
    const ifname = this.lanHostsNow()[0]?.interface ?? 'lan1';
    return this.iotLanDevices().flatMap((d) => {
      if (!presentAt(d, toMs)) return [];
      const lastSeen = toMs - Math.floor(this.iotRandom() * Math.min(intervalS, 60) * 1000);
      const first = this.iotFirstSeen.get(d.mac) ?? Math.min(lastSeen, this.bootedAt + Math.floor(this.iotRandom() * 60_000));
      this.iotFirstSeen.set(d.mac, first);
      return [reportOf(d, ifname, first, lastSeen)];
    });
  }

  /** Its sensors' MQTT and its bridge (an IoT site's; null elsewhere), made once. */
  iotTelemetry(): IotTelemetrySite | null {
    if (!this.roles.iotSite) return null;
    this.iotMqtt ??= new IotTelemetrySite(
      this.profile.serial,
      this.iotLanDevices().filter((d) => d.sensor),
      mulberry32(seedFrom(this.profile.serial, 'mqtt')),
    );
    return this.iotMqtt;
  }

  /** The DNS queries its resolver answered since the last call. */
  dnsQueries(): DnsQueryRecord[] {
    return this.dns.drain();
  }

  /** Its IDS/IPS engine's alerts since the last call (none while its section is off). */
  idsAlerts(): IdsAlertRecord[] {
    return this.ids.drain();
  }

  /**
   * Makes a host of its LAN misbehave (ndr-scenarios.ts): `host` by address, else its first LAN
   * host (a camera for camera-new-country). Its traffic joins the flows and the resolver's log
   * from the next export on; while any runs, the IDS engine matches every signature. The reason
   * when it cannot.
   */
  startScenario(kind: NdrScenarioKind, host?: string, atMs: number = this.clock()): RunningScenario | string {
    const hosts = this.lanHostsNow(true).map((h) => h.ip);
    let chosen = host;
    if (kind === 'camera-new-country') {
      const camera = this.iotLanDevices().find((d) => d.kind === 'camera' && (host === undefined || d.ip === host));
      if (!camera) return this.roles.iotSite ? `no camera at ${host}` : `${this.profile.name} is not an IoT site: it has no cameras`;
      chosen = camera.ip;
    } else if (chosen === undefined) chosen = hosts[0];
    else if (!hosts.includes(chosen) && !this.iotLanDevices().some((d) => d.ip === chosen)) return `no host ${chosen} on ${this.profile.name}'s LAN`;
    if (!chosen) return `${this.profile.name} has no LAN hosts`;
    const running = { kind, host: chosen, startedMs: atMs };
    this.scenarios.set(kind, running);
    this.ids.threatened = true;
    return running;
  }

  /** Stops a scenario, or all of them. */
  stopScenario(kind?: NdrScenarioKind): void {
    if (kind) this.scenarios.delete(kind);
    else this.scenarios.clear();
    this.ids.threatened = this.scenarios.size > 0;
  }

  get runningScenarios(): RunningScenario[] {
    return [...this.scenarios.values()];
  }

  private scenarioFlows(at: Date, intervalS: number): FlowRecord[] {
    if (this.scenarios.size === 0) return [];
    const toMs = at.getTime();
    const fromMs = toMs - intervalS * 1000;
    const lanPrefix = this.lanPrefix();
    const peers = [...this.lanHostsNow(true).map((h) => h.ip), ...this.iotLanDevices().map((d) => d.ip)];
    const out: FlowRecord[] = [];
    for (const s of this.scenarios.values()) {
      const camera = this.iotLanDevices().find((d) => d.ip === s.host && d.kind === 'camera');
      const target: ScenarioTarget = { host: s.host, lanPrefix, peers, ...(camera ? { camera } : {}) };
      const traffic = scenarioTraffic(s.kind, target, Math.max(fromMs, s.startedMs), toMs, s.startedMs, this.scenarioRandom);
      out.push(...traffic.flows);
      for (const q of traffic.dns) this.dns.add(q);
    }
    return out;
  }

  /**
   * Its LAN hosts' web requests through its explicit proxy (the hosts its flows come from, with
   * their users when known); nothing goes out while every WAN link is down.
   */
  browse(at: Date, intervalS: number, visitsPerMinute?: number): BrowsingRequest[] {
    if (!this.links.some((l) => l.up)) return [];
    const p = this.profile;
    const clients = this.lanHostsNow(true).map((h) => ({ ip: h.ip, user: h.user ?? null }));
    return browsingFor({ at, intervalS, lng: p.lng, lat: p.lat, clients, via: 'proxy', seed: p.serial, visitsPerMinute }, this.browsingRandom);
  }

  diagnostics(): string {
    const targets = trackingTargets(this.running, this.links);
    return this.links
      .map((l, i) =>
        l.up ? `${l.name} (${l.ifname}): ping ${targets[i]} ${l.baseLatencyMs.toFixed(1)} ms, 0% loss` : `${l.name} (${l.ifname}): link down, 100% loss`,
      )
      .join('\n');
  }

  /** A console's diagnostic, played out on what the box is now: its links, its routing table, its LAN. */
  diagnosticPlan(params: DiagnosticParams, jobId: string, context: DiagnosticContext): DiagnosticPlan {
    return diagnosticPlan(this.diagnosticView(), params, jobId, this.clock(), context);
  }

  /** Its lines' best capacity, when `address` is one of its own (public or overlay). */
  capacityAt(address: string): number | undefined {
    const p = this.profile;
    if (address !== p.vpnIp && !p.publicIps.includes(address)) return undefined;
    const up = this.links.filter((l) => l.up);
    return up.length ? Math.max(...up.map((l) => LINK_CAPACITY_MBPS[l.kind])) : undefined;
  }

  private diagnosticView(): GatewayView {
    const doc = this.running;
    const hosts = this.lanHostsNow(true);
    const wanAddress = (i: number) => (this.links[i]?.up ? (this.profile.publicIps[i] ?? this.profile.publicIps[0]!) : null);
    let interfaces: RouterInterface[];
    let routes: RouterRoute[];
    if (doc?.interfaces) {
      interfaces = interfacesOf(doc, (ifname) => {
        const ip = wanAddress(this.links.findIndex((l) => l.ifname === ifname));
        return ip ? { ip, prefix: 24 } : null;
      });
      routes = routingTable(doc, interfaces);
    } else {
      // No configuration yet: the lines it was built with, and the office LAN its hosts are on.
      const lan = hosts[0] ? `${hosts[0].ip.split('.').slice(0, 3).join('.')}.1` : '192.168.1.1';
      interfaces = [
        { name: 'lan1', kind: 'lan', address: lan, prefix: 24 },
        ...this.links.map((l, i) => ({ name: l.ifname, kind: 'wan' as const, address: wanAddress(i), prefix: 24 })),
      ];
      routes = [
        { destination: `${lan.split('.').slice(0, 3).join('.')}.0/24`, gateway: null, interface: 'lan1', metric: 0, origin: 'connected' },
        ...this.links.map((l, i) => ({ destination: '0.0.0.0/0', gateway: null, interface: l.ifname, metric: 10 * (i + 1), origin: 'default' as const })),
      ];
    }
    return { serial: this.profile.serial, links: this.links, interfaces, routes, lanHosts: hosts.map((h) => h.ip) };
  }

  sessionMs(): null {
    return null;
  }
}
