/**
 * The load of bench:webfilter's ingest part: simulated gateways and endpoints on the agent
 * websocket, each sending pre-generated url_events batches as fast as the server acknowledges
 * them, a few in flight, resending on 'busy' after the server's retry_after_ms. The same protocol
 * and pacing as bench:flows' gateways (flows/gateways.ts), with URL events instead of flows.
 */
import WebSocket from 'ws';
import { AGENT_PROTOCOL_VERSION } from '@netloom/domain';
import { MINUTES_BACK } from '../flows/gateways';
import type { BenchTenant } from '../live/fleet';
import { urlEventsMessage, type UrlPoolBatch } from './url-batches';

interface Device {
  ws: WebSocket;
  index: number;
  /** The pool batches this device sends: all of its kind (a gateway's or an endpoint's). */
  batches: UrlPoolBatch[];
  seq: number;
  /** Batches sent so far (each one minute further back). */
  sent: number;
  inFlight: Map<number, { text: string; records: number }>;
}

/** The pool's batch for the i-th device's k-th send, as sendNext picks it (the raw baselines store the same ones). */
export const batchFor = (batches: readonly UrlPoolBatch[], index: number, sent: number): UrlPoolBatch => batches[(index * 7 + sent) % batches.length]!;

/** Each new batch a minute further back than the last, each device starting at its own minute. */
export const minutesBackFor = (index: number, sent: number): number => ((index % 60) + sent) % MINUTES_BACK;

export class UrlDevices {
  private devices: Device[] = [];
  /** Events and batches acknowledged as stored (duplicate: false). */
  ackedRecords = 0;
  ackedBatches = 0;
  duplicates = 0;
  /** 'busy' answers (each batch refused once counts once). */
  busy = 0;
  /** When acknowledgements came (performance.now()) and the events acknowledged up to then: writes complete in lumps. */
  readonly ackLog: { at: number; records: number }[] = [];
  dropped = 0;
  lastDrop = '';
  private running = false;
  readonly startedAt = Date.now();
  private readonly byKind: Record<UrlPoolBatch['kind'], UrlPoolBatch[]>;

  constructor(
    pool: UrlPoolBatch[],
    private readonly inFlight: number,
  ) {
    this.byKind = { gateway: pool.filter((b) => b.kind === 'gateway'), endpoint: pool.filter((b) => b.kind === 'endpoint') };
  }

  get size(): number {
    return this.devices.length;
  }

  /** Device i is an endpoint when the pool has endpoints and i % 4 = 3 (as the pool mixes them), else a gateway. */
  kindOf(index: number): UrlPoolBatch['kind'] {
    return index % 4 === 3 && this.byKind.endpoint.length > 0 ? 'endpoint' : 'gateway';
  }

  batchesOf(index: number): UrlPoolBatch[] {
    return this.byKind[this.kindOf(index)];
  }

  async enrol(url: string, tenants: BenchTenant[], count: number, wave: number, runId: string): Promise<void> {
    for (let start = 0; start < count; start += wave) {
      const batch: Promise<Device>[] = [];
      for (let i = start; i < Math.min(count, start + wave); i++) batch.push(this.connect(url, tenants[i % tenants.length]!, `URLS-${runId}-${i}`, i));
      this.devices.push(...(await Promise.all(batch)));
    }
  }

  private connect(url: string, tenant: BenchTenant, serial: string, index: number): Promise<Device> {
    const batches = this.batchesOf(index);
    const kind = this.kindOf(index);
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, { perMessageDeflate: false, handshakeTimeout: 30_000 });
      const d: Device = { ws, index, batches, seq: 1, sent: 0, inFlight: new Map() };
      // An endpoint's hello names a signed-in user (its first batch's; each batch's events name their own).
      const user = kind === 'endpoint' ? batchFor(batches, index, 0).user : null;
      let welcomed = false;
      ws.on('open', () =>
        ws.send(
          JSON.stringify({
            type: 'hello',
            seq: d.seq,
            protocol: AGENT_PROTOCOL_VERSION,
            auth: { kind: 'enrol', enrolment_key: tenant.enrolmentKey },
            identity: { serial, name: serial.toLowerCase(), kind, ...(user ? { user } : {}) },
            model: kind === 'gateway' ? 'NL-100' : 'Laptop',
            os: kind === 'gateway' ? 'NetloomOS' : 'Windows 11',
            version: '1.0.0',
          }),
        ),
      );
      ws.on('message', (data) => {
        const m = JSON.parse(data.toString()) as { type: string; seq?: number; duplicate?: boolean; retry_after_ms?: number };
        if (m.type === 'welcome' && !welcomed) {
          welcomed = true;
          resolve(d);
        } else if (m.type === 'ack') this.onAck(d, m.seq!, m.duplicate === true);
        else if (m.type === 'busy') this.onBusy(d, m.seq!, m.retry_after_ms ?? 2000);
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

  private onAck(d: Device, seq: number, duplicate: boolean): void {
    const sent = d.inFlight.get(seq);
    if (!sent) return;
    d.inFlight.delete(seq);
    if (duplicate) this.duplicates++;
    else {
      this.ackedBatches++;
      this.ackedRecords += sent.records;
      this.ackLog.push({ at: performance.now(), records: this.ackedRecords });
    }
    this.sendNext(d);
  }

  private onBusy(d: Device, seq: number, retryMs: number): void {
    const sent = d.inFlight.get(seq);
    if (!sent) return;
    this.busy++;
    setTimeout(() => {
      if (this.running && d.ws.readyState === WebSocket.OPEN) d.ws.send(sent.text);
    }, retryMs);
  }

  private sendNext(d: Device): void {
    if (!this.running || d.ws.readyState !== WebSocket.OPEN) return;
    const batch = batchFor(d.batches, d.index, d.sent);
    const back = minutesBackFor(d.index, d.sent);
    d.sent++;
    const seq = ++d.seq;
    const text = urlEventsMessage(batch, seq, this.startedAt - back * 60_000);
    d.inFlight.set(seq, { text, records: batch.events.length });
    d.ws.send(text);
  }

  /**
   * Events per second over [from, to] (performance.now() times), from the first write completed
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
    for (const d of this.devices) for (let i = 0; i < this.inFlight; i++) this.sendNext(d);
  }

  stop(): void {
    this.running = false;
    for (const d of this.devices) d.ws.terminate();
    this.devices = [];
  }
}
