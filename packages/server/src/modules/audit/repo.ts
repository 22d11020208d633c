import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema/index';

export interface AuditEntry {
  tenantId: string | null;
  actorId: string | null;
  actorEmail: string | null;
  action: string;
  target?: string | null;
  details?: Record<string, unknown>;
  ip?: string | null;
}

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
