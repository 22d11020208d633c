/**
 * Simulated devices on the agent websocket for the ingest benchmarks (flows, URL events): each
 * enrols, then sends pre-generated batches as fast as the server acknowledges them, a few in
 * flight, resending a batch refused with 'busy' after the server's retry_after_ms. What a device
 * is and what it sends is the subclass's; the protocol and the counting are here.
 */
import WebSocket from 'ws';
import { AGENT_PROTOCOL_VERSION } from '@netloom/domain';
import type { BenchTenant } from '../live/fleet';

export interface Sender {
  ws: WebSocket;
  index: number;
  seq: number;
  /** Batches sent so far. */
  sent: number;
  inFlight: Map<number, { text: string; records: number }>;
}

/** What a hello says of the device besides its serial. */
export interface SenderIdentity {
  kind: 'gateway' | 'endpoint';
  user?: string | null;
}

export abstract class BatchSenders {
  protected senders: Sender[] = [];
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
  readonly startedAt = Date.now();

  constructor(
    private readonly inFlight: number,
    private readonly serialPrefix: string,
  ) {}

  /** Who device `index` is. */
  protected abstract identity(index: number): SenderIdentity;
  /** Device `index`'s next message (its `sent`-th batch) with sequence number `seq`. */
  protected abstract message(index: number, sent: number, seq: number): { text: string; records: number };

  get size(): number {
    return this.senders.length;
  }

  async enrol(url: string, tenants: BenchTenant[], count: number, wave: number, runId: string): Promise<void> {
    for (let start = 0; start < count; start += wave) {
      const batch: Promise<Sender>[] = [];
      for (let i = start; i < Math.min(count, start + wave); i++)
        batch.push(this.connect(url, tenants[i % tenants.length]!, `${this.serialPrefix}-${runId}-${i}`, i));
      this.senders.push(...(await Promise.all(batch)));
    }
  }

  private connect(url: string, tenant: BenchTenant, serial: string, index: number): Promise<Sender> {
    const { kind, user } = this.identity(index);
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, { perMessageDeflate: false, handshakeTimeout: 30_000 });
      const d: Sender = { ws, index, seq: 1, sent: 0, inFlight: new Map() };
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

  private onAck(d: Sender, seq: number, duplicate: boolean): void {
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

  private onBusy(d: Sender, seq: number, retryMs: number): void {
    const sent = d.inFlight.get(seq);
    if (!sent) return;
    this.busy++;
    setTimeout(() => {
      if (this.running && d.ws.readyState === WebSocket.OPEN) d.ws.send(sent.text);
    }, retryMs);
  }

  private sendNext(d: Sender): void {
    if (!this.running || d.ws.readyState !== WebSocket.OPEN) return;
    const seq = ++d.seq;
    const next = this.message(d.index, d.sent, seq);
    d.sent++;
    d.inFlight.set(seq, next);
    d.ws.send(next.text);
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
    for (const d of this.senders) for (let i = 0; i < this.inFlight; i++) this.sendNext(d);
  }

  stop(): void {
    this.running = false;
    for (const d of this.senders) d.ws.terminate();
    this.senders = [];
  }
}
