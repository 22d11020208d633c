import type { ConfigDocument, DemResult, DnsQueryRecord, FlowRecord, ZtnaSession, ZtnaSessionsMessage } from '@netloom/domain';
import { DnsLog } from './dns-log';
import type { BehaviourState, DeviceBehaviour, HeartbeatBody, HelloBody, MetricsBody } from './behaviour';
import type { EndpointProfile } from './profiles';
import { browsingFor, type BrowsingRequest } from './browsing';
import { DemClient, type DemClientOptions } from './dem-client';
import { EndpointExperience, type ExperienceChange } from './dem-experience';
import { flowsFor } from './flows';
import { chance, mulberry32, noise, randomBetween, randomInt, seedFrom, type Random } from './prng';
import { advanceCounters, type Counters } from './traffic';
import { ZtnaClient, type ZtnaClientOptions } from './ztna-client';

/** The ZTNA client's tunnel adapter: its traffic enters there and leaves by the physical interface. */
export const ZTNA_TUNNEL_IFNAME = 'nl0';

export interface SessionRules {
  onlineMs: [number, number];
  awayMs: [number, number];
}

/** People work for a while, close the lid and come back: the console sees users come and go. */
export const DEFAULT_SESSION_RULES: SessionRules = { onlineMs: [5 * 60_000, 40 * 60_000], awayMs: [60_000, 10 * 60_000] };

/** A ZTNA endpoint: 'connected' with its tunnel up, now and then only 'online' while it re-establishes it. */
export class EndpointBehaviour implements DeviceBehaviour {
  readonly kind = 'endpoint';
  private tunnelDownTicks = 0;
  private counters: Counters;
  private lastMetricsAt: number | null = null;
  /** Its own stream, so exporting flows (or not) leaves the rest of a seed's behaviour as it was. */
  private readonly flowRandom: Random;
  /** Its resolver's queries, consistent with its flows. */
  private readonly dns: DnsLog;
  /** Likewise for its user's web requests. */
  private readonly browsingRandom: Random;
  /** Its zero-trust client: the `ztna` section it runs, the connections its user tries, the version it installed. */
  private ztna: ZtnaClient;
  /** Its digital experience tests, run as its Wi-Fi, CPU, relay and the applications are now. */
  private readonly dem: DemClient;

  constructor(
    readonly profile: EndpointProfile,
    private readonly random: Random,
    private readonly sessions: SessionRules | null = DEFAULT_SESSION_RULES,
    private readonly ztnaOptions: ZtnaClientOptions = {},
    demOptions: DemClientOptions = {},
    experience: ExperienceChange = {},
  ) {
    // From zero at the simulator's start, like a gateway's (see GatewayBehaviour).
    this.counters = { rx: 0, tx: 0 };
    this.flowRandom = mulberry32(seedFrom(profile.serial, 'flows'));
    this.dns = new DnsLog({ localDomain: 'home.arpa', random: mulberry32(seedFrom(profile.serial, 'dns')) });
    this.browsingRandom = mulberry32(seedFrom(profile.serial, 'browsing'));
    this.ztna = new ZtnaClient(profile, undefined, ztnaOptions);
    this.dem = new DemClient(profile, new EndpointExperience(profile, experience), demOptions);
  }

  /** What its user goes through now (Wi-Fi, relay, slow applications, a busy laptop): a test or an operator changes it while it runs. */
  get experience(): EndpointExperience {
    return this.dem.experience;
  }

  persisted(): BehaviourState {
    return this.ztna.saved();
  }

