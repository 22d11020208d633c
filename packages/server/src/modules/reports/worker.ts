import type { FastifyBaseLogger } from 'fastify';
import { REPORT_KEEP_DAYS, REPORT_KIND_LABELS, type ReportFormat, type ReportKind } from '@netloom/domain';
import type { Db } from '../../db/client';
import type { EventBus } from '../../bus/event-bus';
import { topics } from '../../bus/topics';
import type { Mailer } from '../../mail/mailer';
import { isDatabaseUnavailable } from '../../db/unavailable';
import { AppError } from '../../http/errors';
import { generateReport } from './generate';
import type { RenderTask } from './render-file';
import * as repo from './repo';
import { periodOf, toReportRow } from './rows';
import type { ReportSources } from './sources';

export interface ReportWorkTiming {
  /** How often queued reports are looked for (a report queued on this instance starts at once). */
  pollMs: number;
  /** A running report whose instance has not moved it on for this long is taken over. */
  staleClaimMs: number;
}

/** What a failure says to the user: our own messages as they are, anything unexpected in general terms. */
const readable = (err: unknown) =>
  err instanceof AppError ? err.detail : 'The report could not be generated. Please try again; if it fails again, contact support.';

/**
 * Makes queued reports in the background, one at a time per instance: each is claimed with one
 * conditional update (any instance may take it; none takes one twice), its progress is stored
 * and announced on the bus (the consoles' `reports` feed), and a scheduled one is mailed when done.
 */
export class ReportWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> = Promise.resolve();
  private draining = false;
  private again = false;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly sources: ReportSources,
    private readonly bus: EventBus,
    private readonly mailer: Mailer,
    private readonly log: FastifyBaseLogger,
    private readonly timing: ReportWorkTiming,
    /** Renders a file off the main thread (renderer.ts). */
    private readonly render: (task: RenderTask) => Promise<Buffer>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  start(): void {
    this.timer = setInterval(() => this.wake(), this.timing.pollMs);
    this.timer.unref();
    this.wake();
  }

  /** Looks for work now (a report was just queued); a round under way looks again when it ends. */
  wake(): void {
    if (this.stopped) return;
    if (this.draining) {
      this.again = true;
      return;
    }
    this.draining = true;
    this.running = this.drain().finally(() => {
      this.draining = false;
      if (this.again && !this.stopped) {
        this.again = false;
        this.wake();
      }
    });
  }

  /** Stops taking reports and waits for the one being made. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  private async drain(): Promise<void> {
    try {
      while (!this.stopped) {
        const now = this.now();
        const claimed = await repo.claimNext(this.db, now, new Date(now.getTime() - this.timing.staleClaimMs));
        if (!claimed) return;
        await this.publish(claimed);
        await this.make(claimed);
      }
    } catch (err) {
      if (isDatabaseUnavailable(err)) this.log.warn('reports: database unavailable, the next round tries again');
      else this.log.error({ err }, 'reports: looking for work failed');
    }
  }

  /** A report is kept for REPORT_KEEP_DAYS from when it was finished (or failed). */
  private ended(): { finishedAt: Date; expiresAt: Date } {
    const finishedAt = this.now();
    return { finishedAt, expiresAt: new Date(finishedAt.getTime() + REPORT_KEEP_DAYS * 86_400_000) };
  }

  /** Best effort, like every bus message: the stored row is the truth, and a console that missed a step reads it. */
  private async publish(record: repo.ReportRecord): Promise<void> {
    try {
      await this.bus.publish(topics.tenantReports(record.tenantId), { kind: 'report', report: toReportRow(record) });
    } catch (err) {
      this.log.warn({ err, report: record.id }, 'reports: progress could not be announced');
    }
  }

  private async make(record: repo.ReportRecord): Promise<void> {
    let claimedAt = record.claimedAt!;
    let lost = false;
    // Each step renews the claim: a report that keeps moving is never taken over.
    const progress = async (p: number) => {
      if (lost) throw new Error('claim lost');
      const at = this.now();
      const moved = await repo.touchClaim(this.db, record.id, claimedAt, at, p);
      if (!moved) {
        lost = true;
        throw new Error('claim lost');
      }
      claimedAt = at;
      await this.publish(moved);
    };
    try {
      const file = await generateReport(
        { kind: record.kind as ReportKind, format: record.format as ReportFormat },
        { tenantId: record.tenantId, product: record.product as 'sdwan' | 'ztna', ...periodOf(record) },
        this.sources,
        progress,
        this.now(),
        this.render,
      );
      const done = await repo.finishReport(this.db, record.id, claimedAt, { ...file, ...this.ended() });
      if (!done) return;
      await this.publish(done);
      if (done.scheduleId) await this.mail(done, file);
    } catch (err) {
      // Deleted meanwhile, or taken over by another instance: that one says how it ends.
      if (lost) return;
      this.log.error({ err, report: record.id }, 'reports: generation failed');
      const failed = await repo.failReport(this.db, record.id, claimedAt, readable(err), this.ended());
      if (failed) await this.publish(failed);
    }
  }

  /** A scheduled report goes to its schedule's recipients, the file attached (nothing when the schedule is gone). */
  private async mail(record: repo.ReportRecord, file: { fileName: string; contentType: string; content: Buffer }): Promise<void> {
    const delivery = await repo.scheduledDelivery(this.db, record.id);
    if (!delivery) return;
    const tenant = await this.sources.tenantName(record.tenantId);
    const { from, to } = periodOf(record);
    const title = REPORT_KIND_LABELS[record.kind as ReportKind];
    for (const recipient of delivery.recipients) {
      try {
        await this.mailer.send({
          to: recipient,
          subject: `${delivery.name}: ${title} for ${tenant}`,
          text: `${title} of ${tenant}, ${from.toISOString().slice(0, 10)} to ${to.toISOString().slice(0, 10)}, is attached (${file.fileName}).\n\nThis report is sent by the schedule "${delivery.name}"; an owner or admin of ${tenant} can change or stop it under System tools → Report generation.`,
          attachments: [{ filename: file.fileName, contentType: file.contentType, content: file.content }],
        });
      } catch (err) {
        this.log.error({ err, report: record.id }, 'reports: mailing a scheduled report failed');
      }
    }
  }
}
