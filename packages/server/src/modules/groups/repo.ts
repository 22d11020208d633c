import { and, asc, count, eq, ilike, inArray, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Group } from '@netloom/domain';
import type { Db } from '../../db/client';
import { heldInvitations } from '../../db/read-models/held-invitations';
import { memberships, users } from '../../db/read-models/identity';
import { userGroupHeldMembers, userGroupMembers, userGroups } from '../../db/schema/groups';
import { likePattern } from '../../db/sql-helpers';

export type GroupRow = typeof userGroups.$inferSelect;

export async function findGroup(db: Db, tenantId: string, id: string): Promise<GroupRow | undefined> {
  const [row] = await db
    .select()
    .from(userGroups)
    .where(and(eq(userGroups.tenantId, tenantId), eq(userGroups.id, id)));
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
  const query = db
    .select()
    .from(userGroups)
    .where(where)
    .orderBy(asc(sql`lower(${userGroups.name})`))
    .offset(page.offset);
  const [rows, [total]] = await Promise.all([page.limit === null ? query : query.limit(page.limit), db.select({ n: count() }).from(userGroups).where(where)]);
  const members = rows.length
    ? await membersOf(
        db,
        rows.map((r) => r.id),
      )
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
  const members = (await membersOf(db, [row.id])).map(({ groupId: _g, ...m }) => m);
  return { id: row.id, name: row.name, description: row.description, members, created_at: row.createdAt.toISOString() };
}

/**
 * The members of the groups, by address: users, and held invitations in the shape of the pending
 * member they act as (see heldInvitations), so nothing in a group tells the two apart.
 */
async function membersOf(db: Db, groupIds: string[]) {
  // A union can only be ordered by an output column: the sort key is one.
  const rows = await unionAll(
    db
      .select({
        groupId: userGroupMembers.groupId,
        id: users.id,
        email: users.email,
        first_name: users.firstName,
        last_name: users.lastName,
        sortKey: sql<string>`lower(${users.email})`.as('sort_key'),
      })
      .from(userGroupMembers)
      .innerJoin(users, eq(users.id, userGroupMembers.userId))
      .where(inArray(userGroupMembers.groupId, groupIds)),
    db
      .select({
        groupId: userGroupHeldMembers.groupId,
        id: heldInvitations.id,
        email: heldInvitations.email,
        first_name: heldInvitations.firstName,
        last_name: heldInvitations.lastName,
        sortKey: sql<string>`lower(${heldInvitations.email})`.as('sort_key'),
      })
      .from(userGroupHeldMembers)
      .innerJoin(heldInvitations, eq(heldInvitations.id, userGroupHeldMembers.heldInvitationId))
      .where(inArray(userGroupHeldMembers.groupId, groupIds)),
  ).orderBy(asc(sql`sort_key`));
  return rows.map(({ sortKey: _s, ...m }) => m);
}

/**
 * Of `ids`, the tenant's members and its held invitations (which a group takes as pending members).
 * The held invitations are read first and locked: one that an account's deletion is turning into a
 * real invitation is waited for and then found among the members, under the same id, instead of
 * failing the write or deadlocking on the group rows both move (see releaseHeldInvitations).
 */
async function sortIds(db: Db, tenantId: string, ids: string[]): Promise<{ users: string[]; held: string[] }> {
  if (!ids.length) return { users: [], held: [] };
  const held = await db
    .select({ id: heldInvitations.id })
    .from(heldInvitations)
    .where(and(eq(heldInvitations.tenantId, tenantId), inArray(heldInvitations.id, ids)))
    .for('share');
  const users = await db
    .select({ id: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.tenantId, tenantId), inArray(memberships.userId, ids)));
  return { users: users.map((r) => r.id), held: held.map((r) => r.id) };
}

