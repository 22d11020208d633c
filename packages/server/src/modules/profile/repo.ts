import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/read-models/identity';
import { updateUser } from '../../identity/repo';

export type ProfileUser = typeof users.$inferSelect;

/** The fields a user may change about themselves (password and 2FA are the auth module's). */
export interface ProfilePatch {
  firstName?: string;
  lastName?: string;
  companyName?: string;
  timezone?: string | null;
}

export async function updateProfile(db: Db, userId: string, patch: ProfilePatch): Promise<void> {
  await updateUser(db, userId, patch);
}

export async function findProfileUser(db: Db, userId: string): Promise<ProfileUser | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row;
}
