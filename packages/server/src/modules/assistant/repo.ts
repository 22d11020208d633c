import { and, eq } from 'drizzle-orm';
import type { AssistantVocabulary, ProfileVocabulary } from '@netloom/domain';
import type { Db } from '../../db/client';
import { devices } from '../../db/read-models/devices';
import { memberships, users } from '../../db/read-models/identity';
import { networks } from '../../db/read-models/networks';
import { userGroups } from '../../db/read-models/user-groups';
import { ztnaRelays, ztnaServers } from '../../db/read-models/ztna';

/** The tenant's own names, and only its own: what the assistant may read a request against. */
async function shared(db: Db, tenantId: string) {
  const [groups, endpoints] = await Promise.all([
    db.select({ id: userGroups.id, name: userGroups.name }).from(userGroups).where(eq(userGroups.tenantId, tenantId)),
    db
      .select({ id: devices.id, name: devices.name })
      .from(devices)
      .where(and(eq(devices.tenantId, tenantId), eq(devices.kind, 'endpoint'), eq(devices.claimed, true))),
  ]);
  return { groups, endpoints };
}

export async function webFilterVocabulary(db: Db, tenantId: string, timeZone: string): Promise<AssistantVocabulary> {
  const [{ groups, endpoints }, people, deviceGroups] = await Promise.all([
    shared(db, tenantId),
    db
      .select({ email: users.email, first: users.firstName, last: users.lastName })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(eq(memberships.tenantId, tenantId)),
    db.select({ id: networks.id, name: networks.name }).from(networks).where(eq(networks.tenantId, tenantId)),
  ]);
  return { groups, endpoints, deviceGroups, users: people.map((p) => ({ email: p.email.toLowerCase(), name: `${p.first} ${p.last}`.trim() })), timeZone };
}

export async function profileVocabulary(db: Db, tenantId: string): Promise<ProfileVocabulary> {
  const [{ groups, endpoints }, relays, servers] = await Promise.all([
    shared(db, tenantId),
    db.select({ id: ztnaRelays.id, name: ztnaRelays.name, body: ztnaRelays.body }).from(ztnaRelays).where(eq(ztnaRelays.tenantId, tenantId)),
    db.select({ id: ztnaServers.id, name: ztnaServers.name }).from(ztnaServers).where(eq(ztnaServers.tenantId, tenantId)),
  ]);
  return { groups, endpoints, servers, relays: relays.map((r) => ({ id: r.id, name: r.name, region: r.body.region })) };
}
