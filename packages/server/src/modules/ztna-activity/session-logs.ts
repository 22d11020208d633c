import { DEFAULT_LOG_RETENTION_DAYS, ZTNA_SESSION_FILTER_KEYS, toCsv, type logFilterBodySchema, type ztnaSessionRowSchema } from '@netloom/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { Actor } from '../../http/access';
import { errors } from '../../http/errors';
import type { SessionStorePort } from './ports';
import * as repo from './sessions-repo';

type LogBody = z.output<typeof logFilterBodySchema>;
type ZtnaSessionRow = z.infer<typeof ztnaSessionRowSchema>;
type Row = Record<string, unknown>;

const DAY = 86_400_000;
const RANGE_MS: Record<string, number> = { '1h': 3_600_000, '24h': DAY, '7d': 7 * DAY, '30d': 30 * DAY, '90d': 90 * DAY };
const CSV_MAX_ROWS = 100_000;
const str = (v: unknown) => (v === null || v === undefined ? null : String(v));
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

const rowOf = (r: Row): ZtnaSessionRow => ({
  id: `${String(r.device_id)}:${String(r.seq)}:${String(r.n)}`,
  time: new Date(r.at as string).toISOString(),
  user: str(r.user_name),
  device_id: String(r.device_id),
  device_name: str(r.device_name),
  server_id: str(r.server_id),
  server_name: str(r.server_name),
  destination: String(r.destination),
  protocol: r.protocol as ZtnaSessionRow['protocol'],
  port: num(r.port),
  action: r.action as ZtnaSessionRow['action'],
  rule: r.rule as ZtnaSessionRow['rule'],
  policy_id: str(r.policy_id),
  policy_name: str(r.policy_name),
  failed_condition: str(r.failed_condition) as ZtnaSessionRow['failed_condition'],
  connector_id: str(r.connector_id),
  connector_name: str(r.connector_name),
  duration_ms: Number(r.duration_ms),
  bytes_in: Number(r.bytes_in),
  bytes_out: Number(r.bytes_out),
});

const CSV_KEYS = [
  'time',
  'user',
  'device_name',
  'server_name',
  'destination',
  'protocol',
  'port',
  'action',
  'policy_name',
  'rule',
  'failed_condition',
  'connector_name',
  'duration_ms',
  'bytes_in',
  'bytes_out',
] as const;

const FILTER_KEYS = new Set<string>(ZTNA_SESSION_FILTER_KEYS);

/** A window whose end (given, or now) comes before its start: the route's document states it. */
export const END_BEFORE_START = 'The end is before the start';

/** The zero-trust session logs (logs › ztna-session-logs) over the analytics store, and their retention. */
export class ZtnaSessionLogs {
  constructor(
    private readonly db: Db,
    /** Where the sessions are: the analytics store's, which alone deletes them. */
    private readonly store: SessionStorePort,
  ) {}

  /** A page of sessions (or all of them as CSV), never older than the tenant keeps them. */
  async logs(actor: Actor, body: LogBody): Promise<{ count: number; rows: ZtnaSessionRow[] } | { csv: string }> {
    const unknown = body.filters.findIndex((f) => !FILTER_KEYS.has(f.key));
    if (unknown >= 0) throw errors.invalid({ [`filters.${unknown}.key`]: [`Filter on one of: ${ZTNA_SESSION_FILTER_KEYS.join(', ')}`] });
    const now = Date.now();
    const oldest = now - (await repo.sessionRetentionDays(this.db, actor.scope.tenantId)) * DAY;
    const to = body.end_time ? Date.parse(body.end_time) : now + 60_000;
    const span = RANGE_MS[body['time-range'] ?? ''] ?? 7 * DAY;
    const start = body.start_time ? Date.parse(body.start_time) : to - span;
    if (start > to) throw errors.invalid({ end_time: [END_BEFORE_START] });
    const csv = body.format === 'csv';
    const all = csv || body.size === 0;
    const page = await repo.sessionLogs(this.db, {
      tenantId: actor.scope.tenantId,
      from: new Date(Math.max(start, oldest)),
      to: new Date(to),
      search: body.search || null,
      filters: body.filters.filter((f) => f.key !== 'tenant_id').map((f) => ({ key: f.key as repo.SessionFilterKey, value: f.value })),
      offset: all ? 0 : (body.page - 1) * body.size,
      limit: all ? CSV_MAX_ROWS : body.size,
    });
    const rows = page.rows.map(rowOf);
    if (!csv) return { count: page.count, rows };
    return {
      csv: toCsv(rows, { titles: CSV_KEYS, keys: CSV_KEYS }) ?? '',
    };
  }

  /**
   * The hourly sweep: days no tenant keeps any more are dropped whole, then each tenant's sessions
   * past its own retention are deleted. Returns how many days and rows went.
   */
  async sweep(now = new Date()): Promise<number> {
    const longest = await repo.longestSessionRetentionDays(this.db);
    const days = await this.store.dropDaysBefore(new Date(now.getTime() - longest * DAY));
    return days + (await this.store.deleteExpired(now, await repo.sessionRetentions(this.db), DEFAULT_LOG_RETENTION_DAYS.ztna_sessions));
  }
}
