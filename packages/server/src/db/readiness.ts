import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from './client';

export type Readiness = { ok: true } | { ok: false; reason: 'unreachable' | 'migrations_pending' };

/** How long a readiness check waits for the database: a probe must answer well within its own timeout. */
const READINESS_TIMEOUT_MS = 2_000;

/** When the newest migration this server knows was written (drizzle stores it as the applied row's created_at). */
function newestMigrationMillis(): number {
  const journal = JSON.parse(readFileSync(path.resolve(import.meta.dirname, 'migrations/meta/_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(0, ...journal.entries.map((e) => e.when));
}

/**
 * Whether the database answers, within `timeoutMs`, and has every migration of this server
 * applied: one statement. Checks asked while one is under way share its answer, so a crowd of
 * consoles polling the backend check costs the database one query at a time.
 */
export function databaseReadiness(db: Db, timeoutMs = READINESS_TIMEOUT_MS): () => Promise<Readiness> {
  const newest = newestMigrationMillis();
  let underWay: Promise<Readiness> | null = null;

  const probe = async (): Promise<Readiness> => {
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<Readiness>((resolve) => {
      timer = setTimeout(() => resolve({ ok: false, reason: 'unreachable' }), timeoutMs);
    });
    const asked = db
      .execute(sql`select max(created_at) as applied from drizzle.__drizzle_migrations`)
      .then((result): Readiness => {
        const [row] = (result as unknown as { rows: { applied: string | number | null }[] }).rows;
        return Number(row?.applied ?? 0) >= newest ? { ok: true } : { ok: false, reason: 'migrations_pending' };
      })
      // No migrations table at all (42P01, undefined_table, in the driver's error that drizzle wraps)
      // is a database nobody migrated yet.
      .catch((e: unknown): Readiness => ({
        ok: false,
        reason: (e as { cause?: { code?: unknown } }).cause?.code === '42P01' ? 'migrations_pending' : 'unreachable',
      }));
    try {
      return await Promise.race([asked, timedOut]);
    } finally {
      clearTimeout(timer);
    }
  };

  return () => {
    underWay ??= probe().finally(() => {
      underWay = null;
    });
    return underWay;
  };
}
