import {
  IDS_CATEGORIES,
  IDS_LATEST_ALERTS,
  IDS_SIGNATURES,
  idsOutcome,
  type ConfigDocument,
  type IdsAlertRecord,
  type IdsIpsSection,
  type StatusSnapshot,
} from '@netloom/domain';
import type { DeviceLog } from './device-log';
import { pick, poisson, randomInt, type Random } from './prng';

type IdsSnapshot = Extract<StatusSnapshot, { kind: 'ids' }>;
type IdsAlert = IdsSnapshot['entries'][number];

/** Signature matches per busy minute (a minute at the box's peak rate) on each inspected interface: a few an hour on a quiet branch. */
const MATCHES_PER_BUSY_MINUTE = 0.3;
/** What ordinary office traffic matches: policy and informational signatures (Suricata severity 3), never an attack's. */
const BACKGROUND_SIGNATURES = IDS_SIGNATURES.filter((s) => s.severity === 3);
/** Alerts kept for the export while the server does not take them: the last hours of a busy box, then the oldest go. */
const EXPORT_PENDING_MAX = 5_000;
/** The models too small to inspect inline: their engine only listens, it cannot hold packets back. */
const DETECT_ONLY_MODELS = new Set(['NL-Edge 100']);

/** Why this model cannot run the IDS/IPS section, as its firmware says it; null: it can. */
export function idsRefusal(model: string, doc: ConfigDocument): string | null {
  if (doc.ids_ips?.mode !== 'prevent' || !DETECT_ONLY_MODELS.has(model)) return null;
  return `ids_ips: suricata cannot run inline (NFQUEUE) on this model (${model}): prevent mode is not supported, use detect mode`;
}

/** What the box sees of its traffic between two heartbeats. */
export interface InspectedTraffic {
  at: Date;
  /** Seconds at peak rate carried since the last heartbeat (nothing while every WAN is down). */
  busyS: number;
  /** How many of the interfaces the section names are up. */
  interfacesUp: number;
  /** Addresses of hosts inside (its LAN hosts), asked only when something matched. */
  inside: () => readonly string[];
}

/** Suricata's fast.log time: 03/02/2026-08:39:12.123456. */
function fastLogTime(at: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  const date = `${two(at.getUTCMonth() + 1)}/${two(at.getUTCDate())}/${at.getUTCFullYear()}`;
  return `${date}-${two(at.getUTCHours())}:${two(at.getUTCMinutes())}:${two(at.getUTCSeconds())}.${String(at.getUTCMilliseconds() * 1000).padStart(6, '0')}`;
}

/** An alert as Suricata's fast.log writes it; a dropped packet's line starts with [Drop]. */
function fastLogLine(a: IdsAlert): string {
  const classification = IDS_CATEGORIES.find((c) => c.key === a.category)?.label ?? a.category;
  const drop = a.action === 'dropped' ? '[Drop] ' : '';
  return `${fastLogTime(new Date(a.at))}  ${drop}[**] [1:${a.sid}:1] ${a.message} [**] [Classification: ${classification}] [Priority: ${a.severity}] {${a.protocol}} ${a.src}:${a.src_port} -> ${a.dst}:${a.dst_port}`;
}

/**
 * The gateway's IDS/IPS engine: while its section is on, the traffic of the interfaces it names
 * now and then matches a shipped signature; what the match becomes (nothing, an alert, a drop) is
 * the domain's rule. Alerts are counted per category from when the section was applied, the
 * latest kept for the status snapshot, and each written to the device log as fast.log does.
 */
export class IdsEngine {
  private section: IdsIpsSection | undefined;
  private counts = new Map<string, { alerted: number; dropped: number }>();
  private latest: IdsAlert[] = [];
  /** Alerts not yet exported (the eve.json lines the agent has not sent). */
  private pending: IdsAlertRecord[] = [];
  /**
   * Something on the LAN misbehaves (an NDR scenario runs): the engine matches every shipped
   * signature. Otherwise only what ordinary traffic trips, so a quiet demo raises no severe alert.
   */
  threatened = false;

  constructor(
    private readonly random: Random,
    private readonly log: DeviceLog,
  ) {}

  /** The section it now runs: a changed one starts the counters again. */
  ran(section: IdsIpsSection | undefined): void {
    if (JSON.stringify(section) === JSON.stringify(this.section)) return;
    this.section = section;
    this.counts = new Map();
    this.latest = [];
  }

  /** The interfaces it inspects (none while off). */
  interfaces(): readonly string[] {
    return this.section && this.section.mode !== 'off' ? this.section.interfaces : [];
  }

  inspect(traffic: InspectedTraffic): void {
    if (this.interfaces().length === 0 || traffic.busyS <= 0 || traffic.interfacesUp === 0) return;
    const matches = poisson((traffic.busyS / 60) * MATCHES_PER_BUSY_MINUTE * traffic.interfacesUp, this.random);
    if (matches === 0) return;
    const inside = traffic.inside();
    for (let i = 0; i < matches; i++) this.match(traffic.at, inside);
  }

  private match(at: Date, hosts: readonly string[]): void {
    const sig = pick(this.random, this.threatened ? IDS_SIGNATURES : BACKGROUND_SIGNATURES);
    const inside = hosts.length ? pick(this.random, hosts) : '192.168.1.10';
    const outside = `${pick(this.random, [45, 89, 103, 146, 185, 193])}.${randomInt(this.random, 1, 254)}.${randomInt(this.random, 0, 255)}.${randomInt(this.random, 1, 254)}`;
    const ephemeral = randomInt(this.random, 32768, 60999);
    const [src, dst] = sig.inbound ? [outside, inside] : [inside, outside];
    const outcome = idsOutcome(this.section, { sid: sig.sid, category: sig.category, src, dst });
    if (outcome === 'none') return;
    const alert: IdsAlert = {
      at: at.toISOString(),
      sid: sig.sid,
      message: sig.message,
      category: sig.category,
      severity: sig.severity,
      protocol: sig.protocol,
      src,
      src_port: sig.protocol === 'ICMP' ? 0 : ephemeral,
      dst,
      dst_port: sig.protocol === 'ICMP' ? 0 : sig.port,
      action: outcome,
    };
    const count = this.counts.get(sig.category) ?? { alerted: 0, dropped: 0 };
    count[outcome] += 1;
    this.counts.set(sig.category, count);
    this.latest = [alert, ...this.latest].slice(0, IDS_LATEST_ALERTS);
    const { protocol: _protocol, ...record } = alert;
    this.pending.push({ ...record, severity: sig.severity });
    if (this.pending.length > EXPORT_PENDING_MAX) this.pending.shift();
    this.log.write(at, sig.severity === 1 ? 'warning' : 'notice', 'suricata', fastLogLine(alert));
  }

  /** The alerts raised since the last call, oldest first, as the ids_alerts message carries them. */
  drain(): IdsAlertRecord[] {
    const out = this.pending;
    this.pending = [];
    return out;
  }

  snapshot(): IdsSnapshot {
    const mode = this.section?.mode ?? 'off';
    if (mode === 'off') return { kind: 'ids', mode, categories: [], entries: [] };
    // Every category the section loads, in the shipped order, a disabled one left out.
    const categories = IDS_CATEGORIES.filter((c) => this.section!.categories[c.key] !== 'disable').map((c) => ({
      category: c.key,
      ...(this.counts.get(c.key) ?? { alerted: 0, dropped: 0 }),
    }));
    return { kind: 'ids', mode, categories, entries: this.latest };
  }
}
