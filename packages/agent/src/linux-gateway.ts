import {
  configHash,
  vlanIfname,
  type ConfigDocument,
  type DiagnosticParams,
  type DnsQueryRecord,
  type FlowRecord,
  type IotDeviceReport,
  type IotTelemetryPoint,
  type StatusKind,
  type StatusSnapshot,
} from '@netloom/domain';
import type { DeviceBehaviour, DiagnosticIo, HeartbeatBody, HelloBody, LiveDiagnostic, MetricsBody } from '@netloom/simulator';
import type { LanEvidence } from './host/lan-evidence';
import { GatewayDiagnostics } from './diagnostics/gateway-diagnostics';
import type { Applier } from './host/applier';
import type { FlowAccounting } from './host/conntrack';
import { sampleHost, type Sample } from './host/sampler';
import { cannotRun, type HostFacts } from './support';
import { snapshotOf, tunnelStates } from './report/snapshots';
import { changedFamilies, runningDocument } from './report/drift';

/** Who the box is, as its hello and system report say it. */
export interface Identity {
  serial: string;
  name: string;
  mac?: string;
  /** e.g. 'Linux x86_64, 4 CPUs, 8 GiB' */
  model: string;
  /** e.g. 'Debian GNU/Linux 12 (bookworm), kernel 6.1.0' */
  os: string;
  version: string;
  board: string;
  /** What this host can run (nftables, dnsmasq, FRR…), as its diagnostics say. */
  capabilities: string[];
}

export interface LinuxGatewayOptions {
  identity: Identity;
  host: HostFacts;
  applier: Applier;
  /** What it ran when it stopped last (the state file), run again at start. */
  running: ConfigDocument | null;
  /** Someone changed the box by hand: what it runs now (the agent tells the server) and the families that changed. */
  drifted: (running: ConfigDocument, families: string[]) => void;
  /** The box's connections as flow records; none: this host has no conntrack. */
  flows?: FlowAccounting;
  /** Its dnsmasq's DNS queries and what it knows of the devices on its LANs; none: it reports neither. */
  evidence?: LanEvidence;
  /** Its MQTT bridge; none: it bridges no broker (it still reports its LAN devices). */
  telemetry?: TelemetrySource;
  /** Problems the agent meets on its own (a revert that failed), for its log. */
  log: (line: string) => void;
}

/** What the connection's telemetry export asks of a bridge: started with the export, drained at each one, stopped with the agent. */
interface TelemetrySource {
  start(): void | Promise<void>;
  drain(): IotTelemetryPoint[];
  stop(): Promise<void>;
}

/** A bridge to no broker: the device reports its LAN's devices with the IoT exports all the same, and no readings. */
const NO_TELEMETRY: TelemetrySource = { start: () => undefined, drain: () => [], stop: () => Promise.resolve() };

/**
 * The protocol client types a site's telemetry as the simulator's own class; the export only
 * starts, drains and stops it, which every TelemetrySource does.
 */
type TelemetrySite = ReturnType<NonNullable<DeviceBehaviour['iotTelemetry']>>;

/**
 * A real Linux gateway behind the agent protocol: it applies each configuration to the kernel
 * and its own services, and reports what the kernel and those services say. Reading the box
 * takes time, so it is read at every heartbeat (and before each status answer) and reported from
 * the last reading.
 */
export class LinuxGateway implements DeviceBehaviour {
  readonly kind = 'gateway' as const;
  readonly metricsEvery = 1 as const;
  private sample: Sample | null = null;
  private running: ConfigDocument | null;
  /** Applies run one at a time: a push, a revert, a re-run at start. */
  private queue: Promise<unknown> = Promise.resolve();
  private applying = 0;
  /** Moves at the start and end of every apply: a reading taken across one is not judged for drift. */
  private generation = 0;
  private reading: Promise<void> | null = null;
  /** The drift told last, so the same change is told once. */
  private lastDrift: string | null = null;
  private readonly diagnosticRuns = new GatewayDiagnostics();

  constructor(private readonly opts: LinuxGatewayOptions) {
    this.running = opts.running;
  }

  get serial() {
    return this.opts.identity.serial;
  }
  get name() {
    return this.opts.identity.name;
  }
  /** The document the box runs now, as the agent applied it last. */
  get runs(): ConfigDocument | null {
    return this.running;
  }