/** Of `ids`, those that are neither members of the tenant nor its held invitations. */
export async function strangers(db: Db, tenantId: string, ids: string[]): Promise<string[]> {
  const { users, held } = await sortIds(db, tenantId, ids);
  const known = new Set([...users, ...held]);
  return ids.filter((id) => !known.has(id));
}

/** Ids that stopped being the tenant's since they were checked were left out by sortIds, never stored. */
async function addMembers(db: Db, groupId: string, { users, held }: { users: string[]; held: string[] }): Promise<void> {
  if (users.length) await db.insert(userGroupMembers).values(users.map((userId) => ({ groupId, userId })));
  if (held.length) await db.insert(userGroupHeldMembers).values(held.map((heldInvitationId) => ({ groupId, heldInvitationId })));
}

export async function insertGroup(db: Db, row: { id: string; tenantId: string; name: string; description: string }, ids: string[]): Promise<void> {
  await db.transaction(async (tx) => {
    const members = await sortIds(tx, row.tenantId, ids);
    await tx.insert(userGroups).values(row);
    await addMembers(tx, row.id, members);
  });
}

export async function updateGroup(db: Db, id: string, patch: { name?: string; description?: string }): Promise<void> {
  await db.update(userGroups).set(patch).where(eq(userGroups.id, id));
}

export async function deleteGroup(db: Db, id: string): Promise<void> {
  await db.delete(userGroups).where(eq(userGroups.id, id));
}

/** The groups a held invitation was in take the user it became instead (see releaseHeldInvitations). */
export async function moveHeldMemberships(db: Db, heldInvitationId: string, userId: string): Promise<void> {
  await db.insert(userGroupMembers).select(
    db
      .select({ groupId: userGroupHeldMembers.groupId, userId: sql<string>`${userId}::uuid`.as('user_id'), createdAt: userGroupHeldMembers.createdAt })
      .from(userGroupHeldMembers)
      .where(eq(userGroupHeldMembers.heldInvitationId, heldInvitationId)),
  );
  await db.delete(userGroupHeldMembers).where(eq(userGroupHeldMembers.heldInvitationId, heldInvitationId));
}

/** A user taken out of a tenant leaves its groups there (their groups of other tenants stay); run it in the removal's transaction. */
export async function leaveTenantGroups(db: Db, tenantId: string, userId: string): Promise<void> {
  await db
    .delete(userGroupMembers)
    .where(and(eq(userGroupMembers.userId, userId), sql`${userGroupMembers.groupId} in (select id from ${userGroups} where tenant_id = ${tenantId})`));
}

export async function replaceMembers(db: Db, tenantId: string, id: string, ids: string[]): Promise<void> {
  await db.transaction(async (tx) => {
    const members = await sortIds(tx, tenantId, ids);
    await tx.delete(userGroupMembers).where(eq(userGroupMembers.groupId, id));
    await tx.delete(userGroupHeldMembers).where(eq(userGroupHeldMembers.groupId, id));
    await addMembers(tx, id, members);
  });
}

/** One user joins and leaves groups of one tenant (groups of other tenants are never touched); run it in the caller's transaction. */
export async function changeUserGroups(db: Db, tenantId: string, userId: string, changes: { add: string[]; remove: string[] }): Promise<void> {
  const ofTenant = sql`${userGroupMembers.groupId} in (select id from ${userGroups} where tenant_id = ${tenantId})`;
  if (changes.remove.length) {
    await db.delete(userGroupMembers).where(and(eq(userGroupMembers.userId, userId), inArray(userGroupMembers.groupId, changes.remove), ofTenant));
  }
  if (changes.add.length) {
    const own = await db
      .select({ id: userGroups.id })
      .from(userGroups)
      .where(and(eq(userGroups.tenantId, tenantId), inArray(userGroups.id, changes.add)));
    if (own.length)
      await db
        .insert(userGroupMembers)
        .values(own.map((g) => ({ groupId: g.id, userId })))
        .onConflictDoNothing();
  }
}
