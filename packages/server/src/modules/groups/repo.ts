import { and, asc, count, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { Group } from '@netloom/domain';
import type { Db } from '../../db/client';
import { memberships, userGroupMembers, userGroups, users } from '../../db/schema/index';
import { likePattern } from '../users/repo';

export type GroupRow = typeof userGroups.$inferSelect;

export async function findGroup(db: Db, tenantId: string, id: string): Promise<GroupRow | undefined> {
  const [row] = await db.select().from(userGroups).where(and(eq(userGroups.tenantId, tenantId), eq(userGroups.id, id)));
  return row;
}

/** Groups with their members, one query for the page and one for its members. */
export async function listGroups(
  db: Db,
  tenantId: string,
  search: string | undefined,
  page: { offset: number; limit: number | null },
): Promise<{ rows: Group[]; total: number }> {
  const where = and(eq(userGroups.tenantId, tenantId), search ? ilike(userGroups.name, likePattern(search)) : undefined);
  const query = db.select().from(userGroups).where(where).orderBy(asc(sql`lower(${userGroups.name})`)).offset(page.offset);
  const [rows, [total]] = await Promise.all([
    page.limit === null ? query : query.limit(page.limit),
    db.select({ n: count() }).from(userGroups).where(where),
  ]);
  const members = rows.length
    ? await db
        .select({ groupId: userGroupMembers.groupId, id: users.id, email: users.email, first_name: users.firstName, last_name: users.lastName })
        .from(userGroupMembers)
        .innerJoin(users, eq(users.id, userGroupMembers.userId))
        .where(inArray(userGroupMembers.groupId, rows.map((r) => r.id)))
        .orderBy(asc(sql`lower(${users.email})`))
    : [];
  return {
    total: total?.n ?? 0,
    rows: rows.map((g) => ({
      id: g.id,
      name: g.name,
      description: g.description,
      members: members.filter((m) => m.groupId === g.id).map(({ groupId: _g, ...m }) => m),
      created_at: g.createdAt.toISOString(),
    })),
  };
}

export async function groupDto(db: Db, row: GroupRow): Promise<Group> {
  const members = await db
    .select({ id: users.id, email: users.email, first_name: users.firstName, last_name: users.lastName })
    .from(userGroupMembers)
    .innerJoin(users, eq(users.id, userGroupMembers.userId))
    .where(eq(userGroupMembers.groupId, row.id))
    .orderBy(asc(sql`lower(${users.email})`));
  return { id: row.id, name: row.name, description: row.description, members, created_at: row.createdAt.toISOString() };
}

/** Of `userIds`, those that are not members of the tenant. */
export async function strangers(db: Db, tenantId: string, userIds: string[]): Promise<string[]> {
  if (!userIds.length) return [];
  const found = await db.select({ id: memberships.userId }).from(memberships)
    .where(and(eq(memberships.tenantId, tenantId), inArray(memberships.userId, userIds)));
  const known = new Set(found.map((f) => f.id));
  return userIds.filter((id) => !known.has(id));
}

export async function insertGroup(db: Db, row: { id: string; tenantId: string; name: string; description: string }, userIds: string[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(userGroups).values(row);
    if (userIds.length) await tx.insert(userGroupMembers).values(userIds.map((userId) => ({ groupId: row.id, userId })));
  });
}

export async function updateGroup(db: Db, id: string, patch: { name?: string; description?: string }): Promise<void> {
  await db.update(userGroups).set(patch).where(eq(userGroups.id, id));
}

export async function deleteGroup(db: Db, id: string): Promise<void> {
  await db.delete(userGroups).where(eq(userGroups.id, id));
}

export async function replaceMembers(db: Db, id: string, userIds: string[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(userGroupMembers).where(eq(userGroupMembers.groupId, id));
    if (userIds.length) await tx.insert(userGroupMembers).values(userIds.map((userId) => ({ groupId: id, userId })));
  });
}
