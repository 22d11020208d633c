import type { ReportRow, ReportScheduleRow } from '@netloom/domain';
import type { ReportRecord, ScheduleRecord } from './repo';

/** The period a report's stored choices name. */
export const periodOf = (r: Pick<ReportRecord, 'params'>) => ({ from: new Date(String(r.params.from)), to: new Date(String(r.params.to)) });

export function toReportRow(r: ReportRecord): ReportRow {
  const { from, to } = periodOf(r);
  return {
    id: r.id,
    kind: r.kind as ReportRow['kind'],
    format: r.format as ReportRow['format'],
    product: r.product as ReportRow['product'],
    from: from.toISOString(),
    to: to.toISOString(),
    status: r.status as ReportRow['status'],
    progress: r.progress,
    error: r.error,
    file_name: r.fileName,
    size: r.size,
    created_by: r.createdBy,
    schedule_id: r.scheduleId,
    created_at: r.createdAt.toISOString(),
    finished_at: r.finishedAt?.toISOString() ?? null,
    expires_at: r.expiresAt.toISOString(),
  };
}

export function toScheduleRow(s: ScheduleRecord): ReportScheduleRow {
  return {
    id: s.id,
    name: s.name,
    kind: s.kind as ReportScheduleRow['kind'],
    format: s.format as ReportScheduleRow['format'],
    product: s.product as ReportScheduleRow['product'],
    cadence: s.cadence as ReportScheduleRow['cadence'],
    recipients: s.recipients,
    enabled: s.enabled,
    next_run_at: s.nextRunAt.toISOString(),
    last_run_at: s.lastRunAt?.toISOString() ?? null,
  };
}
