/**
 * The load of bench:live: thousands of light device agents (hello, then a
 * heartbeat every interval, phases staggered uniformly) and a few dozen consoles that time every
 * row they are pushed. A heartbeat carries its send time as its single `traffic` entry; the live
 * row relays it, so a console's latency sample is its arrival time minus that stamp (`now`, one
 * clock for the whole machine: the consoles run in a process of their own, see consoles-child.ts).
 */
import WebSocket from 'ws';

/**
 * Milliseconds since boot (CLOCK_MONOTONIC), to the microsecond: one clock for every process on the
 * machine, so the devices (stamping) and the consoles (timing) can live in different processes.
 */
export const now = (): number => {
  const [s, ns] = process.hrtime();
  return s * 1e3 + ns / 1e6;
};

export interface BenchTenant {
  id: string;
  enrolmentKey: string;
}

/** How a side (Netloom server or bare relay) is spoken to. */
export interface Target {
  name: string;
  deviceUrl: string;
  hello(tenant: BenchTenant, serial: string): Record<string, unknown>;
  consoleUrl(tenant: BenchTenant): string;
  /** The console's first message (the token), if the side wants one. */
  consoleHello: Record<string, unknown> | null;
}

interface Device {
  ws: WebSocket;
  seq: number;
}

const wsOptions = { perMessageDeflate: false, handshakeTimeout: 30_000 } as const;

