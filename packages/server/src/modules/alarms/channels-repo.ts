import { and, asc, count, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { minimumsPassedBy, type AlarmEvent, type AlarmSeverity, type ChannelBody } from '@netloom/domain';
import type { Db } from '../../db/client';
import { notificationChannels, notificationDeliveries } from '../../db/schema/alarms';

export type ChannelRow = typeof notificationChannels.$inferSelect;
export type DeliveryRow = typeof notificationDeliveries.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export async function listChannels(db: Db, tenantId: string): Promise<ChannelRow[]> {
  return db
    .select()
    .from(notificationChannels)
    .where(eq(notificationChannels.tenantId, tenantId))
    .orderBy(asc(notificationChannels.createdAt), asc(notificationChannels.id));
}

export async function findChannel(db: Db | Tx, tenantId: string, id: string): Promise<ChannelRow | undefined> {
  const [row] = await db
    .select()
    .from(notificationChannels)
    .where(and(eq(notificationChannels.tenantId, tenantId), eq(notificationChannels.id, id)));
  return row;
}

type ChannelFields = Required<Pick<ChannelBody, 'name' | 'kind' | 'target'>> & {
  alarm_kinds: string[];
  states: string[];
  min_severity: AlarmSeverity;
  enabled: boolean;
};
const columns = (c: ChannelFields) => ({
  name: c.name,
  kind: c.kind,
  target: c.target,
  alarmKinds: c.alarm_kinds,
  states: c.states,
  minSeverity: c.min_severity,
  enabled: c.enabled,
});

export async function insertChannel(tx: Tx, tenantId: string, c: ChannelFields, secret: string | null): Promise<ChannelRow> {
  const [row] = await tx
    .insert(notificationChannels)
    .values({ id: crypto.randomUUID(), tenantId, ...columns(c), secret })
    .returning();
  return row!;
}

export async function updateChannel(tx: Tx, tenantId: string, id: string, c: ChannelFields, secret: string | null): Promise<ChannelRow | undefined> {
  const [row] = await tx
    .update(notificationChannels)
    .set({ ...columns(c), secret })
    .where(and(eq(notificationChannels.tenantId, tenantId), eq(notificationChannels.id, id)))
    .returning();
  return row;
}

/** Replaces a webhook's signing secret; undefined when there is no such webhook in the tenant. */
export async function setWebhookSecret(tx: Tx, tenantId: string, id: string, secret: string): Promise<ChannelRow | undefined> {
  const [row] = await tx
    .update(notificationChannels)
    .set({ secret })
    .where(and(eq(notificationChannels.tenantId, tenantId), eq(notificationChannels.id, id), eq(notificationChannels.kind, 'webhook')))
    .returning();
  return row;
}

export async function deleteChannel(tx: Tx, tenantId: string, id: string): Promise<ChannelRow | undefined> {
  const [row] = await tx
    .delete(notificationChannels)
    .where(and(eq(notificationChannels.tenantId, tenantId), eq(notificationChannels.id, id)))
    .returning();
  return row;
}

/** Queues the event for every enabled channel of the tenant that carries its kind, state and severity (inside the alarm's transaction). */
export async function queueForChannels(tx: Tx, tenantId: string, alarmId: string | null, event: AlarmEvent): Promise<void> {
  const channels = await tx
    .select({ id: notificationChannels.id })
    .from(notificationChannels)
    .where(
      and(
        eq(notificationChannels.tenantId, tenantId),
        eq(notificationChannels.enabled, true),
        sql`(cardinality(${notificationChannels.alarmKinds}) = 0 or ${event.kind} = any(${notificationChannels.alarmKinds}))`,
        sql`(cardinality(${notificationChannels.states}) = 0 or ${event.state} = any(${notificationChannels.states}))`,
        inArray(notificationChannels.minSeverity, minimumsPassedBy(event.severity)),
      ),
    );
  if (channels.length === 0) return;
  await tx.insert(notificationDeliveries).values(channels.map((c) => ({ id: crypto.randomUUID(), tenantId, channelId: c.id, alarmId, payload: event })));
}

export async function queueTest(db: Db, tenantId: string, channelId: string, event: AlarmEvent): Promise<DeliveryRow> {
  const [row] = await db.insert(notificationDeliveries).values({ id: crypto.randomUUID(), tenantId, channelId, alarmId: null, payload: event }).returning();
  return row!;
}

export async function deliveries(db: Db, channelId: string, q: { offset: number; limit: number | null }) {
  const where = eq(notificationDeliveries.channelId, channelId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(notificationDeliveries)
      .where(where)
      .orderBy(desc(notificationDeliveries.createdAt), desc(notificationDeliveries.id))
      .offset(q.offset)
      .limit(q.limit ?? 1_000_000),
    db.select({ n: count() }).from(notificationDeliveries).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export interface ClaimedDelivery {
  delivery: DeliveryRow;
  channel: ChannelRow;
}

/**
 * Takes up to `limit` due deliveries for this worker: their next try is pushed past the lease, so
 * no other instance takes them meanwhile, and one whose worker died is due again after it.
 */
export async function claimDue(db: Db, now: Date, leaseMs: number, limit: number): Promise<ClaimedDelivery[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: notificationDeliveries.id })
      .from(notificationDeliveries)
      .where(and(eq(notificationDeliveries.state, 'pending'), lte(notificationDeliveries.nextAttemptAt, now)))
      .orderBy(asc(notificationDeliveries.nextAttemptAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    const claimed: ClaimedDelivery[] = [];
    for (const { id } of due) {
      const [delivery] = await tx
        .update(notificationDeliveries)
        .set({ nextAttemptAt: new Date(now.getTime() + leaseMs), attempts: sql`${notificationDeliveries.attempts} + 1` })
        .where(eq(notificationDeliveries.id, id))
        .returning();
      const [channel] = await tx.select().from(notificationChannels).where(eq(notificationChannels.id, delivery!.channelId));
      if (channel) claimed.push({ delivery: delivery!, channel });
    }
    return claimed;
  });
}

export async function recordOutcome(
  db: Db,
  id: string,
  outcome: { state: 'pending' | 'delivered' | 'failed'; statusCode: number | null; error: string | null; nextAttemptAt: Date; deliveredAt: Date | null },
): Promise<void> {
  await db
    .update(notificationDeliveries)
    .set({ state: outcome.state, statusCode: outcome.statusCode, error: outcome.error, nextAttemptAt: outcome.nextAttemptAt, deliveredAt: outcome.deliveredAt })
    .where(eq(notificationDeliveries.id, id));
}
