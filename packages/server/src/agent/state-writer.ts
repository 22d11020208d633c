import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { DeviceRecord } from '../fleet/device-row';
import { isDatabaseUnavailable } from '../db/unavailable';
import { DatabaseOutage } from './database-outage';
import { NotStored, writeFailure, writeIsolating } from './write-isolating';
import { batchKey, insertMetricBatches, updateDeviceStates, type MetricsBatch } from './state-repo';

interface Waiter<T = void> {
  resolve: (value: T) => void;
  reject: (e: unknown) => void;
}

/** One device's queued state, with whoever waits for it to be stored. */
interface QueuedState {
  record: DeviceRecord;
  waiters: Waiter[];
}

/** A metrics message and whoever waits for it: the first sender learns whether it was new, any later one that it was not. */
interface QueuedMetrics {
  batch: MetricsBatch;
  waiters: Waiter<boolean>[];
}

const CHUNK = 500;
/** Retries while the database is unreachable: from the flush interval, doubling, up to this. */
const MAX_RETRY_MS = 2_000;

/** Metrics messages in chunks of about CHUNK rows, a message never split across two. */
function* chunksOfRows(messages: QueuedMetrics[]): Generator<QueuedMetrics[]> {
  let chunk: QueuedMetrics[] = [];
  let rows = 0;
  for (const m of messages) {
    if (rows > 0 && rows + m.batch.rows.length > CHUNK) {
      yield chunk;
      chunk = [];
      rows = 0;
    }
    chunk.push(m);
    rows += m.batch.rows.length;
  }
  if (chunk.length) yield chunk;
}

const settle = (waiters: Waiter[]) => {
  for (const w of waiters) w.resolve();
};

/**
 * Writes the live state of devices in batches: thousands of heartbeats a second become a few
 * UPDATE … FROM json_to_recordset statements. Only a device's latest state is written; a caller that
 * needs to know it is stored (the ack of a metrics batch) awaits the flush that carries it.
 * Devices of every tenant share a statement, so one device's row the database refuses must not
 * fail the others': such a statement is retried in smaller parts (writeIsolating) and only the
 * device at fault is refused.
 *
 * While the database is unreachable, states stay queued (one per device, the newest replacing an
 * older one) and are retried with back-off until it is back: a heartbeat or goodbye was
 * acknowledged before it was written, so it must not be lost. Metrics are not kept: their senders
 * are refused (not acknowledged), and the devices send them again.
 */
