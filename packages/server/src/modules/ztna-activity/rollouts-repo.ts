import { and, desc, eq } from 'drizzle-orm';
import type { EndpointOs } from '@netloom/domain';
import type { Db } from '../../db/client';
import { devices } from '../../db/read-models/devices';
import { ztnaSecurityGroups } from '../../db/read-models/ztna';
import { ztnaRollouts } from '../../db/schema/ztna-activity';

const rolloutColumns = {
  id: ztnaRollouts.id,
  os: ztnaRollouts.os,
  version: ztnaRollouts.version,
  securityGroupId: ztnaRollouts.securityGroupId,
  securityGroupName: ztnaSecurityGroups.name,
  percentage: ztnaRollouts.percentage,
  alreadyCurrent: ztnaRollouts.alreadyCurrent,
  createdBy: ztnaRollouts.createdBy,
  createdAt: ztnaRollouts.createdAt,
};
const selectRollouts = (db: Db) =>
  db
    .select(rolloutColumns)
    .from(ztnaRollouts)
    .leftJoin(ztnaSecurityGroups, and(eq(ztnaSecurityGroups.id, ztnaRollouts.securityGroupId), eq(ztnaSecurityGroups.tenantId, ztnaRollouts.tenantId)));
export type RolloutRecord = Omit<Awaited<ReturnType<typeof selectRollouts>>[number], 'os'> & { os: EndpointOs };

/** Newest first: the order in which an endpoint looks for the rollout it follows. */
export async function listRollouts(db: Db, tenantId: string): Promise<RolloutRecord[]> {
  const rows = await selectRollouts(db).where(eq(ztnaRollouts.tenantId, tenantId)).orderBy(desc(ztnaRollouts.createdAt), desc(ztnaRollouts.id));
  return rows as RolloutRecord[];
}

export async function findRollout(db: Db, tenantId: string, id: string): Promise<RolloutRecord | undefined> {
  const [row] = await selectRollouts(db).where(and(eq(ztnaRollouts.tenantId, tenantId), eq(ztnaRollouts.id, id)));
  return row as RolloutRecord | undefined;
}

export async function insertRollout(
  tx: Db,
  r: {
    id: string;
    tenantId: string;
    os: EndpointOs;
    version: string;
    securityGroupId: string | null;
    percentage: number;
    alreadyCurrent: string[];
    createdBy: string;
  },
): Promise<void> {
  await tx.insert(ztnaRollouts).values(r);
}

export async function setPercentage(tx: Db, tenantId: string, id: string, percentage: number): Promise<void> {
  await tx
    .update(ztnaRollouts)
    .set({ percentage })
    .where(and(eq(ztnaRollouts.tenantId, tenantId), eq(ztnaRollouts.id, id)));
}

export async function deleteRollout(tx: Db, tenantId: string, id: string): Promise<void> {
  await tx.delete(ztnaRollouts).where(and(eq(ztnaRollouts.tenantId, tenantId), eq(ztnaRollouts.id, id)));
}

export async function securityGroupExists(db: Db, tenantId: string, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: ztnaSecurityGroups.id })
    .from(ztnaSecurityGroups)
    .where(and(eq(ztnaSecurityGroups.tenantId, tenantId), eq(ztnaSecurityGroups.id, id)));
  return row !== undefined;
}

/** The tenant's approved endpoints (a pending one is sent nothing) with what a rollout's progress shows of them. */
export async function listEndpoints(db: Db, tenantId: string) {
  return db
    .select({
      id: devices.id,
      name: devices.name,
      user: devices.username,
      os: devices.os,
      posture: devices.posture,
      deviceStatus: devices.deviceStatus,
    })
    .from(devices)
    .where(and(eq(devices.tenantId, tenantId), eq(devices.kind, 'endpoint'), eq(devices.claimed, true), eq(devices.approved, true)))
    .orderBy(devices.name, devices.id);
}
export type RolloutEndpoint = Awaited<ReturnType<typeof listEndpoints>>[number];
