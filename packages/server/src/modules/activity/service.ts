import { LOG_CSV_COLUMNS, toCsv, type LogEntry } from '@netloom/domain';
import type { Db } from '../../db/client';
import type { Actor } from '../../http/access';
import { errors } from '../../http/errors';
import { listLogs, type LogKind } from './repo';

export type { LogKind };

export function logsCsv(rows: LogEntry[]): string {
  const cells = rows.map((r) => Object.fromEntries(LOG_CSV_COLUMNS.map((k) => [k, k === 'details' ? JSON.stringify(r.details) : r[k]])));
  return toCsv(cells, { titles: LOG_CSV_COLUMNS, keys: LOG_CSV_COLUMNS }) ?? '';
}

export interface LogQuery {
  start_time?: string | undefined;
  end_time?: string | undefined;
  search?: string | undefined;
}

/** Login logs and activity logs of a tenant, read from the audit table. */
export class ActivityService {
  constructor(private readonly db: Db) {}

  list(actor: Actor, kind: LogKind, q: LogQuery, page: { offset: number; limit: number | null }): Promise<{ rows: LogEntry[]; total: number }> {
    const start = q.start_time ? new Date(q.start_time) : undefined;
    const end = q.end_time ? new Date(q.end_time) : undefined;
    if (start && end && start > end) throw errors.invalid({ end_time: ['Please enter a valid end date'] });
    return listLogs(this.db, { tenantId: actor.scope.tenantId, kind, start, end, search: q.search }, page);
  }
}
