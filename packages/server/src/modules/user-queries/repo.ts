import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { likePattern } from '../../db/sql-helpers';
import { userQueries } from '../../db/schema/user-queries';

export type StoredUserQuery = typeof userQueries.$inferSelect;
export type NewUserQuery = Omit<typeof userQueries.$inferInsert, 'status' | 'note' | 'createdAt' | 'updatedAt'>;

export interface UserQueryFilter {
  status?: string;
  source?: string;
  search?: string;
}

export async function insert(db: Db, row: NewUserQuery, at: Date): Promise<StoredUserQuery> {
  const [stored] = await db
    .insert(userQueries)
    .values({ ...row, createdAt: at, updatedAt: at })
    .returning();
  return stored!;
}

/** The newest first, filtered by status, source and a text in the name, e-mail, company or subject. */
export async function list(
  db: Db,
  filter: UserQueryFilter,
  page: { offset: number; limit: number | null },
): Promise<{ rows: StoredUserQuery[]; total: number }> {
  const parts: SQL[] = [];
  if (filter.status) parts.push(eq(userQueries.status, filter.status));
  if (filter.source) parts.push(eq(userQueries.source, filter.source));
  if (filter.search) {
    const p = likePattern(filter.search);
    parts.push(or(ilike(userQueries.name, p), ilike(userQueries.email, p), ilike(userQueries.company, p), ilike(userQueries.subject, p))!);
  }
  const where = and(...parts);
  const query = db.select().from(userQueries).where(where).orderBy(desc(userQueries.createdAt), desc(userQueries.id)).offset(page.offset);
  const [rows, [total]] = await Promise.all([page.limit === null ? query : query.limit(page.limit), db.select({ n: count() }).from(userQueries).where(where)]);
  return { rows, total: total?.n ?? 0 };
}

export async function update(db: Db, id: string, change: { status?: string; note?: string }, at: Date): Promise<StoredUserQuery | null> {
  const [row] = await db
    .update(userQueries)
    .set({ ...change, updatedAt: at })
    .where(eq(userQueries.id, id))
    .returning();
  return row ?? null;
}
