import { BatchOutbox, type Batch, type BatchOutboxOptions } from './batch-outbox';
import { randomBetween, type Random } from './prng';

/**
 * The first export after the simulator starts comes this soon (spread over the window so a fleet
 * does not export at once), covering the interval before it: a box was forwarding traffic before
 * the simulator started, and a fresh demo's charts fill within a minute.
 */
const FIRST_EXPORT_MS: [number, number] = [1000, 5000];

export interface BatchExporterOptions<R, M extends Batch> extends Pick<BatchOutboxOptions<M>, 'transmit' | 'onDropped' | 'capacity' | 'maxInFlight'> {
  /** Seconds between exports, each covering the interval before it; 0: no export. */
  intervalS: number;
  /** What the device saw in the `intervalS` before `at` (its flow cache, its web requests). */
  collect: (at: Date, intervalS: number) => R[];
  /** Records per message at most (the message schema's limit). */
  batchMax: number;
  /** The message that carries one batch of records under its seq. */
  message: (seq: number, records: R[]) => M;
  /** The records a message holds, for the outbox's drop counts. */
  recordsOf: (message: M) => number;
  /** The device's message counter, shared with its other messages (the state file keeps it). */
  nextSeq: () => number;
  /** Only for the first export's delay. */
  random: Random;
  /** Whether an interval with no records still goes out, as one empty batch: its message carries other measurements (a client's relay latencies). */
  sendEmpty?: () => boolean;
}

/**
 * A device's periodic export (flows, URL events): every interval what it saw is swept into
 * batches of at most `batchMax` records, each numbered once and put in the outbox, which sends
 * them while there is a connection and keeps them while there is none. The export clock does not
 * depend on the management connection: the box works through an outage, so its records pile up
 * in the outbox and go out after the reconnect.
 */
export class BatchExporter<R, M extends Batch> {
  readonly outbox: BatchOutbox<M>;
  private timer: NodeJS.Timeout | null = null;
  private ranBefore = false;

  constructor(private readonly opts: BatchExporterOptions<R, M>) {
    if (!(opts.intervalS >= 0)) throw new RangeError('the export interval must be 0 (off) or more seconds');
    this.outbox = new BatchOutbox(opts, opts.recordsOf);
  }

  get enabled(): boolean {
    return this.opts.intervalS > 0;
  }

  /**
   * Starts the export clock unless it runs. The first time soon after; back from being switched
   * off (a reboot, a user away) one interval later, as the box's cache starts empty.
   */
  run(): void {
    if (this.timer || !this.enabled) return;
    const intervalMs = this.opts.intervalS * 1000;
    const first = this.ranBefore ? intervalMs : Math.min(intervalMs, randomBetween(this.opts.random, ...FIRST_EXPORT_MS));
    this.ranBefore = true;
    this.schedule(first);
  }

  /** The box is off (rebooting, its user away): nothing seen, so no export until run() again. */
  pause(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  stop(): void {
    this.pause();
    this.outbox.close();
  }

  /** Sweeps the interval that ends now into the outbox; the seqs of the batches it made. */
  exportNow(at: Date = new Date()): number[] {
    const records = this.opts.collect(at, this.opts.intervalS);
    const seqs: number[] = [];
    if (records.length === 0 && this.opts.sendEmpty?.()) {
      const message = this.opts.message(this.opts.nextSeq(), []);
      this.outbox.add(message);
      return [message.seq];
    }
    for (let i = 0; i < records.length; i += this.opts.batchMax) {
      const message = this.opts.message(this.opts.nextSeq(), records.slice(i, i + this.opts.batchMax));
      seqs.push(message.seq);
      this.outbox.add(message);
    }
    return seqs;
  }

  private schedule(ms: number): void {
    this.timer = setTimeout(() => {
      this.timer = null;
      this.schedule(this.opts.intervalS * 1000);
      this.exportNow();
    }, ms);
  }
}
