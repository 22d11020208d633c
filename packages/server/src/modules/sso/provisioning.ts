import { ssoGroupChanges, ssoRoleFor } from '@netloom/domain';
import type { Db } from '../../db/client';
import { recordAudit } from '../../db/audit-log';
import { isUniqueViolation } from '../../db/errors';
import { insertUser, setMembershipRole } from '../../identity/members-repo';
import { findTenant, findUserById, updateUser, userMemberships, type UserRow } from '../../identity/repo';
import * as repo from './repo';

/** How SSO changes a user's Netloom groups: through the groups module, which owns them. */
export interface GroupMembershipPort {
  changeMemberships(db: Db, tenantId: string, userId: string, changes: { add: string[]; remove: string[] }): Promise<void>;
}

/** Who the provider says signed in. */
export interface SsoIdentity {
  email: string;
  firstName: string;
  lastName: string;
  groups: string[];
}

/** Why a verified identity gets no session: said in the login log and to the user. */
export type ProvisioningRefusal = 'account_in_other_organisation' | 'inactive_account';

/**
 * Just-in-time accounts and the provider's groups applied on every sign-in: a new e-mail becomes
 * an active member with the mapped (or default) role; an existing member's role and mapped groups
 * follow what the provider says now. Every change is in the organisation's activity log.
 */
export class SsoProvisioning {
  constructor(
    private readonly db: Db,
    private readonly groups: GroupMembershipPort,
    private readonly userChanged: (userId: string) => Promise<void>,
  ) {}

  async signIn(tenantId: string, who: SsoIdentity): Promise<UserRow | { refused: ProvisioningRefusal }> {
    try {
      return await this.apply(tenantId, who);
    } catch (error) {
      // Two first sign-ins of one new e-mail at once: the second finds the account the first made.
      if (isUniqueViolation(error)) return this.apply(tenantId, who);
      throw error;
    }
  }

  private async apply(tenantId: string, who: SsoIdentity): Promise<UserRow | { refused: ProvisioningRefusal }> {
    const existing = await repo.findUserByEmail(this.db, who.email);
    const current = existing ? (await userMemberships(this.db, existing.id)).find((m) => m.tenantId === tenantId) : undefined;
    // The domain is this organisation's, but an account someone else's organisation made stays theirs.
    if (existing && !current) return { refused: 'account_in_other_organisation' };
    if (existing && (await repo.wasDeactivated(this.db, existing))) return { refused: 'inactive_account' };

    const settings = await repo.findSettings(this.db, tenantId);
    const mappings = await repo.listMappings(this.db, tenantId);
    const matched = mappings.filter((m) => who.groups.includes(m.idpGroup));
    const role = ssoRoleFor({
      current: current?.role ?? null,
      defaultRole: settings.defaultRole,
      mappedRoles: matched.flatMap((m) => (m.role ? [m.role] : [])),
    });
    const actor = { tenantId, actorEmail: who.email, ip: null };

    const userId = await this.db.transaction(async (tx) => {
      let id = existing?.id;
      if (!id) {
        id = crypto.randomUUID();
        const tenant = await findTenant(tx, tenantId);
        await insertUser(
          tx,
          {
            id,
            email: who.email,
            username: who.email,
            firstName: who.firstName,
            lastName: who.lastName,
            companyName: tenant?.name ?? '',
            passwordHash: null,
            active: true,
          },
          { tenantId, role },
        );
        await recordAudit(tx, { ...actor, actorId: id, action: 'sso.user_created', target: who.email, details: { role, groups: who.groups } });
      } else if (!existing!.active) {
        // An invitation not accepted yet: signing in through the organisation's provider accepts it.
        await updateUser(tx, id, { active: true });
        await recordAudit(tx, { ...actor, actorId: id, action: 'sso.invitation_accepted', target: who.email, details: { role } });
        if (current && current.role !== role) await setMembershipRole(tx, tenantId, id, role);
      } else if (current && current.role !== role) {
        await setMembershipRole(tx, tenantId, id, role);
        await recordAudit(tx, {
          ...actor,
          actorId: id,
          action: 'sso.role_changed',
          target: who.email,
          details: { before: { role: current.role }, after: { role } },
        });
      }
      const changes = await this.applyGroups(tx, tenantId, id, mappings, matched);
      if (changes) await recordAudit(tx, { ...actor, actorId: id, action: 'sso.groups_changed', target: who.email, details: changes });
      return id;
    });
    if (current && current.role !== role) await this.userChanged(userId);
    return (await findUserById(this.db, userId))!;
  }

  /** The mapped groups joined and left, or null when nothing changed. */
  private async applyGroups(tx: Db, tenantId: string, userId: string, mappings: repo.MappingView[], matched: repo.MappingView[]) {
    const ids = (list: repo.MappingView[]) => [...new Set(list.flatMap((m) => (m.groupId ? [m.groupId] : [])))];
    const managed = ids(mappings);
    if (managed.length === 0) return null;
    const changes = ssoGroupChanges({ managed, matched: ids(matched), current: await repo.userGroupIds(tx, userId, managed) });
    if (changes.add.length === 0 && changes.remove.length === 0) return null;
    await this.groups.changeMemberships(tx, tenantId, userId, changes);
    return { joined: changes.add, left: changes.remove };
  }
}