function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    p.finally(() => clearTimeout(timer)),
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms / 1000} s`)), ms);
    }),
  ]);
}

export class Fleet {
  private devices: Device[] = [];
  acks = 0;
  sent = 0;
  /** Devices whose socket closed after they were welcomed. */
  dropped = 0;
  lastDrop: string | null = null;
  private ticker: NodeJS.Timeout | null = null;
  private stopping = false;

  get size(): number {
    return this.devices.length;
  }

  /**
   * Connects `perTenant` devices per tenant, `wave` at a time, each waiting for its welcome.
   * Device i belongs to tenant i mod T, so every tenant's heartbeats are spread over the interval.
   */
  async enrol(target: Target, tenants: BenchTenant[], perTenant: number, wave: number, runId: string): Promise<void> {
    const total = tenants.length * perTenant;
    for (let start = 0; start < total; start += wave) {
      const batch: Promise<Device>[] = [];
      for (let i = start; i < Math.min(total, start + wave); i++) {
        batch.push(this.connectOne(target, tenants[i % tenants.length]!, `BENCH-${runId}-${String(i).padStart(5, '0')}`));
      }
      const settled = await withTimeout(Promise.allSettled(batch), 90_000, `${target.name}: enrolment wave at ${start}`);
      const failed = settled.find((s) => s.status === 'rejected');
      for (const s of settled) if (s.status === 'fulfilled') this.devices.push(s.value);
      if (failed) throw new Error(`${target.name}: enrolment failed after ${this.devices.length} devices: ${String(failed.reason)}`);
    }
  }

  private connectOne(target: Target, tenant: BenchTenant, serial: string): Promise<Device> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(target.deviceUrl, wsOptions);
      const device: Device = { ws, seq: 1 };
      let welcomed = false;
      ws.on('open', () => ws.send(JSON.stringify({ seq: device.seq, ...target.hello(tenant, serial) })));
      ws.on('message', (data) => {
        const text = data.toString();
        if (text.startsWith('{"type":"ack"')) {
          this.acks++;
          return;
        }
        const m = JSON.parse(text) as { type?: string };
        if (m.type === 'welcome' && !welcomed) {
          welcomed = true;
          resolve(device);
        }
      });
      ws.on('error', (err) => {
        if (!welcomed) reject(err);
      });
      ws.on('close', (code, reason) => {
        if (!welcomed) reject(new Error(`closed before welcome: ${code} ${reason.toString()}`));
        else if (!this.stopping) {
          this.dropped++;
          this.lastDrop = `${code} ${reason.toString()}`;
        }
      });
    });
  }

  private heartbeat(d: Device): void {
    if (d.ws.readyState !== WebSocket.OPEN) return;
    d.seq++;
    this.sent++;
    d.ws.send(
      `{"type":"heartbeat","seq":${d.seq},"status":"running","wan":[{"name":"WAN1","status":"up","ifname":"eth0","weight":1}],` +
        `"public_ip":"203.0.113.10","location":{"name":"Chennai","lat":13.08,"lng":80.27},"traffic":["${now().toFixed(2)}"]}`,
    );
    if (!this.withMetrics) return;
    // What the performance alarms judge: a ping per WAN (well within any threshold) and counters.
    d.seq++;
    this.sent++;
    d.ws.send(
      `{"type":"metrics","seq":${d.seq},"at":"${new Date().toISOString()}","interfaces":[{"ifname":"eth0","rx_bytes":${d.seq * 1000},"tx_bytes":${d.seq * 400}}],` +
        `"ping":[{"ifname":"eth0","latency_ms":${20 + (d.seq % 7)},"jitter_ms":2,"loss_pct":0}],"system":{"cpu_pct":12,"memory_pct":40}}`,
    );
  }

  /** Each heartbeat is followed by a metrics message (bench:alarms: ingest as a gateway sends it). */
  withMetrics = false;

  /** Every device heartbeats once per interval; device i at offset i × interval / N. */
  startHeartbeats(intervalMs: number): void {
    const n = this.devices.length;
    const t0 = performance.now();
    let cycle = 0;
    let cursor = 0;
    this.ticker = setInterval(() => {
      const t = performance.now() - t0;
      for (let sent = 0; sent < n; sent++) {
        if (cycle * intervalMs + (cursor * intervalMs) / n > t) break;
        this.heartbeat(this.devices[cursor]!);
        if (++cursor === n) {
          cursor = 0;
          cycle++;
        }
      }
    }, 5);
  }

  /** Stops heartbeats and drops every socket without a goodbye (no offline storm on the server). */
  stop(): void {
    this.stopping = true;
    if (this.ticker) clearInterval(this.ticker);
    this.ticker = null;
    for (const d of this.devices) d.ws.terminate();
    this.devices = [];
  }
}

const PARTIAL_HEAD = Buffer.from('{"deviceinfo":[');
const PARTIAL_TAIL = Buffer.from('],"partial":true}');
const TRAFFIC = Buffer.from('"traffic":');
const TRAFFIC_KEY = Buffer.from('"traffic":["');
const QUOTE = 0x22;

/** A message of changed rows, as both the live hub and the relay write it. */
const isPartial = (bytes: Buffer) =>
  bytes.length >= PARTIAL_HEAD.length + PARTIAL_TAIL.length &&
  bytes.subarray(0, PARTIAL_HEAD.length).equals(PARTIAL_HEAD) &&
  bytes.subarray(bytes.length - PARTIAL_TAIL.length).equals(PARTIAL_TAIL);

/**
 * Calls `found` with each row's stamp (its traffic's first entry; NaN when a row has none). The
 * message's bytes are scanned rather than decoded and parsed: one process plays 50 consoles here,
 * and building every row's text and objects (5,000 rows a second) only to drop them made the
 * harness collect garbage more often with the hub's full rows than with the relay's one-field
 * ones (174 against 81 young-generation pauses in a 60 s run), and its own pauses were counted as
 * the hub's latency. Each row carries "traffic" once; JSON.stringify writes it without spaces.
 */
export function readStamps(bytes: Buffer, found: (stamp: number) => void): void {
  let rows = 0;
  for (let at = bytes.indexOf(TRAFFIC); at !== -1; at = bytes.indexOf(TRAFFIC, at + 1)) {
    rows++;
    if (bytes.compare(TRAFFIC_KEY, 0, TRAFFIC_KEY.length, at, at + TRAFFIC_KEY.length) !== 0) {
      found(NaN);
      continue;
    }
    const from = at + TRAFFIC_KEY.length;
    const to = bytes.indexOf(QUOTE, from);
    found(to === -1 ? NaN : Number(bytes.toString('latin1', from, to)));
  }
  if (rows === 0) found(NaN);
}

export class Consoles {
  private sockets: WebSocket[] = [];
  /** Latency samples (ms) recorded while `recording`. */
  readonly samples: number[] = [];
  recording = false;
  partials = 0;
  /** Rows whose traffic stamp could not be read (not from a heartbeat of this run). */
  unstamped = 0;
  dropped = 0;
  private stopping = false;

  async open(target: Target, tenants: BenchTenant[], perTenant: number): Promise<void> {
    const opening: Promise<void>[] = [];
    for (const tenant of tenants) for (let i = 0; i < perTenant; i++) opening.push(this.openOne(target, tenant));
    await withTimeout(Promise.all(opening), 90_000, `${target.name}: consoles`);
  }

  private openOne(target: Target, tenant: BenchTenant): Promise<void> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(target.consoleUrl(tenant), wsOptions);
      this.sockets.push(ws);
      let ready = false;
      ws.on('open', () => {
        if (target.consoleHello) ws.send(JSON.stringify(target.consoleHello));
      });
      ws.on('message', (data) => {
        const arrived = now();
        const bytes = data as Buffer;
        if (!ready) {
          const m = JSON.parse(bytes.toString()) as { deviceinfo?: unknown[]; partial?: boolean };
          // The first full list: authenticated and subscribed.
          if (m.deviceinfo && !m.partial) {
            ready = true;
            resolve();
          }
          return;
        }
        if (!this.recording || !isPartial(bytes)) return;
        this.partials++;
        readStamps(bytes, (stamp) => {
          if (Number.isFinite(stamp)) this.samples.push(arrived - stamp);
          else this.unstamped++;
        });
      });
      ws.on('error', (err) => {
        if (!ready) reject(err);
      });
      ws.on('close', (code, reason) => {
        if (!ready) reject(new Error(`console closed before its first list: ${code} ${reason.toString()}`));
        else if (!this.stopping) this.dropped++;
      });
    });
  }

  get size(): number {
    return this.sockets.length;
  }

  stop(): void {
    this.stopping = true;
    for (const ws of this.sockets) ws.terminate();
    this.sockets = [];
  }
}
