import { and, desc, eq, gte, ilike, inArray, isNull, lte, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { LOGIN_ACTIONS, type LogEntry } from '@netloom/domain';
import type { Db } from '../../db/client';
import { auditLog } from '../../db/read-models/audit-log';
import { memberships, users } from '../../db/read-models/identity';
import { likePattern } from '../../db/sql-helpers';

export type LogKind = 'login' | 'activity';

export interface LogFilter {
  tenantId: string;
  kind: LogKind;
  start?: Date | undefined;
  end?: Date | undefined;
  search?: string | undefined;
}

/** Rows kept for the whole logs when "all" (page_size=0) is asked: a CSV never grows without bound. */
const LOG_ALL_LIMIT = 50_000;

/**
 * A tenant's rows: those written in the tenant, and its members' account-level rows (logins
 * failing before a tenant is known, logouts, password and 2FA changes) that carry no tenant.
 */
function where(f: LogFilter): SQL {
  const user = sql`coalesce(${auditLog.actorEmail}, ${users.email}, '')`;
  const parts: (SQL | undefined)[] = [
    or(
      eq(auditLog.tenantId, f.tenantId),
      and(
        isNull(auditLog.tenantId),
        sql`${auditLog.actorId} in (select ${memberships.userId} from ${memberships} where ${memberships.tenantId} = ${f.tenantId})`,
      ),
    ),
    f.kind === 'login' ? inArray(auditLog.action, [...LOGIN_ACTIONS]) : notInArray(auditLog.action, [...LOGIN_ACTIONS]),
    f.start ? gte(auditLog.createdAt, f.start) : undefined,
    f.end ? lte(auditLog.createdAt, f.end) : undefined,
  ];
  if (f.search) {
    const p = likePattern(f.search);
    parts.push(or(ilike(user, p), ilike(auditLog.action, p), ilike(auditLog.target, p), ilike(auditLog.ip, p), ilike(sql`${auditLog.details}::text`, p)));
  }
  return and(...parts)!;
}

export async function listLogs(db: Db, f: LogFilter, page: { offset: number; limit: number | null }): Promise<{ rows: LogEntry[]; total: number }> {
  const w = where(f);
  const base = db
    .select({
      id: auditLog.id,
      createdAt: auditLog.createdAt,
      user: sql<string | null>`coalesce(${auditLog.actorEmail}, ${users.email})`,
      action: auditLog.action,
      target: auditLog.target,
      ip: auditLog.ip,
      details: auditLog.details,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(w)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .offset(page.offset)
    .limit(page.limit ?? LOG_ALL_LIMIT);
  const [rows, [total]] = await Promise.all([
    base,
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(w),
  ]);
  return {
    total: total?.n ?? 0,
    rows: rows.map((r) => {
      const details = r.details ?? {};
      const userAgent = typeof details.user_agent === 'string' ? details.user_agent : null;
      return {
        id: r.id,
        time: r.createdAt.toISOString(),
        user: r.user,
        action: r.action,
        target: r.target,
        ip: r.ip,
        user_agent: userAgent,
        via_super_admin: details.via_super_admin === true,
        details,
      };
    }),
  };
}
