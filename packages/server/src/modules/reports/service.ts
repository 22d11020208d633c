import { REPORT_KEEP_DAYS, nextScheduledRun, type ReportRequest, type ReportRow, type ReportScheduleBody, type ReportScheduleRow } from '@netloom/domain';
import type { Db } from '../../db/client';
import type { EventBus } from '../../bus/event-bus';
import { topics } from '../../bus/topics';
import { audit, type Actor } from '../../http/access';
import { errors } from '../../http/errors';
import * as repo from './repo';
import { toReportRow, toScheduleRow } from './rows';

/** How many reports the list shows: they expire after REPORT_KEEP_DAYS anyway. */
const LIST_LIMIT = 500;
/** A tenant cannot pile up work: reports waiting or being made at once. */
const MAX_PENDING_REPORTS = 10;

export interface ReportDownload {
  fileName: string;
  contentType: string;
  content: Buffer;
}

/** A tenant's reports and schedules; the reports themselves are made by the worker, never in a request. */
export class ReportService {
  constructor(
    private readonly db: Db,
    private readonly bus: EventBus,
    /** Tells this instance's worker a report is waiting, so it starts at once. */
    private readonly wake: () => void,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async list(actor: Actor): Promise<ReportRow[]> {
    return (await repo.listReports(this.db, actor.scope.tenantId, LIST_LIMIT)).map(toReportRow);
  }

  async get(actor: Actor, id: string): Promise<ReportRow> {
    const row = await repo.findReport(this.db, actor.scope.tenantId, id);
    if (!row) throw errors.notFound();
    return toReportRow(row);
  }

  /** Queues the report and answers at once: the worker makes it and the `reports` feed tells how it goes. */
  async create(actor: Actor, body: ReportRequest): Promise<ReportRow> {
    const tenantId = actor.scope.tenantId;
    const now = this.now();
    const record = await repo.insertReportWithinLimit(
      this.db,
      {
        id: crypto.randomUUID(),
        tenantId,
        kind: body.kind,
        format: body.format,
        product: body.product,
        params: { from: new Date(body.from).toISOString(), to: new Date(body.to).toISOString() },
        status: 'queued',
        createdBy: actor.userId,
        createdAt: now,
        // Until it is finished; then REPORT_KEEP_DAYS from then.
        expiresAt: new Date(now.getTime() + REPORT_KEEP_DAYS * 86_400_000),
      },
      MAX_PENDING_REPORTS,
    );
    if (!record) throw errors.conflict(`${MAX_PENDING_REPORTS} reports are already waiting or being made. Try again when one has finished.`);
    await audit(this.db, actor, 'report.created', record.id, { kind: body.kind, format: body.format, from: body.from, to: body.to });
    const row = toReportRow(record);
    await this.announce(row, tenantId);
    this.wake();
    return row;
  }

  /** Deletes a report, also one being made (its worker then stops at its next step). */
  async remove(actor: Actor, id: string): Promise<void> {
    const row = await repo.findReport(this.db, actor.scope.tenantId, id);
    if (!row || !(await repo.deleteReport(this.db, actor.scope.tenantId, id))) throw errors.notFound();
    await audit(this.db, actor, 'report.deleted', id, { kind: row.kind, format: row.format });
  }

  async download(actor: Actor, id: string): Promise<ReportDownload> {
    const file = await repo.reportFile(this.db, actor.scope.tenantId, id);
    if (!file) throw errors.notFound();
    if (file.status !== 'done' || !file.content || !file.fileName || !file.contentType) throw errors.conflict('The report is not ready yet.');
    return { fileName: file.fileName, contentType: file.contentType, content: Buffer.from(file.content) };
  }

  async schedules(actor: Actor): Promise<ReportScheduleRow[]> {
    return (await repo.listSchedules(this.db, actor.scope.tenantId)).map(toScheduleRow);
  }

  async createSchedule(actor: Actor, body: ReportScheduleBody): Promise<ReportScheduleRow> {
    const row = await repo.insertSchedule(this.db, {
      id: crypto.randomUUID(),
      tenantId: actor.scope.tenantId,
      ...this.scheduleFields(body),
      createdBy: actor.userId,
    });
    await audit(this.db, actor, 'report_schedule.created', row.id, { name: body.name, kind: body.kind, cadence: body.cadence });
    return toScheduleRow(row);
  }

  /** Replaces a schedule's choices; its next run follows its (maybe new) cadence from now. */
  async updateSchedule(actor: Actor, id: string, body: ReportScheduleBody): Promise<ReportScheduleRow> {
    const row = await repo.updateSchedule(this.db, actor.scope.tenantId, id, this.scheduleFields(body));
    if (!row) throw errors.notFound();
    await audit(this.db, actor, 'report_schedule.changed', id, { name: body.name, kind: body.kind, cadence: body.cadence, enabled: body.enabled });
    return toScheduleRow(row);
  }

  async removeSchedule(actor: Actor, id: string): Promise<void> {
    if (!(await repo.deleteSchedule(this.db, actor.scope.tenantId, id))) throw errors.notFound();
    await audit(this.db, actor, 'report_schedule.deleted', id);
  }

  private scheduleFields(body: ReportScheduleBody) {
    // The same address twice would get the mail twice.
    const recipients = [...new Set(body.recipients.map((r) => r.toLowerCase()))];
    return {
      name: body.name,
      kind: body.kind,
      format: body.format,
      product: body.product,
      cadence: body.cadence,
      recipients,
      enabled: body.enabled,
      nextRunAt: nextScheduledRun(body.cadence, this.now()),
    };
  }

  private announce(report: ReportRow, tenantId: string): Promise<void> {
    return this.bus.publish(topics.tenantReports(tenantId), { kind: 'report', report });
  }
}
