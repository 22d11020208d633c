/**
 * The load of bench:flows' ingest part: simulated gateways on the agent websocket, each sending
 * pre-generated flow batches (the simulator's flowsFor) as fast as the server acknowledges them,
 * a few in flight, resending on 'busy' after the server's retry_after_ms.
 */
import WebSocket from 'ws';
import { AGENT_PROTOCOL_VERSION, type FlowRecord } from '@netloom/domain';
import { flowsFor, type FlowClient, type FlowLink } from '../../packages/simulator/src/flows';
import { mulberry32 } from '../../packages/simulator/src/prng';
import type { BenchTenant } from '../live/fleet';

/** One record of a pool batch: its times relative to the batch's export time, the rest already JSON. */
interface PooledRecord {
  startMs: number;
  endMs: number;
  /** JSON of every field but start and end, without its opening brace: `"src_ip":…}`. */
  rest: string;
}

export interface PoolBatch {
  records: PooledRecord[];
  /** The records as generated (for the raw insert baseline), times relative to `at`. */
  source: FlowRecord[];
  at: number;
}

const LINKS: FlowLink[] = [
  { ifname: 'eth0', name: 'WAN1', up: true, weight: 10 },
  { ifname: 'eth1', name: 'WAN2', up: true, weight: 3 },
];

/**
 * `size` distinct export intervals: offices at different longitudes (so different hours of their
 * day, different volumes and mixes), 15–45 LAN hosts, two WAN links, `peakBps` bytes/s at the
 * busiest hour (1.5 MB/s: ~160 records a minute on average; 5 MB/s: ~420).
 */
export function batchPool(size: number, peakBps = 5e6): PoolBatch[] {
  const at = Date.now();
  const pool: PoolBatch[] = [];
  for (let i = 0; i < size; i++) {
    const random = mulberry32(1000 + i);
    const n = 15 + (i % 31);
    const clients: FlowClient[] = Array.from({ length: n }, (_, c) => ({ ip: `192.168.${1 + (i % 200)}.${10 + c}`, hostname: `host-${i}-${c}` }));
    const lng = -180 + ((i * 137) % 360);
    const records = flowsFor({ at: new Date(at), lng, lat: 20, clients, links: LINKS, peakBps }, random);
    if (records.length === 0) continue;
    pool.push({
      at,
      source: records,
      records: records.map(({ start, end, ...rest }) => ({
        startMs: Date.parse(start) - at,
        endMs: Date.parse(end) - at,
        rest: JSON.stringify(rest).slice(1),
      })),
    });
  }
  return pool;
}

/** A batch's message with its records moved to an export time of `at`. */
export function flowsMessage(batch: PoolBatch, seq: number, at: number): string {
  const parts = batch.records.map((r) => `{"start":"${new Date(at + r.startMs).toISOString()}","end":"${new Date(at + r.endMs).toISOString()}",${r.rest}`);
  return `{"type":"flows","seq":${seq},"records":[${parts.join(',')}]}`;
}

/** How far back a gateway's k-th batch lands: one more minute each batch, wrapping within the raw retention. */
export const MINUTES_BACK = 46 * 60;

interface Gateway {
  ws: WebSocket;
  index: number;
  seq: number;
  /** Batches sent so far (each one minute further back). */
  sent: number;
  inFlight: Map<number, { text: string; records: number }>;
}

export class FlowGateways {
  private gateways: Gateway[] = [];
  /** Records and batches acknowledged as stored (duplicate: false). */
  ackedRecords = 0;
  ackedBatches = 0;
  duplicates = 0;
  /** 'busy' answers (each batch refused once counts once). */
  busy = 0;
  /** When acknowledgements came (performance.now()) and the records acknowledged up to then: writes complete in lumps. */
  readonly ackLog: { at: number; records: number }[] = [];
  dropped = 0;
  lastDrop = '';
  private running = false;
  private readonly startedAt = Date.now();

  constructor(
    private readonly pool: PoolBatch[],
    private readonly inFlight: number,
  ) {}

  get size(): number {
    return this.gateways.length;
  }

  async enrol(url: string, tenants: BenchTenant[], count: number, wave: number, runId: string): Promise<void> {
    for (let start = 0; start < count; start += wave) {
      const batch: Promise<Gateway>[] = [];
      for (let i = start; i < Math.min(count, start + wave); i++) batch.push(this.connect(url, tenants[i % tenants.length]!, `FLOWS-${runId}-${i}`, i));
      this.gateways.push(...(await Promise.all(batch)));
    }
  }

