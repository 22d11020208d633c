import type { ConfigDocument } from '@netloom/domain';
import { applyConfig, type ApplyOutcome } from './running-config';

/** What a device runs: its configuration's hash and document (null until a push carries one). */
export interface Running {
  hash: string | null;
  config: ConfigDocument | null;
}

/** The message that tells the server a push was undone, sent once the device is back. */
export interface RevertReport {
  type: 'config_reverted';
  job_id: string;
  config_hash: string | null;
  reason: string;
}

const REVERT_REASON = 'management connection lost within 60 s of applying; the previous configuration was restored';

/**
 * Confirm-or-revert, as routers do it for remote pushes: a push followed by the loss of the
 * management connection within the window may be what cut it, so the box goes back to what it
 * ran before rather than stay stranded, and reports it when it is back. A connection that stays
 * up through the window confirms the push.
 */
export class ConfirmOrRevert {
  /** What ran before the last push, kept until the push is confirmed. */
  private unconfirmed: (Running & { jobId: string; until: number }) | null = null;
  /** What waited for confirmation before the last push, back in place if that push could not be applied. */
  private earlier: (Running & { jobId: string; until: number }) | null = null;
  /** A push undone, not yet told to the server. */
  private reverted: RevertReport | null = null;
  /** Pushes undone: the same job delivered again (its answer was lost) is refused, not run again. */
  private readonly revertedJobs = new Set<string>();

  constructor(
    private readonly windowMs: number,
    private readonly cannotRun?: (doc: ConfigDocument) => string | null,
  ) {}

  /**
   * A push as the box takes it: refused if it was undone before, else checked and, when it holds,
   * run with what ran before it kept for the window.
   */
  push(jobId: string, payload: Record<string, unknown>, before: Running, now = Date.now()): ApplyOutcome {
    if (this.revertedJobs.has(jobId)) return { ok: false, error: 'reverted after the management connection was lost; not applied again' };
    const outcome = applyConfig(payload, this.cannotRun);
    if (outcome.ok) {
      this.earlier = this.unconfirmed;
      this.unconfirmed = { ...before, jobId, until: now + this.windowMs };
    }
    return outcome;
  }

  /** The last push could not be applied (a real box put back what ran): nothing of it waits for confirmation. */
  undoPush(): void {
    this.unconfirmed = this.earlier;
    this.earlier = null;
  }

  /** The connection stayed up through the window: the push is confirmed. */
  confirmDue(now = Date.now()): void {
    if (this.unconfirmed && now > this.unconfirmed.until) this.unconfirmed = null;
  }

  /** The management connection was lost: within the window, what ran before the push, to run again; otherwise null. */
  connectionLost(now = Date.now()): Running | null {
    const u = this.unconfirmed;
    this.unconfirmed = null;
    if (!u || now > u.until) return null;
    this.revertedJobs.add(u.jobId);
    this.reverted = { type: 'config_reverted', job_id: u.jobId, config_hash: u.hash, reason: REVERT_REASON };
    return { hash: u.hash, config: u.config };
  }

  /** The report of the last push undone, once: for the server when the device is back. */
  takeReport(): RevertReport | null {
    const report = this.reverted;
    this.reverted = null;
    return report;
  }
}
