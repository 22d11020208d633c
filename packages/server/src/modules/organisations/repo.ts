import { and, asc, desc, eq, ilike, inArray, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { LOGIN_ACTIONS, type Customer, type TenantDetail } from '@netloom/domain';
import type { Db } from '../../db/client';
import { deleteTenantAuditRows } from '../../db/audit-log';
import { auditLog } from '../../db/read-models/audit-log';
import { heldInvitations } from '../../db/read-models/held-invitations';
import { memberships, tenants, users } from '../../db/read-models/identity';

import { likePattern } from '../../db/sql-helpers';
import { deleteTenantWithItsOnlyMembers } from '../../identity/repo';
import { toTenantDto } from '../../identity/dto';
export { insertTenant, updateTenant } from '../../identity/repo';

/** Qualified on purpose: drizzle writes a lone table's columns unqualified, which a subquery would rebind. */
const tenantIdColumn = sql.raw('"tenants"."id"');
const ownerEmails = sql<string[]>`coalesce((select array_agg(u.email order by m.created_at) from ${memberships} m
  join ${users} u on u.id = m.user_id where m.tenant_id = ${tenantIdColumn} and m.role = 'owner'), '{}')`;
// Held invitations are users to the tenant (listed as pending ones), so they count like them.
const userCount = sql<number>`((select count(*) from ${memberships} m where m.tenant_id = ${tenantIdColumn})
  + (select count(*) from ${heldInvitations} h where h.tenant_id = ${tenantIdColumn}))::int`;
const deviceCount = sql<number>`(select count(*) from devices d where d.tenant_id = ${tenantIdColumn} and d.claimed)::int`;

export async function tenantDetail(db: Db, id: string): Promise<TenantDetail | undefined> {
  const [row] = await db.select({ t: tenants, owners: ownerEmails, users: userCount, devices: deviceCount }).from(tenants).where(eq(tenants.id, id));
  return row && { ...toTenantDto(row.t), owner_emails: row.owners, users: Number(row.users), devices: Number(row.devices) };
}

export async function listCustomers(
  db: Db,
  search: string | undefined,
  page: { offset: number; limit: number | null },
): Promise<{ rows: Customer[]; total: number }> {
  const where: SQL | undefined = search
    ? or(ilike(tenants.name, likePattern(search)), ilike(sql`array_to_string(${ownerEmails}, ' ')`, likePattern(search)))
    : undefined;
  const query = db
    .select({ t: tenants, owners: ownerEmails, users: userCount, devices: deviceCount })
    .from(tenants)
    .where(where)
    .orderBy(asc(sql`lower(${tenants.name})`))
    .offset(page.offset);
  const [rows, [total]] = await Promise.all([
    page.limit === null ? query : query.limit(page.limit),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(tenants)
      .where(where),
  ]);
  return {
    total: total?.n ?? 0,
    rows: rows.map((r) => ({
      id: r.t.id,
      tenantname: r.t.name,
      owner_email: r.owners[0] ?? null,
      subscriptions: r.t.subscriptions,
      all_product_access: r.t.allProductAccess,
      suspended: r.t.suspended,
      devices: Number(r.devices),
      users: Number(r.users),
      created_at: r.t.createdAt.toISOString(),
    })),
  };
}

export async function nameTakenByOther(db: Db, name: string, exceptId: string | null): Promise<boolean> {
  const rows = await db
    .select({ id: tenants.id })
    .from(tenants)
    .where(and(eq(sql`lower(${tenants.name})`, name.toLowerCase()), exceptId ? ne(tenants.id, exceptId) : undefined))
    .limit(1);
  return rows.length > 0;
}

export async function memberIds(db: Db, tenantId: string): Promise<string[]> {
  return (await db.select({ id: memberships.userId }).from(memberships).where(eq(memberships.tenantId, tenantId))).map((r) => r.id);
}

/**
 * Removes a tenant with everything in it: its rows (cascades), its audit rows, and the accounts
 * of its members that belong to no other tenant (super admins keep theirs).
 */
export async function deleteTenant(db: Db, tenantId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await deleteTenantAuditRows(tx, tenantId);
    await deleteTenantWithItsOnlyMembers(tx, tenantId);
  });
}

export async function lastEntry(db: Db, tenantId: string, login: boolean) {
  const [row] = await db
    .select({ time: auditLog.createdAt, action: auditLog.action, user: auditLog.actorEmail })
    .from(auditLog)
    .where(and(eq(auditLog.tenantId, tenantId), login ? inArray(auditLog.action, [...LOGIN_ACTIONS]) : notInArray(auditLog.action, [...LOGIN_ACTIONS])))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(1);
  return row ? { time: row.time.toISOString(), action: row.action, user: row.user } : null;
}
