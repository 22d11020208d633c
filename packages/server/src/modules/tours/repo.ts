import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { tourCompletions } from '../../db/schema/tours';

export async function completions(db: Db, userId: string) {
  return db
    .select({ tour: tourCompletions.tour, version: tourCompletions.version, completedAt: tourCompletions.completedAt })
    .from(tourCompletions)
    .where(eq(tourCompletions.userId, userId))
    .orderBy(asc(tourCompletions.tour));
}

/** Records a finished version; an older one than already recorded changes nothing (the version never goes down). */
export async function recordCompletion(db: Db, userId: string, tour: string, version: number): Promise<void> {
  await db
    .insert(tourCompletions)
    .values({ userId, tour, version })
    .onConflictDoUpdate({
      target: [tourCompletions.userId, tourCompletions.tour],
      set: { version: sql`excluded.version`, completedAt: sql`now()` },
      setWhere: sql`excluded.version >= ${tourCompletions.version}`,
    });
}
