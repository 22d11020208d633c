import { and, count, desc, eq, gte, inArray, isNotNull, isNull, lte, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ndrActions, ndrDetections, ndrRuleSettings, ndrRuleStates } from '../../db/schema/ndr';
import { devices } from '../../db/read-models/devices';
import { nacHosts } from '../../db/read-models/ztna-activity';

export type DetectionRow = typeof ndrDetections.$inferSelect;
export type DetectionInsert = typeof ndrDetections.$inferInsert;
export type RuleSettingRow = typeof ndrRuleSettings.$inferSelect;
export type ActionRow = typeof ndrActions.$inferSelect;

// ─── Detections ───────────────────────────────────────────────────────────────

/** The tenant's detections of these keys, locked for the write that merges new emissions into them. */
export function detectionsByKeys(db: Db, tenantId: string, keys: string[]): Promise<DetectionRow[]> {
  if (keys.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(ndrDetections)
    .where(and(eq(ndrDetections.tenantId, tenantId), inArray(ndrDetections.dedupeKey, keys)))
    .for('update');
}

export async function insertDetections(db: Db, rows: DetectionInsert[]): Promise<void> {
  if (rows.length) await db.insert(ndrDetections).values(rows);
}

export async function updateDetection(db: Db, tenantId: string, id: string, set: Partial<DetectionInsert>): Promise<void> {
  await db
    .update(ndrDetections)
    .set(set)
    .where(and(eq(ndrDetections.tenantId, tenantId), eq(ndrDetections.id, id)));
}

export async function findDetection(db: Db, tenantId: string, id: string, lock = false): Promise<DetectionRow | undefined> {
  const q = db
    .select()
    .from(ndrDetections)
    .where(and(eq(ndrDetections.tenantId, tenantId), eq(ndrDetections.id, id)));
  return (await (lock ? q.for('update') : q))[0];
}

export interface DetectionFilter {
  from: Date;
  to: Date;
  severity?: string | undefined;
  status?: string | undefined;
  ruleId?: string | undefined;
  tactic?: string | undefined;
  host?: string | undefined;
  deviceId?: string | undefined;
}

const whereOf = (tenantId: string, f: DetectionFilter): SQL =>
  and(
    eq(ndrDetections.tenantId, tenantId),
    gte(ndrDetections.lastSeen, f.from),
    lte(ndrDetections.firstSeen, f.to),
    f.severity ? eq(ndrDetections.severity, f.severity as DetectionRow['severity']) : undefined,
    f.status ? eq(ndrDetections.status, f.status as DetectionRow['status']) : undefined,
    f.ruleId ? eq(ndrDetections.ruleId, f.ruleId) : undefined,
    f.tactic ? sql`${ndrDetections.tactics} @> ${JSON.stringify([f.tactic])}::jsonb` : undefined,
    f.host ? eq(ndrDetections.hostIp, f.host) : undefined,
    f.deviceId ? eq(ndrDetections.deviceId, f.deviceId) : undefined,
  )!;

export async function listDetections(db: Db, tenantId: string, f: DetectionFilter, page: { offset: number; limit: number }) {
  const where = whereOf(tenantId, f);
  const [rows, [total]] = await Promise.all([
    db.select().from(ndrDetections).where(where).orderBy(desc(ndrDetections.lastSeen), desc(ndrDetections.id)).offset(page.offset).limit(page.limit),
    db.select({ n: count() }).from(ndrDetections).where(where),
  ]);
  return { rows, count: Number(total?.n ?? 0) };
}

/** What the overview counts of each detection in the window. */
export function overviewRows(db: Db, tenantId: string, from: Date, to: Date) {
  return db
    .select({ severity: ndrDetections.severity, status: ndrDetections.status, tactics: ndrDetections.tactics, firstSeen: ndrDetections.firstSeen })
    .from(ndrDetections)
    .where(and(eq(ndrDetections.tenantId, tenantId), gte(ndrDetections.lastSeen, from), lte(ndrDetections.firstSeen, to)))
    .limit(100_000);
}

export async function openCount(db: Db, tenantId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(ndrDetections)
    .where(and(eq(ndrDetections.tenantId, tenantId), eq(ndrDetections.status, 'new')));
  return Number(row?.n ?? 0);
}

/** Detections that still weigh on a host's risk: not closed by triage, seen since `since`. */
export function riskRows(db: Db, tenantId: string, since: Date, hostIp?: string) {
  return db
    .select()
    .from(ndrDetections)
    .where(
      and(
        eq(ndrDetections.tenantId, tenantId),
        gte(ndrDetections.lastSeen, since),
        notInArray(ndrDetections.status, ['resolved', 'false_positive']),
        hostIp ? eq(ndrDetections.hostIp, hostIp) : undefined,
      ),
    )
    .limit(50_000);
}

export async function openCountsByRule(db: Db, tenantId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ rule: ndrDetections.ruleId, n: count() })
    .from(ndrDetections)
    .where(and(eq(ndrDetections.tenantId, tenantId), inArray(ndrDetections.status, ['new', 'acknowledged'])))
    .groupBy(ndrDetections.ruleId);
  return new Map(rows.map((r) => [r.rule, Number(r.n)]));
}

// ─── Rule settings and states ─────────────────────────────────────────────────

export function ruleSettings(db: Db, tenantId: string): Promise<RuleSettingRow[]> {
  return db.select().from(ndrRuleSettings).where(eq(ndrRuleSettings.tenantId, tenantId));
}

