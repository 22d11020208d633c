import type { FastifyBaseLogger } from 'fastify';
import { isDatabaseUnavailable, unavailableReason } from '../db/unavailable';

/**
 * What the device gateway knows of its database's reachability. An outage is logged once at warn
 * when first seen (by a state flush, a device's message or the offline sweep), not once per device
 * or per retry, and its end once at info; the offline sweep reads when the database came back.
 */
export class DatabaseOutage {
  private downSince: Date | null = null;
  /*
   * Starts at this instance's start: a server that was down (or a cluster restarted) heard nothing
   * while it was, so its first sweeps must not mark offline the devices still reconnecting to it.
   * The cost, in a rolling restart, is that the new instance's sweeps find nobody silent for one
   * offline timeout, while the other instances' sweeps go on as before.
   */
  private backAt = new Date();

  constructor(private readonly log: FastifyBaseLogger) {}

  /** Whether `err` is the database being unreachable; if so, the outage is noted. */
  failed(err: unknown): boolean {
    if (!isDatabaseUnavailable(err)) return false;
    if (!this.downSince) {
      this.downSince = new Date();
      this.log.warn(
        { reason: unavailableReason(err) },
        'device gateway: database unavailable; device states stay queued and are retried, devices are told to try again later',
      );
    }
    return true;
  }

  /** A statement went through: an outage noted before is over. */
  succeeded(): void {
    if (!this.downSince) return;
    this.backAt = new Date();
    this.log.info({ downForMs: this.backAt.getTime() - this.downSince.getTime() }, 'device gateway: database reachable again');
    this.downSince = null;
  }

  /**
   * Since when this instance could store what devices said: now during an outage, else the end of
   * the last one. A device's silence is not measured from before it, since its heartbeats may have
   * been lost in it (a device told to try later reconnects with back-off, another instance lost its own).
   */
  heardSince(now: Date): Date {
    return this.downSince ? now : this.backAt;
  }
}
