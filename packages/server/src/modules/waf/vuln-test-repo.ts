import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { devices } from '../../db/read-models/devices';
import { wafApplications, wafVulnTests } from '../../db/schema/waf';

export type VulnTestRow = typeof wafVulnTests.$inferSelect;
export type VulnTestView = VulnTestRow & { application: string; edge: string };

const OPEN = ['queued', 'running'] as const;

const columns = { run: wafVulnTests, application: wafApplications.name, edge: devices.name };
const view = (r: { run: VulnTestRow; application: string; edge: string }): VulnTestView => ({ ...r.run, application: r.application, edge: r.edge });

function selectRuns(db: Db) {
  return db
    .select(columns)
    .from(wafVulnTests)
    .innerJoin(wafApplications, eq(wafApplications.id, wafVulnTests.applicationId))
    .innerJoin(devices, eq(devices.id, wafVulnTests.edgeId));
}

export async function insertRun(tx: Db, row: typeof wafVulnTests.$inferInsert): Promise<void> {
  await tx.insert(wafVulnTests).values(row);
}

/** The tenant's runs, newest first. */
export async function listRuns(db: Db, tenantId: string, limit = 100): Promise<VulnTestView[]> {
  const rows = await selectRuns(db).where(eq(wafVulnTests.tenantId, tenantId)).orderBy(desc(wafVulnTests.startedAt)).limit(limit);
  return rows.map(view);
}

/** A run of the tenant's (tenantId), or any (null: the device's answer, whose job names it). */
export async function findRun(db: Db, tenantId: string | null, id: string): Promise<VulnTestView | undefined> {
  const [row] = await selectRuns(db)
    .where(tenantId ? and(eq(wafVulnTests.tenantId, tenantId), eq(wafVulnTests.id, id)) : eq(wafVulnTests.id, id))
    .limit(1);
  return row ? view(row) : undefined;
}

/** Queued runs whose job went out: running now. */
export async function markRunning(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(wafVulnTests)
    .set({ state: 'running' })
    .where(and(inArray(wafVulnTests.id, ids), eq(wafVulnTests.state, 'queued')));
}

/** A running run's progress from its edge: true when kept, false when the run has ended, null when no run of the edge has this id. */
export async function recordProgress(db: Db, edgeId: string, id: string, sent: number): Promise<boolean | null> {
  const kept = await db
    .update(wafVulnTests)
    .set({ state: 'running', sent: sql`greatest(${wafVulnTests.sent}, ${sent})` })
    .where(and(eq(wafVulnTests.id, id), eq(wafVulnTests.edgeId, edgeId), inArray(wafVulnTests.state, [...OPEN])))
    .returning({ id: wafVulnTests.id });
  if (kept.length > 0) return true;
  const [ended] = await db
    .select({ id: wafVulnTests.id })
    .from(wafVulnTests)
    .where(and(eq(wafVulnTests.id, id), eq(wafVulnTests.edgeId, edgeId)));
  return ended ? false : null;
}

/** A cancel asked of a running run: kept in end_reason until the edge answers. */
export async function markCancelAsked(tx: Db, id: string, reason: string): Promise<boolean> {
  const rows = await tx
    .update(wafVulnTests)
    .set({ endReason: reason })
    .where(and(eq(wafVulnTests.id, id), inArray(wafVulnTests.state, [...OPEN]), sql`${wafVulnTests.endReason} is null`))
    .returning({ id: wafVulnTests.id });
  return rows.length > 0;
}

/** Ends an open run once; undefined when it had ended already. */
export async function endRun(
  tx: Db,
  id: string,
  end: Pick<VulnTestRow, 'state' | 'endReason'> & Partial<Pick<VulnTestRow, 'sent' | 'findings' | 'leftOut'>>,
): Promise<VulnTestRow | undefined> {
  const [row] = await tx
    .update(wafVulnTests)
    .set({ ...end, endedAt: new Date() })
    .where(and(eq(wafVulnTests.id, id), inArray(wafVulnTests.state, [...OPEN])))
    .returning();
  return row;
}

/** Runs still open past their deadline. */
export function overdueRuns(db: Db, tenantId: string, now: Date): Promise<{ id: string }[]> {
  return db
    .select({ id: wafVulnTests.id })
    .from(wafVulnTests)
    .where(and(eq(wafVulnTests.tenantId, tenantId), inArray(wafVulnTests.state, [...OPEN]), sql`${wafVulnTests.deadlineAt} < ${now}`));
}

/** Each application's newest finished run that found something (events/vulnerabilities' findings by testing). */
export async function newestFindings(db: Db, tenantId: string): Promise<VulnTestView[]> {
  const rows = await selectRuns(db)
    .where(
      and(
        eq(wafVulnTests.tenantId, tenantId),
        sql`${wafVulnTests.id} = (select v.id from waf_vuln_tests v where v.application_id = ${wafVulnTests.applicationId} and v.state in ('done', 'cancelled') order by v.ended_at desc limit 1)`,
      ),
    )
    .orderBy(desc(wafVulnTests.endedAt));
  return rows.map(view);
}
