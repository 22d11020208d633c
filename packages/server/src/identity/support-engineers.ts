import { asc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema/users';

/**
 * The provider's support staff: super admins and the users a super admin made support engineers.
 * Part of the identity core (the flag is a user's, like isSuperAdmin); the tickets module reads
 * and changes it through these functions.
 */

export interface DeskStaff {
  id: string;
  email: string;
  name: string;
  isSuperAdmin: boolean;
}

const staffColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  isSuperAdmin: users.isSuperAdmin,
};

const toStaff = (r: { id: string; email: string; firstName: string; lastName: string; isSuperAdmin: boolean }): DeskStaff => ({
  id: r.id,
  email: r.email,
  name: `${r.firstName} ${r.lastName}`.trim() || r.email,
  isSuperAdmin: r.isSuperAdmin,
});

/** Everyone who works the desk, active or not, by name. */
export async function listDeskStaff(db: Db): Promise<DeskStaff[]> {
  const rows = await db
    .select(staffColumns)
    .from(users)
    .where(or(eq(users.isSuperAdmin, true), eq(users.isSupportEngineer, true)))
    .orderBy(asc(users.firstName), asc(users.email));
  return rows.map(toStaff);
}

/** One of the desk's staff (an assignee must be), or undefined. */
export async function findDeskStaff(db: Db, id: string): Promise<DeskStaff | undefined> {
  const [row] = await db
    .select(staffColumns)
    .from(users)
    .where(sql`${users.id} = ${id} and (${users.isSuperAdmin} or ${users.isSupportEngineer})`);
  return row && toStaff(row);
}

/** Grants or revokes the support engineer flag of the user with this e-mail; undefined when there is none. */
export async function setSupportEngineer(db: Db, email: string, flag: boolean): Promise<{ id: string; email: string } | undefined> {
  const [row] = await db
    .update(users)
    .set({ isSupportEngineer: flag })
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .returning({ id: users.id, email: users.email });
  return row;
}
