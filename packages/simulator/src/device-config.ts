import { configHash, type ConfigDocument } from '@netloom/domain';
import { withLocalRoute } from './config-drift';
import { ConfirmOrRevert, type RevertReport } from './confirm-or-revert';
import type { ApplyOutcome } from './running-config';
import { WebFilterTimeline } from './web-filter-timeline';

/**
 * The configuration a device runs: its hash (what its heartbeats report), its document (null
 * until a push carries one), the web filters it ran by when, and the confirm-or-revert window of
 * its last push.
 */
export class DeviceConfig {
  document: ConfigDocument | null = null;
  /** Each web request is decided by the web filter running when it was made. */
  readonly webFilters = new WebFilterTimeline();
  private readonly pushes: ConfirmOrRevert;
  /** A real box applies one push at a time: the next waits for the one before. */
  private applying: Promise<unknown> = Promise.resolve();

  constructor(
    public hash: string | null,
    windowMs: number,
    /** Told of each configuration it runs from now on (what the behaviour reports follows it). */
    private readonly ran: (document: ConfigDocument | null) => void,
    /** Called when the hash changed: it is what the device keeps between runs. */
    private readonly changed: () => void,
    /** What its hardware cannot run (running-config.ts). */
    cannotRun?: (doc: ConfigDocument) => string | null,
  ) {
    this.pushes = new ConfirmOrRevert(windowMs, cannotRun);
  }

  /** A push from the server: run when it holds (and was not undone before), what ran before kept for the window. */
  push(jobId: string, payload: Record<string, unknown>): ApplyOutcome {
    const outcome = this.pushes.push(jobId, payload, { hash: this.hash, config: this.document });
    if (outcome.ok) this.switchTo(outcome.hash, outcome.document ?? this.document);
    return outcome;
  }

  /**
   * A push on a real box (the agent): checked as on any device, then applied to the kernel and
   * services by `apply`, one push at a time. An apply that fails has put back what ran before
   * (its error says so): the device runs what it ran, and nothing waits for confirmation.
   */
  pushApplied(jobId: string, payload: Record<string, unknown>, apply: (document: ConfigDocument | null) => Promise<string | null>): Promise<ApplyOutcome> {
    const run = this.applying.then(async (): Promise<ApplyOutcome> => {
      const outcome = this.pushes.push(jobId, payload, { hash: this.hash, config: this.document });
      if (!outcome.ok) return outcome;
      const error = await apply(outcome.document ?? this.document);
      if (error) {
        this.pushes.undoPush();
        return { ok: false, error };
      }
      this.switchTo(outcome.hash, outcome.document ?? this.document);
      return outcome;
    });
    this.applying = run.catch(() => undefined);
    return run;
  }

  /** A management connection that stayed up through the window confirms the last push. */
  confirmDue(): void {
    this.pushes.confirmDue();
  }

  /** The management connection was lost: a push within the window is undone. */
  connectionLost(): void {
    const before = this.pushes.connectionLost();
    if (before) this.switchTo(before.hash, before.config);
  }

  /** The push undone, to tell the server once the device is back. */
  takeRevertReport(): RevertReport | null {
    return this.pushes.takeReport();
  }

  /**
   * Someone changes the configuration on the box: a real box says what it runs now (`running`); a
   * simulated one grows a route the console never saved.
   */
  driftLocally(running?: ConfigDocument): boolean {
    if (!this.document) return false;
    this.document = running ?? withLocalRoute(this.document);
    this.hash = configHash(this.document);
    this.changed();
    return true;
  }

  private switchTo(hash: string | null, document: ConfigDocument | null): void {
    this.hash = hash;
    this.document = document;
    this.ran(document);
    this.webFilters.ran(document?.web_filter, Date.now());
    this.changed();
  }
}
