import type { Db } from './client';
import { auditLog } from './schema/index';

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
