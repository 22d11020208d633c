import type { EndpointProfile } from './profiles';
import { fixedShare, noise, type Random } from './prng';

export type DemNetwork = 'wifi' | 'wired' | 'cellular';

/**
 * What a test or an operator does to one endpoint's experience while the simulator runs: its
 * Wi-Fi signal (a user moved to a meeting room far from the access point), a slow or lossy ZTNA
 * relay, an application slow to answer (by its id or host name), a busy laptop. Unset: as the
 * seed made the endpoint.
 */
export interface ExperienceChange {
  /** The Wi-Fi signal it sees (dBm, -30 strong … -90 barely there); an endpoint on a cable or cellular switches to Wi-Fi. */
  wifiDbm?: number | null;
  /** Extra round trip through its relay (ms): a congested relay. */
  relayExtraMs?: number | null;
  /** Applications slow to answer, by application id or host name: the extra server time (ms). */
  appSlowMs?: Record<string, number> | null;
  /** Applications that do not answer at all, by application id or host name. */
  appDown?: string[] | null;
  /** A DNS resolver slow to answer (extra ms per lookup). */
  dnsExtraMs?: number | null;
  /** CPU and memory in use (percent): a laptop busy with an update or a video call. */
  cpuPct?: number | null;
  memoryPct?: number | null;
}

/** Interface names of the profiles by the network they are on. */
const WIRED = new Set(['Ethernet', 'enp0s31f6', 'en1']);
const CELLULAR = new Set(['rmnet0', 'pdp_ip0']);

/** The network an endpoint's interface is on, as the seed made it. */
export function networkOf(ifname: string): DemNetwork {
  if (WIRED.has(ifname)) return 'wired';
  if (CELLULAR.has(ifname)) return 'cellular';
  return 'wifi';
}

/** The endpoint's situation at one moment: what its DEM tests see. */
export interface EndpointContext {
  network: DemNetwork;
  wifiDbm: number | null;
  ssid: string | null;
  cpuPct: number;
  memoryPct: number;
  /** Its access line's round trip (ms), before Wi-Fi. */
  accessMs: number;
  /** Its downlink (bytes a second) at best. */
  downBps: number;
  relayExtraMs: number;
  dnsExtraMs: number;
  /** Extra server time (ms) of an application, by id or host. */
  appSlowMs(appIdOrHost: readonly string[]): number;
  appDown(appIdOrHost: readonly string[]): boolean;
}

/**
 * One endpoint's experience: the seed's normal (a good Wi-Fi signal at home or at the office, a
 * laptop mostly idle), with what was changed on top. Changes merge; `heal()` puts back the normal.
 */
export class EndpointExperience {
  private change: ExperienceChange = {};
  private readonly homeSsid: string;
  private readonly baseDbm: number;
  private readonly baseCpu: number;
  private readonly baseMemory: number;

  constructor(
    private readonly profile: EndpointProfile,
    initial: ExperienceChange = {},
  ) {
    const s = profile.serial;
    // Most sit close to their access point: -45 to -62 dBm.
    this.baseDbm = Math.round(-45 - fixedShare(s, 'wifi') * 17);
    const org = profile.user.split('@')[1]?.split('.')[0] ?? 'corp';
    this.homeSsid = fixedShare(s, 'ssid') < 0.5 ? `${org}-office` : `home-${s.slice(-4).toLowerCase()}`;
    this.baseCpu = 8 + fixedShare(s, 'cpu') * 25;
    this.baseMemory = 40 + fixedShare(s, 'memory') * 25;
    this.set(initial);
  }

  /** Applies a change on top of the earlier ones (null clears that part; slow and down applications add up). */
  set(change: ExperienceChange): void {
    const next: ExperienceChange = { ...this.change };
    for (const [k, v] of Object.entries(change) as [keyof ExperienceChange, unknown][]) {
      if (v === undefined) continue;
      if (v === null) delete next[k];
      else if (k === 'appSlowMs') next.appSlowMs = { ...next.appSlowMs, ...(v as Record<string, number>) };
      else if (k === 'appDown') next.appDown = [...new Set([...(next.appDown ?? []), ...(v as string[])])];
      else (next as Record<string, unknown>)[k] = v;
    }
    this.change = next;
  }

  /** Back to the seed's normal. */
  heal(): void {
    this.change = {};
  }

  /** What was changed, for a log line or a test. */
  get changed(): Readonly<ExperienceChange> {
    return this.change;
  }

  /** Its situation now, with a little of the moment's noise (a laptop's load moves). */
  now(random: Random): EndpointContext {
    const p = this.profile;
    const c = this.change;
    const network: DemNetwork = c.wifiDbm !== undefined ? 'wifi' : networkOf(p.ifname);
    const wifiDbm = network === 'wifi' ? Math.round((c.wifiDbm ?? this.baseDbm) + noise(random, 1.5)) : null;
    const clampPct = (v: number) => Math.round(Math.min(100, Math.max(0, v)) * 10) / 10;
    const slow = c.appSlowMs ?? {};
    const down = new Set(c.appDown ?? []);
    return {
      network,
      wifiDbm,
      ssid: network === 'wifi' ? this.homeSsid : null,
      cpuPct: clampPct((c.cpuPct ?? this.baseCpu) + noise(random, 4)),
      memoryPct: clampPct((c.memoryPct ?? this.baseMemory) + noise(random, 1.5)),
      accessMs: p.baseLatencyMs,
      downBps: p.peakBps * 20,
      relayExtraMs: c.relayExtraMs ?? 0,
      dnsExtraMs: c.dnsExtraMs ?? 0,
      appSlowMs: (keys) => keys.reduce((ms, k) => Math.max(ms, slow[k] ?? 0), 0),
      appDown: (keys) => keys.some((k) => down.has(k)),
    };
  }
}
