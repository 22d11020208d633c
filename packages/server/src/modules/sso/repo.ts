import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Role } from '@netloom/domain';
import type { Db } from '../../db/client';
import { memberships, users } from '../../db/read-models/identity';
import { userGroupMembers, userGroups } from '../../db/read-models/user-groups';
import { scimUsers } from '../../db/read-models/scim';
import type { UserRow } from '../../identity/repo';
import { ssoDomains, ssoGroupMappings, ssoProviders, ssoSamlIds, ssoSettings, ssoSignIns, type SamlIdentity } from '../../db/schema/sso';

export type ProviderRow = typeof ssoProviders.$inferSelect;
export type DomainRow = typeof ssoDomains.$inferSelect;
export type SettingsRow = typeof ssoSettings.$inferSelect;
export type SignInRow = typeof ssoSignIns.$inferSelect;
export interface MappingView {
  id: string;
  idpGroup: string;
  role: Role | null;
  groupId: string | null;
  groupName: string | null;
  createdAt: Date;
}

// Providers

export function listProviders(db: Db, tenantId: string): Promise<ProviderRow[]> {
  return db.select().from(ssoProviders).where(eq(ssoProviders.tenantId, tenantId)).orderBy(asc(ssoProviders.createdAt), asc(ssoProviders.id));
}

export async function findProvider(db: Db, tenantId: string, id: string): Promise<ProviderRow | undefined> {
  const [row] = await db
    .select()
    .from(ssoProviders)
    .where(and(eq(ssoProviders.tenantId, tenantId), eq(ssoProviders.id, id)));
  return row;
}

/** A provider by id alone: a sign-in names it before any tenant is known. */
export async function findProviderById(db: Db, id: string): Promise<ProviderRow | undefined> {
  const [row] = await db.select().from(ssoProviders).where(eq(ssoProviders.id, id));
  return row;
}

export async function insertProvider(db: Db, row: typeof ssoProviders.$inferInsert): Promise<ProviderRow> {
  const [created] = await db.insert(ssoProviders).values(row).returning();
  return created!;
}

export async function updateProvider(db: Db, tenantId: string, id: string, patch: Partial<typeof ssoProviders.$inferInsert>): Promise<ProviderRow | undefined> {
  const [row] = await db
    .update(ssoProviders)
    .set(patch)
    .where(and(eq(ssoProviders.tenantId, tenantId), eq(ssoProviders.id, id)))
    .returning();
  return row;
}

export async function deleteProvider(db: Db, tenantId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(ssoProviders)
    .where(and(eq(ssoProviders.tenantId, tenantId), eq(ssoProviders.id, id)))
    .returning({ id: ssoProviders.id });
  return rows.length > 0;
}

/** The organisation's first enabled provider: the one its verified domains sign in with. */
export async function firstEnabledProvider(db: Db, tenantId: string): Promise<ProviderRow | undefined> {
  const [row] = await db
    .select()
    .from(ssoProviders)
    .where(and(eq(ssoProviders.tenantId, tenantId), eq(ssoProviders.enabled, true)))
    .orderBy(asc(ssoProviders.createdAt), asc(ssoProviders.id))
    .limit(1);
  return row;
}

// Domains

export function listDomains(db: Db, tenantId: string): Promise<DomainRow[]> {
  return db.select().from(ssoDomains).where(eq(ssoDomains.tenantId, tenantId)).orderBy(asc(ssoDomains.domain));
}

export async function findDomain(db: Db, tenantId: string, id: string): Promise<DomainRow | undefined> {
  const [row] = await db
    .select()
    .from(ssoDomains)
    .where(and(eq(ssoDomains.tenantId, tenantId), eq(ssoDomains.id, id)));
  return row;
}

/** Undefined when the organisation already claims the domain. */
export async function insertDomain(db: Db, row: { id: string; tenantId: string; domain: string; token: string }): Promise<DomainRow | undefined> {
  const [created] = await db
    .insert(ssoDomains)
    .values(row)
    .onConflictDoNothing({ target: [ssoDomains.tenantId, ssoDomains.domain] })
    .returning();
  return created;
}

export async function markDomainVerified(db: Db, tenantId: string, id: string, at: Date): Promise<DomainRow | undefined> {
  const [row] = await db
    .update(ssoDomains)
    .set({ verifiedAt: at })
    .where(and(eq(ssoDomains.tenantId, tenantId), eq(ssoDomains.id, id)))
    .returning();
  return row;
}

export async function deleteDomain(db: Db, tenantId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(ssoDomains)
    .where(and(eq(ssoDomains.tenantId, tenantId), eq(ssoDomains.id, id)))
    .returning({ id: ssoDomains.id });
  return rows.length > 0;
}

/** The organisation that verified the domain, if one did. */
export async function verifiedDomain(db: Db, domain: string): Promise<DomainRow | undefined> {
  const [row] = await db
    .select()
    .from(ssoDomains)
    .where(and(eq(ssoDomains.domain, domain), isNotNull(ssoDomains.verifiedAt)));
  return row;
}

// Group mappings

export function listMappings(db: Db, tenantId: string): Promise<MappingView[]> {
  return db
    .select({
      id: ssoGroupMappings.id,
      idpGroup: ssoGroupMappings.idpGroup,
      role: ssoGroupMappings.role,
      groupId: ssoGroupMappings.groupId,
      groupName: userGroups.name,
      createdAt: ssoGroupMappings.createdAt,
    })
    .from(ssoGroupMappings)
    .leftJoin(userGroups, eq(userGroups.id, ssoGroupMappings.groupId))
    .where(eq(ssoGroupMappings.tenantId, tenantId))
    .orderBy(asc(ssoGroupMappings.idpGroup), asc(ssoGroupMappings.id));
}