  hello(): HelloBody {
    const id = this.opts.identity;
    return {
      identity: { serial: id.serial, name: id.name, kind: 'gateway', ...(id.mac ? { mac: id.mac } : {}) },
      model: id.model,
      os: id.os,
      version: id.version,
    };
  }

  private wanLinks() {
    const s = this.sample;
    return (this.running?.interfaces?.wan ?? []).map((w) => {
      const link = s?.links.find((l) => l.ifname === w.name);
      const probes = s?.probes.filter((p) => p.ifname === w.name) ?? [];
      const linkUp = !!link && (link.operstate === 'UP' || (link.flags ?? []).includes('LOWER_UP'));
      // A link with its carrier up that answers none of its monitor targets carries nothing.
      const up = linkUp && (probes.length === 0 || probes.some((p) => p.loss_pct < 100));
      return { name: w.name, status: s ? (up ? ('up' as const) : ('down' as const)) : ('unknown' as const), ifname: w.name, weight: w.weight };
    });
  }

  heartbeat(_at: Date, configHash: string | null): HeartbeatBody {
    void this.refresh();
    const wan = this.wanLinks();
    const firstUp = (this.running?.interfaces?.wan ?? []).find((w, i) => wan[i]?.status === 'up');
    // A DHCP WAN's address is the one its lease gave, as the kernel has it.
    const address = firstUp ? (firstUp.ip ?? this.addressOf(firstUp.name)) : null;
    return {
      status: wan.length === 0 || wan.some((w) => w.status === 'up') ? 'running' : 'error',
      wan,
      public_ip: address,
      os: this.opts.identity.os,
      traffic: wan.map((w) => w.ifname),
      ...(configHash ? { config_hash: configHash } : {}),
    };
  }

  metrics(at: Date): MetricsBody {
    const s = this.sample;
    const ifs = this.running?.interfaces;
    const names = new Set([...(ifs?.lan.map((l) => l.name) ?? []), ...(ifs?.vlans.map(vlanIfname) ?? []), ...(ifs?.wan.map((w) => w.name) ?? [])]);
    const links = (s?.links ?? []).filter((l) => (names.size ? names.has(l.ifname) : l.ifname !== 'lo') && l.stats64);
    const firstProbe = (ifname: string) => s?.probes.find((p) => p.ifname === ifname);
    return {
      at: at.toISOString(),
      interfaces: links.slice(0, 32).map((l) => ({ ifname: l.ifname, rx_bytes: l.stats64!.rx.bytes, tx_bytes: l.stats64!.tx.bytes })),
      ping: [...names].flatMap((n) => {
        const p = firstProbe(n);
        return p ? [{ ifname: n, latency_ms: p.latency_ms, loss_pct: p.loss_pct, jitter_ms: p.jitter_ms }] : [];
      }),
      ...(s ? { system: { cpu_pct: s.system.cpu_pct, memory_pct: s.system.memory_pct } } : {}),
    };
  }

  diagnostics(): string {
    const probes = this.sample?.probes ?? [];
    const caps = `capabilities: ${this.opts.identity.capabilities.join(', ') || 'none'}`;
    if (!probes.length) return `${caps}\nno WAN monitor targets configured`;
    return (
      `${caps}\n` +
      probes
        .map((p) => `${p.ifname}: ping ${p.target} ${p.latency_ms === null ? 'no answer' : `${p.latency_ms.toFixed(1)} ms`}, ${p.loss_pct}% loss`)
        .join('\n')
    );
  }

  /** The console's diagnostics, run with the box's own programs (ping, traceroute, tcpdump, iperf3). */
  startDiagnostic(params: DiagnosticParams, io: DiagnosticIo, peer: unknown): LiveDiagnostic {
    return this.diagnosticRuns.start(params, io, peer);
  }

  /** An interface's IPv4 address as the kernel has it now (a DHCP WAN's lease). */
  private addressOf(ifname: string): string | null {
    return this.sample?.addrs.find((a) => a.ifname === ifname)?.addr_info.find((i) => i.family === 'inet')?.local ?? null;
  }

  cannotRun(doc: ConfigDocument): string | null {
    return cannotRun(doc, this.opts.host);
  }

