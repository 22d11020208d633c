/** One device's row reaches a console at most once a second: a flapping link cannot flood it. */
export const PER_DEVICE_MIN_INTERVAL_MS = 1_000;
/**
 * A console gets at most this many messages a second on average, and at most MESSAGE_BURST in a
 * row after a quiet moment; beyond that, rows wait and leave together in larger messages. Below the
 * pace every change leaves at once: bench:live measured a fixed 5 ms gap between messages as most
 * of the hub's p99 over the bare relay's, at a pace (100 changes a second per tenant) any browser
 * reads easily.
 */
export const MESSAGES_PER_SECOND = 200;
export const MESSAGE_BURST = 20;

const SWEEP_FROM = 1_024;

/**
 * A console's outbox of changed device rows. A row leaves on the next turn of the event loop, with
 * the rows that arrived with it, in one message — unless the console is at its message pace, or
 * the device was sent less than a second ago; then it waits for that moment, and only the
 * device's latest row leaves.
 */
export class DeviceOutbox {
  /**
   * Replaced on each flush by a new map of the rows still waiting, rather than emptied: V8 gives a map
   * whose table has grown old a new table *in the old generation* each time it shrinks or is
   * cleared, so emptying it on every message was half of the live hub's promoted bytes (bench:live
   * allocation profile). A new map lives and dies young.
   */
  private pending = new Map<string, string>();
  /**
   * When each device was last sent, in whole ms since the outbox began, rounded up (a row never
   * leaves early). Whole numbers stay small integers V8 stores in place; a fractional time was a
   * new heap number for every row sent (bench:live allocation profile).
   */
  private lastSent = new Map<string, number>();
  private readonly startedAt: number;
  /** Messages the console may still get at once (a token bucket refilled at MESSAGES_PER_SECOND). */
  private tokens = MESSAGE_BURST;
  private refilledAt: number;
  private immediate: NodeJS.Immediate | null = null;
  private timer: NodeJS.Timeout | null = null;
  private timerAt = Infinity;
  private sweepAt = SWEEP_FROM;

  constructor(
    /** Receives the JSON texts of the rows leaving together. */
    private readonly deliver: (rows: string[]) => void,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.refilledAt = this.startedAt = now();
  }

  get size(): number {
    return this.pending.size;
  }

  put(deviceId: string, rowJson: string): void {
    this.pending.set(deviceId, rowJson);
    this.armFor(this.dueAt(deviceId));
  }

  /** Drops what waits (a full list is about to be sent instead). */
  clear(): void {
    this.pending.clear();
  }

  stop(): void {
    this.pending.clear();
    if (this.immediate) clearImmediate(this.immediate);
    if (this.timer) clearTimeout(this.timer);
    this.immediate = this.timer = null;
  }

  /** When the device may be sent again, on the clock of `now`. */
  private sendableAt(deviceId: string): number {
    const sent = this.lastSent.get(deviceId);
    return sent === undefined ? -Infinity : this.sendableAfter(sent);
  }

  /** The moment a device sent at `sent` (an entry of lastSent) may be sent again. */
  private sendableAfter(sent: number): number {
    return this.startedAt + sent + PER_DEVICE_MIN_INTERVAL_MS;
  }

  private dueAt(deviceId: string): number {
    return Math.max(this.sendableAt(deviceId), this.nextMessageAt());
  }

  /** When the console may get its next message (now, unless it is at its pace). */
  private nextMessageAt(): number {
    const now = this.now();
    this.tokens = Math.min(MESSAGE_BURST, this.tokens + ((now - this.refilledAt) * MESSAGES_PER_SECOND) / 1000);
    this.refilledAt = now;
    return this.tokens >= 1 ? now : now + ((1 - this.tokens) * 1000) / MESSAGES_PER_SECOND;
  }

  private armFor(at: number): void {
    if (this.immediate) return;
    const now = this.now();
    if (at <= now) {
      this.immediate = setImmediate(this.flushNow);
      return;
    }
    if (this.timer && this.timerAt <= at) return;
    if (this.timer) clearTimeout(this.timer);
    this.timerAt = at;
    this.timer = setTimeout(this.flushNow, Math.ceil(at - now));
  }

  /** Made once: a new closure for every flush was garbage on every message. */
  private readonly flushNow = () => this.flush();

  private flush(): void {
    this.immediate = null;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.timerAt = Infinity;
    const now = this.now();
    const sentAt = Math.ceil(now - this.startedAt);
    const leaving: string[] = [];
    const waiting = new Map<string, string>();
    let next = Infinity;
    for (const [id, json] of this.pending) {
      const due = this.sendableAt(id);
      if (due > now) {
        next = Math.min(next, due);
        waiting.set(id, json);
        continue;
      }
      leaving.push(json);
      this.lastSent.set(id, sentAt);
    }
    this.pending = waiting;
    if (leaving.length) {
      this.nextMessageAt();
      this.tokens -= 1;
      this.deliver(leaving);
    }
    if (this.pending.size) this.armFor(Math.max(next, this.nextMessageAt()));
    this.forgetOld(now);
  }

  /**
   * Devices not sent for a second are as good as never sent: their entries go, in a sweep that
   * runs each time the map has doubled, so its cost per message stays constant.
   */
  private forgetOld(now: number): void {
    if (this.lastSent.size < this.sweepAt) return;
    // Copied rather than deleted from, for the reason `pending` is (most entries go).
    const kept = new Map<string, number>();
    for (const [id, at] of this.lastSent) if (this.sendableAfter(at) > now) kept.set(id, at);
    this.lastSent = kept;
    this.sweepAt = Math.max(SWEEP_FROM, 2 * this.lastSent.size);
  }
}