  /** Back from the state file, before it connects: the client version it had installed. */
  restore(state: BehaviourState): void {
    this.ztna = new ZtnaClient(this.profile, state, this.ztnaOptions);
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
      identity: { serial: p.serial, name: p.name, kind: 'endpoint', mac: p.mac, user: p.user },
      model: p.model,
      os: p.os,
      version: this.ztna.clientVersion(),
      // A client waiting for approval sends no heartbeat: the person approving it sees these.
      posture: this.ztna.posture(),
      public_ip: p.publicIp,
    };
  }

  heartbeat(at: Date, configHash: string | null): HeartbeatBody {
    if (this.tunnelDownTicks > 0) this.tunnelDownTicks -= 1;
    else if (chance(this.random, 0.01)) this.tunnelDownTicks = randomInt(this.random, 1, 6);
    const connected = this.tunnelDownTicks === 0;
    const p = this.profile;
    return {
      status: connected ? 'connected' : 'online',
      wan: [],
      public_ip: p.publicIp,
      vpn_ip: connected ? p.vpnIp : null,
      location: { name: `${p.place.city}, ${p.place.country}`, lat: p.lat, lng: p.lng },
      os: p.os,
      user: p.user,
      traffic: [p.ifname],
      posture: this.ztna.posture(at.getTime()),
      ...(configHash ? { config_hash: configHash } : {}),
    };
  }

  configure(doc: ConfigDocument | null): void {
    this.ztna.ran(doc?.ztna);
    this.dem.ran(doc, Date.now());
  }

  demResults(at: Date, intervalS: number): DemResult[] {
    return this.dem.results(at, intervalS);
  }

  ztnaSessions(at: Date, intervalS: number, endpointId: string | null): ZtnaSession[] {
    return this.ztna.sessions(at, intervalS, endpointId);
  }

  ztnaRelays(): ZtnaSessionsMessage['relays'] {
    return this.ztna.relays();
  }

  activeSessionsThrough(connectorId: string): number {
    return this.ztna.activeThrough(connectorId);
  }

  metrics(at: Date): MetricsBody {
    const now = at.getTime();
    const dt = this.lastMetricsAt === null ? 0 : (now - this.lastMetricsAt) / 1000;
    this.lastMetricsAt = now;
    const p = this.profile;
    this.counters = advanceCounters(this.counters, { peakBps: p.peakBps, txShare: 0.2, lng: p.lng }, at, dt, true, this.random);
    const latency = Math.max(1, p.baseLatencyMs * (1 + noise(this.random, 0.2)));
    return {
      at: at.toISOString(),
      interfaces: [{ ifname: p.ifname, rx_bytes: this.counters.rx, tx_bytes: this.counters.tx }],
      ping: [{ ifname: p.ifname, latency_ms: Math.round(latency * 10) / 10, loss_pct: chance(this.random, 0.03) ? 1 : 0 }],
    };
  }

  /**
   * One person's traffic through the ZTNA tunnel, from its tunnel address, every record naming the
   * signed-in user; nothing while the tunnel is being re-established.
   */
  flows(at: Date, intervalS: number): FlowRecord[] {
    const p = this.profile;
    const records = flowsFor(
      {
        at,
        intervalS,
        lng: p.lng,
        lat: p.lat,
        clients: [{ ip: p.vpnIp, hostname: p.name }],
        links: [{ ifname: p.ifname, name: p.ifname, up: this.tunnelDownTicks === 0, weight: 1 }],
        user: p.user,
        lanIfname: ZTNA_TUNNEL_IFNAME,
        peakBps: p.peakBps,
      },
      this.flowRandom,
    );
    // The ZTNA client resolves the names its user reaches: each connection's lookup, unless cached.
    this.dns.sawFlows(records, at, intervalS);
    return records;
  }

  /** The DNS queries the endpoint made since the last call. */
  dnsQueries(): DnsQueryRecord[] {
    return this.dns.drain();
  }

  /**
   * Its user's web requests as the ZTNA agent sees them (each one, https included), from its tunnel
   * address. The agent filters on the device, so the user browses through a tunnel reconnect too.
   */
  browse(at: Date, intervalS: number, visitsPerMinute?: number): BrowsingRequest[] {
    const p = this.profile;
    return browsingFor(
      { at, intervalS, lng: p.lng, lat: p.lat, clients: [{ ip: p.vpnIp, user: p.user }], via: 'agent', seed: p.serial, visitsPerMinute },
      this.browsingRandom,
    );
  }

  diagnostics(): string {
    const p = this.profile;
    return `${p.os} ${p.model}, client ${this.ztna.clientVersion()}\n${p.ifname}: ${p.publicIp}, tunnel ${this.tunnelDownTicks === 0 ? `up (${p.vpnIp})` : 'reconnecting'}`;
  }

  sessionMs(): { online: number; away: number } | null {
    if (!this.sessions) return null;
    return { online: randomBetween(this.random, ...this.sessions.onlineMs), away: randomBetween(this.random, ...this.sessions.awayMs) };
  }
}