  /** A push: applied to the box, or refused with what failed once what ran before runs again. */
  apply(doc: ConfigDocument | null): Promise<string | null> {
    const run = this.queue.then(async () => {
      this.applying++;
      this.generation++;
      try {
        const error = await this.opts.applier.apply(doc, this.running);
        if (!error) {
          this.running = doc;
          this.lastDrift = null;
        }
        return error;
      } finally {
        this.applying--;
        this.generation++;
      }
    });
    this.queue = run.catch(() => undefined);
    // The answer does not wait for the box to be read again (pings, load): the next reading shows what runs.
    return run.then((error) => {
      void this.refresh();
      return error;
    });
  }

  /** What it runs from now on (after a push, a revert, a drift): a revert is applied to the box here. */
  configure(doc: ConfigDocument | null): void {
    if ((doc ? configHash(doc) : null) === (this.running ? configHash(this.running) : null)) return;
    void this.apply(doc).then((error) => error && this.opts.log(`going back to the previous configuration failed: ${error}`));
  }

  statusSnapshot(kind: StatusKind, doc: ConfigDocument | null): StatusSnapshot {
    const id = this.opts.identity;
    return snapshotOf(kind, this.sample, doc ?? this.running, {
      board: id.board,
      model: id.model,
      firmware: `${id.os}, agent ${id.version}`,
      capabilities: id.capabilities,
    });
  }

  /** Reads the box again (one reading at a time) and tells a change made by hand. */
  refresh(): Promise<void> {
    const generation = this.generation;
    const frr = this.opts.host.caps.bgpd ? this.opts.applier.frr : null;
    const strongswan = this.opts.host.caps.charon ? this.opts.applier.strongswan : null;
    const read = sampleHost(this.opts.applier.dnsmasq, this.running, this.opts.host.caps.nftables, frr, strongswan, this.opts.applier.clock);
    this.reading ??= Promise.all([read, this.opts.flows?.sweep()])
      .then(([sample]) => {
        this.sample = sample;
        this.opts.evidence?.observeHost(sample.neighbours, sample.leases, this.lanIfnames());
        if (generation === this.generation) this.checkDrift(sample);
      })
      .catch((err: Error) => this.opts.log(`reading the box failed: ${err.message}`))
      .finally(() => {
        this.reading = null;
      });
    return this.reading;
  }

  private checkDrift(sample: Sample): void {
    const doc = this.running;
    if (!doc || this.applying > 0) return;
    const runs = runningDocument(doc, sample, this.opts.applier.dnsmasq.files, this.opts.host.caps.chronyd);
    const hash = configHash(runs);
    if (hash === configHash(doc) || hash === this.lastDrift) return;
    this.lastDrift = hash;
    this.opts.drifted(runs, changedFamilies(doc, runs));
  }

  /** Its tunnels up or down, for the IPsec alarms: up when strongSwan has the tunnel's child SA installed. */
  tunnels(): { name: string; status: 'up' | 'down' }[] {
    return tunnelStates(this.sample, this.running).map((t) => ({ name: t.name, status: t.state }));
  }

  /** What its connections moved since the last export (conntrack's counters, read at every heartbeat). */
  flows(at: Date, intervalS: number): FlowRecord[] {
    const records = this.opts.flows?.take(at, intervalS, this.running, (ifname) => this.addressOf(ifname)) ?? [];
    // The ports LAN hosts answer on and connect to tell what they are (the IoT Gateway's discovery).
    this.opts.evidence?.observeFlows(records);
    return records;
  }

  /** Its LAN interfaces and VLANs, by the names the kernel knows them by. */
  private lanIfnames(): Set<string> {
    const ifs = this.running?.interfaces;
    return new Set([...(ifs?.lan.map((l) => l.name) ?? []), ...(ifs?.vlans.map(vlanIfname) ?? [])]);
  }

  /** The DNS queries its dnsmasq answered since the last export. */
  dnsQueries(): DnsQueryRecord[] {
    return this.opts.evidence?.dnsQueries() ?? [];
  }

  /** The devices seen on its LANs lately, with what they said of themselves and the ports they use. */
  iotDevices(at: Date): IotDeviceReport[] {
    return this.opts.evidence?.devices(at.getTime()) ?? [];
  }

  /** Its MQTT bridge; null when it reports nothing of its LANs. */
  iotTelemetry(): TelemetrySite {
    if (!this.opts.evidence && !this.opts.telemetry) return null;
    return (this.opts.telemetry ?? NO_TELEMETRY) as unknown as TelemetrySite;
  }

  sessionMs(): null {
    return null;
  }
}
