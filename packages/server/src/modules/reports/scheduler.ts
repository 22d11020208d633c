import type { FastifyBaseLogger } from 'fastify';
import { REPORT_KEEP_DAYS, nextScheduledRun, scheduledPeriod, type ReportCadence } from '@netloom/domain';
import type { Db } from '../../db/client';
import { isDatabaseUnavailable } from '../../db/unavailable';
import * as repo from './repo';

const DAY_MS = 86_400_000;
const BATCH = 100;

/**
 * Every `everyMs`: each enabled schedule whose time has come is moved on to its next run by a
 * conditional update, and the instance whose update it was queues that run's report. So with
 * several instances a run is made once; a server that was down makes one run, not the missed ones.
 */
export class ScheduleClock {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> = Promise.resolve();
  private busy = false;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    /** Hears each report this instance queued (the worker starts it, the consoles see it). */
    private readonly queued: (report: repo.ReportRecord) => Promise<void>,
    private readonly everyMs: number,
    private readonly now: () => Date = () => new Date(),
  ) {}

  start(): void {
    this.timer = setInterval(() => this.tick(), this.everyMs);
    this.timer.unref();
    this.tick();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  private tick(): void {
    if (this.busy) return;
    this.busy = true;
    this.running = this.round()
      .catch((err: unknown) => {
        if (isDatabaseUnavailable(err)) this.log.warn('report schedules: database unavailable, the next round catches up');
        else this.log.error({ err }, 'report schedules: round failed');
      })
      .finally(() => (this.busy = false));
  }

  async round(): Promise<void> {
    const now = this.now();
    for (const s of await repo.dueSchedules(this.db, now, BATCH)) {
      const cadence = s.cadence as ReportCadence;
      const period = scheduledPeriod(cadence, s.nextRunAt);
      const report = await repo.takeScheduledRun(this.db, s, nextScheduledRun(cadence, now), {
        id: crypto.randomUUID(),
        tenantId: s.tenantId,
        kind: s.kind,
        format: s.format,
        product: s.product,
        params: { from: period.from.toISOString(), to: period.to.toISOString() },
        status: 'queued',
        createdBy: s.createdBy,
        scheduleId: s.id,
        createdAt: now,
        expiresAt: new Date(now.getTime() + REPORT_KEEP_DAYS * DAY_MS),
      });
      if (report) await this.queued(report);
    }
  }
}