export async function insertMapping(db: Db, row: typeof ssoGroupMappings.$inferInsert): Promise<void> {
  await db.insert(ssoGroupMappings).values(row);
}

export async function deleteMapping(db: Db, tenantId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(ssoGroupMappings)
    .where(and(eq(ssoGroupMappings.tenantId, tenantId), eq(ssoGroupMappings.id, id)))
    .returning({ id: ssoGroupMappings.id });
  return rows.length > 0;
}

export async function groupOfTenant(db: Db, tenantId: string, groupId: string): Promise<boolean> {
  const rows = await db
    .select({ id: userGroups.id })
    .from(userGroups)
    .where(and(eq(userGroups.tenantId, tenantId), eq(userGroups.id, groupId)));
  return rows.length > 0;
}

/** Which of the given groups the user is in. */
export async function userGroupIds(db: Db, userId: string, groupIds: string[]): Promise<string[]> {
  if (groupIds.length === 0) return [];
  const rows = await db
    .select({ id: userGroupMembers.groupId })
    .from(userGroupMembers)
    .where(and(eq(userGroupMembers.userId, userId), inArray(userGroupMembers.groupId, groupIds)));
  return rows.map((r) => r.id);
}

// Settings

export async function findSettings(db: Db, tenantId: string): Promise<SettingsRow> {
  const [row] = await db.select().from(ssoSettings).where(eq(ssoSettings.tenantId, tenantId));
  return row ?? { tenantId, requireSso: false, defaultRole: 'viewer' };
}

export async function saveSettings(db: Db, row: SettingsRow): Promise<void> {
  await db
    .insert(ssoSettings)
    .values(row)
    .onConflictDoUpdate({ target: ssoSettings.tenantId, set: { requireSso: row.requireSso, defaultRole: row.defaultRole } });
}

// Sign-ins in flight

export async function insertSignIn(db: Db, row: typeof ssoSignIns.$inferInsert): Promise<void> {
  await db.insert(ssoSignIns).values(row);
}

/** Spends the sign-in of this state once: a second answer with the same state finds nothing. */
export async function claimSignIn(db: Db, stateHash: string, now: Date): Promise<SignInRow | undefined> {
  const [row] = await db
    .update(ssoSignIns)
    .set({ usedAt: now })
    .where(and(eq(ssoSignIns.stateHash, stateHash), isNull(ssoSignIns.usedAt), gt(ssoSignIns.expiresAt, now)))
    .returning();
  return row;
}

export async function deleteExpiredSignIns(db: Db, before: Date): Promise<void> {
  await db.delete(ssoSignIns).where(lt(ssoSignIns.expiresAt, before));
  await db.delete(ssoSamlIds).where(lt(ssoSamlIds.expiresAt, before));
}

/** The sign-in a SAML answer names by its RelayState, if it still waits for its provider's answer. */
export async function pendingSamlSignIn(db: Db, stateHash: string, providerId: string, now: Date): Promise<SignInRow | undefined> {
  const [row] = await db
    .select()
    .from(ssoSignIns)
    .where(
      and(
        eq(ssoSignIns.stateHash, stateHash),
        eq(ssoSignIns.providerId, providerId),
        isNull(ssoSignIns.usedAt),
        isNull(ssoSignIns.samlIdentity),
        isNull(ssoSignIns.samlRefusal),
        gt(ssoSignIns.expiresAt, now),
      ),
    );
  return row;
}

/** Keeps the ACS's verdict for the browser to collect; once only (false when another answer came first). */
export async function recordSamlAnswer(db: Db, stateHash: string, answer: { identity: SamlIdentity } | { refusal: string }): Promise<boolean> {
  const rows = await db
    .update(ssoSignIns)
    .set('identity' in answer ? { samlIdentity: answer.identity } : { samlRefusal: answer.refusal })
    .where(and(eq(ssoSignIns.stateHash, stateHash), isNull(ssoSignIns.usedAt), isNull(ssoSignIns.samlIdentity), isNull(ssoSignIns.samlRefusal)))
    .returning({ stateHash: ssoSignIns.stateHash });
  return rows.length > 0;
}

/** The account with exactly this e-mail (not a username that happens to look like one). */
/**
 * An inactive account was deactivated (by an admin, or by the identity provider over SCIM) when it
 * has signed in, set a password or been provisioned; otherwise it is an invitation nobody accepted yet.
 */
export async function wasDeactivated(db: Db, user: Pick<UserRow, 'id' | 'active' | 'passwordHash' | 'lastLoginAt'>): Promise<boolean> {
  if (user.active) return false;
  if (user.passwordHash !== null || user.lastLoginAt !== null) return true;
  const [provisioned] = await db.select({ id: scimUsers.userId }).from(scimUsers).where(eq(scimUsers.userId, user.id)).limit(1);
  return provisioned !== undefined;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return row;
}

/** The roles the user holds in organisations that require SSO and have a provider to sign in with. */
export async function rolesUnderRequiredSso(db: Db, userId: string): Promise<Role[]> {
  const rows = await db
    .select({ role: memberships.role })
    .from(memberships)
    .innerJoin(ssoSettings, and(eq(ssoSettings.tenantId, memberships.tenantId), eq(ssoSettings.requireSso, true)))
    .where(
      and(
        eq(memberships.userId, userId),
        sql`exists (select 1 from ${ssoProviders} where ${ssoProviders.tenantId} = ${memberships.tenantId} and ${ssoProviders.enabled})`,
      ),
    );
  return rows.map((r) => r.role);
}
