/** Export intervals kept while the server does not acknowledge: half an hour at the 60 s default. */
const OUTBOX_BATCHES = 30;
/**
 * Batches sent and not yet answered. A few, not the whole outbox: after an outage the server gets
 * the backlog at the pace it acknowledges it, rather than thirty batches in one burst.
 */
const BATCHES_IN_FLIGHT = 3;
/** Drops are told at most this often, so a long outage gives a line a minute, not one per batch. */
const DROP_REPORT_MS = 60_000;

/** A sequence-numbered message the server acknowledges once stored, or answers busy (flows, URL events). */
export interface Batch {
  seq: number;
}

/** What an outbox dropped: batches, and the records (flow records, URL events) they held. */
export interface BatchesDropped {
  batches: number;
  records: number;
}

export interface BatchOutboxOptions<M extends Batch> {
  /** Writes the message on the management connection; false when there is none open. */
  transmit: (message: M) => boolean;
  capacity?: number;
  maxInFlight?: number;
  /** Batches dropped since the last report, told at most once a minute. */
  onDropped?: (dropped: BatchesDropped) => void;
}

/**
 * An exporter's send buffer (flows, URL events). Every batch keeps the seq it was given when it
 * was built, for good: the server stores a (device, seq) once, so a batch sent twice (its ack lost
 * with the connection) counts once, while a batch sent under a new seq would count twice. A batch
 * leaves the outbox only when acknowledged (stored, or already stored) or when the outbox is full
 * and it is the oldest: then it is dropped and counted, never silently.
 */
export class BatchOutbox<M extends Batch> {
  /** Oldest first (a Map keeps insertion order, and batches are added in seq order). */
  private readonly batches = new Map<number, M>();
  private readonly inFlight = new Set<number>();
  private online = false;
  /** The server said busy: nothing is sent before this time. */
  private notBefore = 0;
  private wake: NodeJS.Timeout | null = null;
  private unreported: BatchesDropped = { batches: 0, records: 0 };
  private lastReportAt = -Infinity;
  private reportTimer: NodeJS.Timeout | null = null;
  /** Everything dropped since the device started, for tests and a status line. */
  readonly dropped: BatchesDropped = { batches: 0, records: 0 };

  constructor(
    private readonly opts: BatchOutboxOptions<M>,
    /** The records a batch holds, for the drop counts. */
    private readonly recordsOf: (message: M) => number,
  ) {}

  /** Seqs of the batches waiting to be acknowledged, oldest first. */
  get pending(): number[] {
    return [...this.batches.keys()];
  }

  add(message: M): void {
    this.batches.set(message.seq, message);
    const capacity = this.opts.capacity ?? OUTBOX_BATCHES;
    while (this.batches.size > capacity) {
      const [seq, oldest] = this.batches.entries().next().value!;
      this.batches.delete(seq);
      // Its answer, if one still comes, is an ack for something no longer kept: harmless.
      this.inFlight.delete(seq);
      this.countDrop(this.recordsOf(oldest));
    }
    this.pump();
  }

  /** Stored (or already stored): forgotten. False when the seq is not a batch of this outbox. */
  acked(seq: number): boolean {
    if (!this.batches.delete(seq)) return false;
    this.inFlight.delete(seq);
    this.pump();
    return true;
  }

  /** Not stored, the server is shedding load: kept in its place, and nothing goes out before retry_after_ms. */
  busy(seq: number, retryAfterMs: number): void {
    if (!this.batches.has(seq)) return;
    this.inFlight.delete(seq);
    this.notBefore = Math.max(this.notBefore, Date.now() + Math.max(0, retryAfterMs));
    this.pump();
  }

  /** A management connection is up: the backlog goes out, oldest first, a few at a time. */
  connected(): void {
    this.online = true;
    this.pump();
  }

  /** The connection is gone: what was in flight has no answer coming, and is sent again on the next one. */
  disconnected(): void {
    this.online = false;
    this.inFlight.clear();
    if (this.wake) clearTimeout(this.wake);
    this.wake = null;
  }

  /** The device stops: no timer left behind; what is still unreported is told now. */
  close(): void {
    this.disconnected();
    if (this.reportTimer) clearTimeout(this.reportTimer);
    this.reportTimer = null;
    this.report();
  }

  private pump(): void {
    if (!this.online) return;
    const wait = this.notBefore - Date.now();
    if (wait > 0) {
      this.wake ??= setTimeout(() => {
        this.wake = null;
        this.pump();
      }, wait);
      return;
    }
    const max = this.opts.maxInFlight ?? BATCHES_IN_FLIGHT;
    for (const [seq, message] of this.batches) {
      if (this.inFlight.size >= max) return;
      if (this.inFlight.has(seq)) continue;
      if (!this.opts.transmit(message)) return;
      this.inFlight.add(seq);
    }
  }

  private countDrop(records: number): void {
    this.dropped.batches += 1;
    this.dropped.records += records;
    this.unreported.batches += 1;
    this.unreported.records += records;
    const due = this.lastReportAt + DROP_REPORT_MS - Date.now();
    if (due <= 0) this.report();
    else
      this.reportTimer ??= setTimeout(() => {
        this.reportTimer = null;
        this.report();
      }, due);
  }

  private report(): void {
    if (this.unreported.batches === 0) return;
    this.lastReportAt = Date.now();
    const dropped = this.unreported;
    this.unreported = { batches: 0, records: 0 };
    this.opts.onDropped?.(dropped);
  }
}