  private connect(url: string, tenant: BenchTenant, serial: string, index: number): Promise<Gateway> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, { perMessageDeflate: false, handshakeTimeout: 30_000 });
      const g: Gateway = { ws, index, seq: 1, sent: 0, inFlight: new Map() };
      let welcomed = false;
      ws.on('open', () =>
        ws.send(
          JSON.stringify({
            type: 'hello',
            seq: g.seq,
            protocol: AGENT_PROTOCOL_VERSION,
            auth: { kind: 'enrol', enrolment_key: tenant.enrolmentKey },
            identity: { serial, name: serial.toLowerCase(), kind: 'gateway' },
            model: 'NL-100',
            os: 'NetloomOS',
            version: '1.0.0',
          }),
        ),
      );
      ws.on('message', (data) => {
        const m = JSON.parse(data.toString()) as { type: string; seq?: number; duplicate?: boolean; retry_after_ms?: number };
        if (m.type === 'welcome' && !welcomed) {
          welcomed = true;
          resolve(g);
        } else if (m.type === 'ack') this.onAck(g, m.seq!, m.duplicate === true);
        else if (m.type === 'busy') this.onBusy(g, m.seq!, m.retry_after_ms ?? 2000);
      });
      ws.on('error', (err) => {
        if (!welcomed) reject(err);
      });
      ws.on('close', (code, reason) => {
        if (!welcomed) reject(new Error(`closed before welcome: ${code} ${reason.toString()}`));
        else if (this.running) {
          this.dropped++;
          this.lastDrop = `${code} ${reason.toString()}`;
        }
      });
    });
  }

  private onAck(g: Gateway, seq: number, duplicate: boolean): void {
    const sent = g.inFlight.get(seq);
    if (!sent) return;
    g.inFlight.delete(seq);
    if (duplicate) this.duplicates++;
    else {
      this.ackedBatches++;
      this.ackedRecords += sent.records;
      this.ackLog.push({ at: performance.now(), records: this.ackedRecords });
    }
    this.sendNext(g);
  }

  private onBusy(g: Gateway, seq: number, retryMs: number): void {
    const sent = g.inFlight.get(seq);
    if (!sent) return;
    this.busy++;
    setTimeout(() => {
      if (this.running && g.ws.readyState === WebSocket.OPEN) g.ws.send(sent.text);
    }, retryMs);
  }

  private sendNext(g: Gateway): void {
    if (!this.running || g.ws.readyState !== WebSocket.OPEN) return;
    const batch = this.pool[(g.index * 7 + g.sent) % this.pool.length]!;
    // Each new batch a minute further back than the last, each gateway starting at its own minute.
    const back = ((g.index % 60) + g.sent) % MINUTES_BACK;
    g.sent++;
    const seq = ++g.seq;
    const text = flowsMessage(batch, seq, this.startedAt - back * 60_000);
    g.inFlight.set(seq, { text, records: batch.records.length });
    g.ws.send(text);
  }

  /**
   * Records per second over [from, to] (performance.now() times), from the first write completed
   * in it to the last: the server acknowledges a whole write's batches at once, so counting
   * between completions measures whole write cycles. NaN when fewer than two writes completed.
   */
  rateBetween(from: number, to: number): { perS: number; writes: number; seconds: number } {
    const inside = this.ackLog.filter((a) => a.at >= from && a.at <= to);
    // Acks less than 50 ms apart belong to one write.
    const ends = inside.filter((a, i) => i === inside.length - 1 || inside[i + 1]!.at - a.at > 50);
    const starts = inside.filter((a, i) => i === 0 || a.at - inside[i - 1]!.at > 50);
    if (ends.length < 2) return { perS: NaN, writes: ends.length, seconds: 0 };
    const first = ends[0]!;
    const last = ends[ends.length - 1]!;
    return { perS: (last.records - first.records) / ((last.at - first.at) / 1000), writes: starts.length - 1, seconds: (last.at - first.at) / 1000 };
  }

  start(): void {
    this.running = true;
    for (const g of this.gateways) for (let i = 0; i < this.inFlight; i++) this.sendNext(g);
  }

  stop(): void {
    this.running = false;
    for (const g of this.gateways) g.ws.terminate();
    this.gateways = [];
  }
}
