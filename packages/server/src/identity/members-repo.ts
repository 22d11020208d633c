import { and, eq, sql } from 'drizzle-orm';
import type { Role } from '@netloom/domain';
import type { Db } from '../db/client';
import { memberships } from '../db/schema/memberships';
import { users } from '../db/schema/users';

/*
 * Accounts and their memberships as the team pages and the demo seed change them. Run each in
 * the caller's transaction where it goes with other writes (an audit row, a held invitation, group
 * memberships): the caller decides what is atomic.
 */

/** An account, and its membership of one tenant unless it has none (a super admin of no tenant). */
export async function insertUser(
  db: Db,
  row: typeof users.$inferInsert & { id: string },
  membership: Omit<typeof memberships.$inferInsert, 'userId'> | null,
): Promise<void> {
  await db.insert(users).values(row);
  if (membership) await db.insert(memberships).values({ ...membership, userId: row.id });
}

/** An invited member: an inactive account without a password (set on activation), named by its e-mail. */
export async function insertInvitedUser(
  db: Db,
  tenantId: string,
  input: { id: string; email: string; firstName: string; lastName: string; companyName: string; role: Role; createdAt?: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    await insertUser(
      tx,
      {
        createdAt: input.createdAt,
        id: input.id,
        email: input.email,
        username: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        companyName: input.companyName,
        passwordHash: null,
        active: false,
      },
      { tenantId, role: input.role, createdAt: input.createdAt },
    );
  });
}

export async function setMembershipRole(db: Db, tenantId: string, userId: string, role: Role): Promise<void> {
  await db
    .update(memberships)
    .set({ role })
    .where(and(eq(memberships.tenantId, tenantId), eq(memberships.userId, userId)));
}

/**
 * Takes a user out of a tenant; an account that belongs to no other tenant (and is no super admin)
 * goes with it, so its e-mail can be invited anew.
 */
export async function removeMembership(db: Db, tenantId: string, userId: string): Promise<void> {
  await db.delete(memberships).where(and(eq(memberships.tenantId, tenantId), eq(memberships.userId, userId)));
  await db
    .delete(users)
    .where(and(eq(users.id, userId), eq(users.isSuperAdmin, false), sql`not exists (select 1 from ${memberships} m where m.user_id = ${userId})`));
}
