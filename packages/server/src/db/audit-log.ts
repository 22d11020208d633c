import { and, eq, sql } from 'drizzle-orm';
import { LOGIN_ACTIONS } from '@netloom/domain';
import type { Db } from './client';
import { auditLog } from './schema/audit';

export interface AuditEntry {
  tenantId: string | null;
  actorId: string | null;
  actorEmail: string | null;
  action: string;
  target?: string | null;
  details?: Record<string, unknown>;
  ip?: string | null;
}

/**
 * The one writer of the audit log: every module's audit rows go through here, in the transaction
 * of the write they record (http/access.ts's audit() fills it in for a tenant actor).
 */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    tenantId: entry.tenantId,
    actorId: entry.actorId,
    actorEmail: entry.actorEmail,
    action: entry.action,
    target: entry.target ?? null,
    details: entry.details ?? null,
    ip: entry.ip ?? null,
  });
}

/** Many rows in one statement: a push to a thousand devices audits each of them. */
export async function recordAudits(db: Db, entries: AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await db.insert(auditLog).values(
    entries.map((entry) => ({
      tenantId: entry.tenantId,
      actorId: entry.actorId,
      actorEmail: entry.actorEmail,
      action: entry.action,
      target: entry.target ?? null,
      details: entry.details ?? null,
      ip: entry.ip ?? null,
    })),
  );
}

/** Deletes a tenant's login and activity log rows past the retention it set. */
export async function deleteOldAuditRows(db: Db, tenantId: string, now: Date, loginDays: number, activityDays: number): Promise<void> {
  const day = 86_400_000;
  const login = [...LOGIN_ACTIONS];
  await db.delete(auditLog).where(
    and(
      eq(auditLog.tenantId, tenantId),
      sql`((${auditLog.action} = any(${`{${login.join(',')}}`}::text[]) and ${auditLog.createdAt} < ${new Date(now.getTime() - loginDays * day).toISOString()})
          or (not ${auditLog.action} = any(${`{${login.join(',')}}`}::text[]) and ${auditLog.createdAt} < ${new Date(now.getTime() - activityDays * day).toISOString()}))`,
    ),
  );
}

/** Deletes every audit row of a tenant (the tenant is being removed); run it in the caller's transaction. */
export async function deleteTenantAuditRows(tx: Db, tenantId: string): Promise<void> {
  await tx.delete(auditLog).where(eq(auditLog.tenantId, tenantId));
}