export async function lockRuleSetting(db: Db, tenantId: string, ruleId: string): Promise<RuleSettingRow | undefined> {
  // The row is made first so two changes of one rule (a false positive and an edit) take turns on it.
  await db.insert(ndrRuleSettings).values({ tenantId, ruleId }).onConflictDoNothing();
  const [row] = await db
    .select()
    .from(ndrRuleSettings)
    .where(and(eq(ndrRuleSettings.tenantId, tenantId), eq(ndrRuleSettings.ruleId, ruleId)))
    .for('update');
  return row;
}

export async function saveRuleSetting(db: Db, row: Pick<RuleSettingRow, 'tenantId' | 'ruleId' | 'enabled' | 'params' | 'suppressions' | 'updatedBy'>) {
  await db
    .update(ndrRuleSettings)
    .set({ enabled: row.enabled, params: row.params, suppressions: row.suppressions, updatedBy: row.updatedBy, updatedAt: new Date() })
    .where(and(eq(ndrRuleSettings.tenantId, row.tenantId), eq(ndrRuleSettings.ruleId, row.ruleId)));
}

export function ruleStates(db: Db, tenantId: string) {
  return db.select().from(ndrRuleStates).where(eq(ndrRuleStates.tenantId, tenantId));
}

export async function saveRuleStates(db: Db, rows: { tenantId: string; ruleId: string; state: { v: number; watermark: number; data: unknown } }[]) {
  if (rows.length === 0) return;
  await db
    .insert(ndrRuleStates)
    .values(rows.map((r) => ({ ...r, savedAt: new Date() })))
    .onConflictDoUpdate({ target: [ndrRuleStates.tenantId, ndrRuleStates.ruleId], set: { state: sql`excluded.state`, savedAt: sql`excluded.saved_at` } });
}

// ─── Response actions ─────────────────────────────────────────────────────────

export async function insertAction(db: Db, row: typeof ndrActions.$inferInsert): Promise<void> {
  await db.insert(ndrActions).values(row);
}

export async function findAction(db: Db, tenantId: string, id: string, lock = false): Promise<ActionRow | undefined> {
  const q = db
    .select()
    .from(ndrActions)
    .where(and(eq(ndrActions.tenantId, tenantId), eq(ndrActions.id, id)));
  return (await (lock ? q.for('update') : q))[0];
}

export async function markUndone(db: Db, tenantId: string, id: string, by: string): Promise<void> {
  await db
    .update(ndrActions)
    .set({ undoneAt: new Date(), undoneBy: by })
    .where(and(eq(ndrActions.tenantId, tenantId), eq(ndrActions.id, id)));
}

export async function listActions(
  db: Db,
  tenantId: string,
  f: { active?: boolean | undefined; target?: string | undefined; detectionId?: string },
  page: { offset: number; limit: number },
) {
  const where = and(
    eq(ndrActions.tenantId, tenantId),
    f.active === true ? isNull(ndrActions.undoneAt) : f.active === false ? isNotNull(ndrActions.undoneAt) : undefined,
    f.target ? eq(ndrActions.target, f.target) : undefined,
    f.detectionId ? eq(ndrActions.detectionId, f.detectionId) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db.select().from(ndrActions).where(where).orderBy(desc(ndrActions.createdAt), desc(ndrActions.id)).offset(page.offset).limit(page.limit),
    db.select({ n: count() }).from(ndrActions).where(where),
  ]);
  return { rows, count: Number(total?.n ?? 0) };
}

/** The hosts quarantined now (their addresses). */
export async function quarantinedHosts(db: Db, tenantId: string): Promise<Set<string>> {
  const rows = await db
    .select({ target: ndrActions.target })
    .from(ndrActions)
    .where(and(eq(ndrActions.tenantId, tenantId), eq(ndrActions.kind, 'quarantine_host'), isNull(ndrActions.undoneAt)));
  return new Set(rows.map((r) => r.target));
}

// ─── Read models ──────────────────────────────────────────────────────────────

export async function deviceNames(db: Db, tenantId: string, ids: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: devices.id, name: devices.name })
    .from(devices)
    .where(and(eq(devices.tenantId, tenantId), inArray(devices.id, unique)));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function findDevice(db: Db, tenantId: string, id: string) {
  const [row] = await db
    .select({ id: devices.id, name: devices.name, kind: devices.kind })
    .from(devices)
    .where(and(eq(devices.tenantId, tenantId), eq(devices.id, id)));
  return row;
}

/** The MAC a gateway of the tenant last saw at this address (NAC's host list), if any. */
export async function macOfHost(db: Db, tenantId: string, ip: string): Promise<string | null> {
  const [row] = await db
    .select({ mac: nacHosts.mac })
    .from(nacHosts)
    .where(and(eq(nacHosts.tenantId, tenantId), eq(nacHosts.ip, ip)))
    .orderBy(desc(nacHosts.lastSeen))
    .limit(1);
  return row?.mac ?? null;
}

export async function nacDecisionOf(db: Db, tenantId: string, mac: string): Promise<string | null> {
  const [row] = await db
    .select({ decision: nacHosts.decision })
    .from(nacHosts)
    .where(and(eq(nacHosts.tenantId, tenantId), eq(nacHosts.mac, mac)));
  return row?.decision ?? null;
}