export class DeviceStateWriter {
  private states = new Map<string, QueuedState>();
  private metrics = new Map<string, QueuedMetrics>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();
  private closed = false;
  /** Set while the database is unreachable: the delay of the next attempt. */
  private retryMs: number | null = null;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly flushMs = 200,
    readonly outage = new DatabaseOutage(log),
  ) {}

  /**
   * Queues the device's full live state; resolves once it is in the database, or found older than
   * the state stored there (a lower heartbeat seq: another connection's, another instance's).
   */
  writeState(record: DeviceRecord): Promise<void> {
    if (this.closed) return Promise.resolve();
    const queued = this.queued(record);
    return this.schedule(queued.waiters);
  }

  /**
   * Queues the live record itself, for a caller that does not wait (a heartbeat): what is written
   * is the record as it is at the flush, so its latest state. No copy and no promise per call; a
   * failed write is logged by the flush.
   */
  queueState(record: DeviceRecord): void {
    if (this.closed) return;
    this.queued(record);
    this.arm();
  }

  /**
   * Queues a metrics message; resolves true once it is stored, false when it was already (a
   * resend: on this connection, another one, or queued twice before the flush).
   */
  writeMetrics(batch: MetricsBatch): Promise<boolean> {
    if (this.closed) return Promise.resolve(false);
    const key = batchKey(batch.deviceId, batch.seq);
    let queued = this.metrics.get(key);
    if (!queued) this.metrics.set(key, (queued = { batch, waiters: [] }));
    return this.schedule(queued.waiters, false);
  }

  /** The device's entry, holding the newest record: its waiters wait for that one. */
  private queued(record: DeviceRecord): QueuedState {
    const queued = this.states.get(record.id);
    if (queued) {
      queued.record = record;
      return queued;
    }
    const created = { record, waiters: [] };
    this.states.set(record.id, created);
    return created;
  }

  private schedule(waiters: Waiter[]): Promise<void>;
  private schedule<T>(waiters: Waiter<T>[], whenClosed: T): Promise<T>;
  private schedule<T>(waiters: Waiter<T>[], whenClosed?: T): Promise<T> {
    // After shutdown the database is gone: late goodbyes of devices are not written.
    if (this.closed) return Promise.resolve(whenClosed as T);
    const done = new Promise<T>((resolve, reject) => waiters.push({ resolve, reject }));
    this.arm();
    return done;
  }

  private arm(): void {
    if (this.closed) return;
    this.timer ??= setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, this.retryMs ?? this.flushMs);
  }

  /** Writes everything queued so far (also on shutdown). */
  flush(): Promise<void> {
    // Flushes run one after the other, each taking what is queued when it starts, so a state put
    // back after an outage is never older than one written meanwhile.
    this.flushing = this.flushing.then(() => this.writeQueued(this.closed));
    return this.flushing;
  }

  private async writeQueued(final: boolean): Promise<void> {
    const states = [...this.states.values()];
    const metrics = [...this.metrics.values()];
    this.states = new Map();
    this.metrics = new Map();
    if (states.length === 0 && metrics.length === 0) return;
    let outage: unknown = null;
    const unwritten: QueuedState[] = [];
    const isOutage = (err: unknown): boolean => {
      if (!isDatabaseUnavailable(err)) return false;
      outage ??= err;
      return true;
    };
    for (let i = 0; i < states.length; i += CHUNK) {
      const chunk = states.slice(i, i + CHUNK);
      // Once the database is found unreachable, the rest waits for the next attempt.
      if (outage) {
        unwritten.push(...chunk);
        continue;
      }
      await writeIsolating(
        chunk,
        (part) =>
          updateDeviceStates(
            this.db,
            part.map((q) => q.record),
          ),
        (q) => settle(q.waiters),
        (q, err) => {
          if (isOutage(err)) unwritten.push(q);
          else this.failed('device state write failed', [q.record.id], q.waiters, err);
        },
      );
    }
    for (const chunk of chunksOfRows(metrics)) {
      const fresh = new Set<string>();
      const refuse = (q: QueuedMetrics) => q.waiters.forEach((w) => w.reject(new NotStored({ code: null }, true)));
      if (outage) {
        chunk.forEach(refuse);
        continue;
      }
      await writeIsolating(
        chunk,
        async (part) => {
          for (const key of await insertMetricBatches(
            this.db,
            part.map((q) => q.batch),
          ))
            fresh.add(key);
        },
        (q) => q.waiters.forEach((w, i) => w.resolve(i === 0 && fresh.has(batchKey(q.batch.deviceId, q.batch.seq)))),
        (q, err) => {
          if (isOutage(err)) refuse(q);
          else this.failed('device metrics write failed', [q.batch.deviceId], q.waiters, err);
        },
      );
    }
    if (!outage) {
      this.retryMs = null;
      this.outage.succeeded();
      return;
    }
    this.outage.failed(outage);
    if (final) {
      // Shutting down with the database away: nothing left to retry with.
      this.log.error({ devices: unwritten.length }, 'device states not written: database unavailable at shutdown');
      for (const q of unwritten) for (const w of q.waiters) w.reject(new NotStored({ code: null }, true));
      return;
    }
    this.requeue(unwritten);
    this.retryMs = Math.min(MAX_RETRY_MS, this.retryMs ? this.retryMs * 2 : this.flushMs);
    this.arm();
  }

  /** Puts states back for the next attempt; a newer state queued meanwhile stays, and stands for the older one too. */
  private requeue(unwritten: QueuedState[]): void {
    for (const q of unwritten) {
      const newer = this.states.get(q.record.id);
      if (newer) newer.waiters.push(...q.waiters);
      else this.states.set(q.record.id, q);
    }
  }

  /** Logged once per device refused, with what the database said, never the values written. */
  private failed(what: string, devices: string[], waiters: { reject: (e: unknown) => void }[], err: unknown): void {
    const failure = writeFailure(err);
    this.log.error({ devices, ...failure }, what);
    for (const w of waiters) w.reject(new NotStored(failure));
  }

  async close(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.closed = true;
    await this.flush();
  }
}
