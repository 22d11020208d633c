import { and, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ztnaEndpointEnrolments, ztnaEnrolmentKeys, ztnaInvites, ztnaSecurityGroups, ztnaSettings } from '../../db/schema/ztna';

/*
 * Zero trust's part of a client's enrolment with one of its tenant's keys. The agent gateway
 * enrols the device; the key, its security groups and the invitations are zero trust's. Each runs
 * in the gateway's enrolment transaction (the composition root hands them to it), so a hello that
 * fails leaves none of it.
 */

/**
 * A shared hold of the tenant's zero-trust lock, first in an enrolment's transaction: a change of
 * its security groups in progress (which holds the lock exclusively, lockSettings) is not
 * overwritten by the enrolment, and enrolments wait for none but such a change.
 */
export async function shareSettingsLock(tx: Db, tenantId: string): Promise<void> {
  await tx.select({ id: ztnaSettings.tenantId }).from(ztnaSettings).where(eq(ztnaSettings.tenantId, tenantId)).for('share');
}

/**
 * Takes one use of a key if it may still enrol now: one conditional UPDATE, so simultaneous
 * hellos can never take more uses than its limit (each waits for the row and sees the others').
 */
export async function takeKeyUse(tx: Db, keyId: string, now: Date): Promise<boolean> {
  const taken = await tx
    .update(ztnaEnrolmentKeys)
    .set({ uses: sql`${ztnaEnrolmentKeys.uses} + 1` })
    .where(
      and(
        eq(ztnaEnrolmentKeys.id, keyId),
        isNull(ztnaEnrolmentKeys.revokedAt),
        or(isNull(ztnaEnrolmentKeys.expiresAt), gt(ztnaEnrolmentKeys.expiresAt, now)),
        sql`${ztnaEnrolmentKeys.uses} < case when ${ztnaEnrolmentKeys.reusable} then coalesce(${ztnaEnrolmentKeys.usageLimit}, 2147483647) else 1 end`,
      ),
    )
    .returning({ id: ztnaEnrolmentKeys.id });
  return taken.length > 0;
}

/**
 * What a client's enrolment with a key leaves: which key enrolled it, its place in the key's
 * security groups (a static member; groups for users alone hold no endpoints), and the invitation
 * whose key it was, marked as enrolled by it. The caller holds shareSettingsLock.
 */
export async function recordClientEnrolment(tx: Db, e: { tenantId: string; deviceId: string; keyId: string; securityGroups: string[] }): Promise<void> {
  await tx
    .insert(ztnaEndpointEnrolments)
    .values({ deviceId: e.deviceId, tenantId: e.tenantId, keyId: e.keyId })
    .onConflictDoUpdate({ target: ztnaEndpointEnrolments.deviceId, set: { tenantId: e.tenantId, keyId: e.keyId, enrolledAt: new Date() } });
  if (e.securityGroups.length) {
    const endpoints = sql`coalesce(${ztnaSecurityGroups.body}->'endpoints', '[]'::jsonb)`;
    await tx
      .update(ztnaSecurityGroups)
      .set({ body: sql`jsonb_set(${ztnaSecurityGroups.body}, '{endpoints}', ${endpoints} || to_jsonb(${e.deviceId}::text))` })
      .where(
        and(
          eq(ztnaSecurityGroups.tenantId, e.tenantId),
          inArray(ztnaSecurityGroups.id, e.securityGroups),
          sql`${ztnaSecurityGroups.body}->>'kind' <> 'users'`,
          sql`not ${endpoints} ? ${e.deviceId}::text`,
        ),
      );
  }
  await tx
    .update(ztnaInvites)
    .set({ enrolledDeviceId: e.deviceId })
    .where(and(eq(ztnaInvites.tenantId, e.tenantId), eq(ztnaInvites.keyId, e.keyId)));
}
