/** One device's row reaches a console at most once a second: a flapping link cannot flood it. */
export const PER_DEVICE_MIN_INTERVAL_MS = 1_000;
/**
 * A console gets at most this many messages a second on average, and at most MESSAGE_BURST in a
 * row after a quiet moment; beyond that, rows wait and leave together in larger messages. Below the
 * pace every change leaves at once, so a quiet tenant's console sees each change without delay.
 */
export const MESSAGES_PER_SECOND = 200;
export const MESSAGE_BURST = 20;

/** Below this many remembered devices, none is forgotten (see forgetOld). */
const SWEEP_FROM = 1_024;

/**
 * A console's outbox of changed device rows. A row leaves on the next turn of the event loop, with
 * the rows that arrived with it, in one message — unless the console is at its message pace, or
 * the device was sent less than a second ago; then it waits for that moment, and only the
 * device's latest row leaves.
 */
export class DeviceOutbox {
  /** The latest row of each device waiting to leave. */
  private readonly pending = new Map<string, string>();
  /** When each device was last sent, on the clock of `now`. */
  private readonly lastSent = new Map<string, number>();
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
    this.refilledAt = now();
  }

  get size(): number {
    return this.pending.size;
  }

  put(deviceId: string, rowJson: string): void {
    this.pending.set(deviceId, rowJson);
    this.armFor(Math.max(this.sendableAt(deviceId), this.nextMessageAt()));
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

  /** When the device may be sent again. */
  private sendableAt(deviceId: string): number {
    const sent = this.lastSent.get(deviceId);
    return sent === undefined ? -Infinity : sent + PER_DEVICE_MIN_INTERVAL_MS;
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
      this.immediate = setImmediate(() => this.flush());
      return;
    }
    if (this.timer && this.timerAt <= at) return;
    if (this.timer) clearTimeout(this.timer);
    this.timerAt = at;
    this.timer = setTimeout(() => this.flush(), Math.ceil(at - now));
  }

  private flush(): void {
    this.immediate = null;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.timerAt = Infinity;
    const now = this.now();
    const leaving: string[] = [];
    let next = Infinity;
    for (const [id, json] of this.pending) {
      const due = this.sendableAt(id);
      if (due > now) {
        next = Math.min(next, due);
        continue;
      }
      leaving.push(json);
      this.pending.delete(id);
      this.lastSent.set(id, now);
    }
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
    for (const [id, at] of this.lastSent) if (at + PER_DEVICE_MIN_INTERVAL_MS <= now) this.lastSent.delete(id);
    this.sweepAt = Math.max(SWEEP_FROM, 2 * this.lastSent.size);
  }
}
