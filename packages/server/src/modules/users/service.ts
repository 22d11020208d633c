import { TEAM_MESSAGES, assignableRoles, canChangeMember, type InviteBody, type Role, type TeamUser } from '@netloom/domain';
import type { Actor } from '../../http/access';
import { audit } from '../../http/access';
import { errors } from '../../http/errors';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { Mailer } from '../../mail/mailer';
import type { SessionEvents } from '../../http/principal-cache';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors';

import {
  deleteTenantHeldInvitation,
  findHeldInvitation,
  findMember,
  heldInvitationAccount,
  insertHeldInvitation,
  isPendingInvitation,
  listMembers,
  otherActiveOwners,
  setHeldRole,
  toTeamUser,
  type MemberFilter,
  type MemberRow,
} from './repo';
import { mailReleased, releaseHeldInvitations, type ActivationMailer } from './held-release';
import { leaveTenantGroups } from '../groups/index';
import { findUserById, findUserByLogin, revokeUserSessions, updateUser, type UserRow } from '../../identity/repo';
import { insertInvitedUser, removeMembership, setMembershipRole } from '../../identity/members-repo';

const roleActor = (a: Actor) => ({ isSuperAdmin: a.scope.isSuperAdmin, role: a.scope.role });

/** What the team rules work with, handed in by the composition root. */
export interface TeamDeps {
  db: Db;
  mailer: Mailer;
  /** Sends activation links (the auth module's account service). */
  account: ActivationMailer;
  sessionEvents: SessionEvents;
  log: FastifyBaseLogger;
}

/** Team rules: owners and admins manage, nobody changes themself, a tenant keeps an active owner. */
export class TeamService {
  constructor(private readonly services: TeamDeps) {}

  private get db() {
    return this.services.db;
  }

  /** One page of the tenant's people, invitations included. */
  async list(actor: Actor, filter: MemberFilter, page: { offset: number; limit: number | null }): Promise<{ rows: TeamUser[]; total: number }> {
    const { rows, total } = await listMembers(this.db, actor.scope.tenantId, filter, page);
    return { rows: rows.map(toTeamUser), total };
  }

  /** The member acted on; another tenant's user (or none) is 404, an owner touched by an admin 403. */
  private async target(actor: Actor, userId: string): Promise<MemberRow> {
    const member = await findMember(this.db, actor.scope.tenantId, userId);
    if (!member) throw errors.notFound();
    if (!canChangeMember(roleActor(actor), member.role)) throw errors.forbidden(TEAM_MESSAGES.ownerOnly);
    return member;
  }

  private async assertKeepsOwner(actor: Actor, member: MemberRow): Promise<void> {
    if (member.role === 'owner' && (await otherActiveOwners(this.db, actor.scope.tenantId, member.id)) === 0) {
      throw errors.badRequest('last_owner', TEAM_MESSAGES.lastOwner);
    }
  }

  /** Cached principals of the user are dropped on every instance, then the row is answered. */
  private async changed(actor: Actor, userId: string): Promise<TeamUser> {
    await this.services.sessionEvents.userChanged(userId);
    const member = await findMember(this.db, actor.scope.tenantId, userId);
    if (!member) throw errors.notFound();
    return toTeamUser(member);
  }

  async invite(actor: Actor, body: Required<InviteBody>, attempt = 1): Promise<TeamUser> {
    if (!assignableRoles(roleActor(actor)).includes(body.role)) throw errors.forbidden(TEAM_MESSAGES.ownerOnly);
    const existing = await findUserByLogin(this.db, body.email);
    if (existing) return this.inviteExisting(actor, body, existing, attempt);
    const id = crypto.randomUUID();
    try {
      await this.db.transaction(async (tx) => {
        await insertInvitedUser(tx, actor.scope.tenantId, {
          id,
          email: body.email,
          firstName: body.first_name,
          lastName: body.last_name,
          companyName: actor.scope.tenantName,
          role: body.role,
        });
        await audit(tx, actor, 'user.invited', body.email, { role: body.role });
      });
    } catch (e) {
      // Another invitation or sign-up of the address committed first: answer as if it had been there.
      const winner = isUniqueViolation(e) ? await findUserByLogin(this.db, body.email) : undefined;
      if (!winner) throw e;
      return this.inviteExisting(actor, body, winner, attempt);
    }
    // The invitation is stored whatever the mail does: a mail that fails is logged, and 'resend invitation' sends it again.
    await this.services.account
      .sendActivation({ id, email: body.email, firstName: body.first_name })
      .catch((err: unknown) => this.services.log.error({ err, invitation: id }, 'invitation mail not sent'));
    const member = await findMember(this.db, actor.scope.tenantId, id);
    return toTeamUser(member!);
  }

  /**
   * An address that already has an account. A member here is told so. Any other account is not
   * the inviter's business: the invitation is held and shown as any pending one, and only the
   * account's owner hears of it. It never becomes a membership: the console binds every user but
   * a super admin to one organisation, their own.
   */
  private async inviteExisting(actor: Actor, body: Required<InviteBody>, existing: UserRow, attempt: number): Promise<TeamUser> {
    const tenantId = actor.scope.tenantId;
    const alreadyMember = () => errors.invalid({ email: [TEAM_MESSAGES.alreadyMember] });
    if ((await findMember(this.db, tenantId, existing.id)) || (await findHeldInvitation(this.db, tenantId, existing.id))) throw alreadyMember();
    const id = crypto.randomUUID();
    try {
      await this.db.transaction(async (tx) => {
        await insertHeldInvitation(tx, tenantId, {
          id,
          userId: existing.id,
          email: body.email,
          firstName: body.first_name,
          lastName: body.last_name,
          role: body.role,
        });
        await audit(tx, actor, 'user.invited', body.email, { role: body.role });
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw alreadyMember();
      // The account was deleted since it was read: the address is free now, or another invitation took it.
      if (isForeignKeyViolation(e) && attempt < 3) return this.invite(actor, body, attempt + 1);
      throw e;
    }
    await this.noticeHeld(actor, existing.id, body.role).catch((err: unknown) =>
      this.services.log.error({ err, invitation: id }, 'held invitation notice not sent'),
    );
    return toTeamUser((await findMember(this.db, tenantId, id))!);
  }

  private async noticeHeld(actor: Actor, userId: string, role: Role): Promise<void> {
    const account = await findUserById(this.db, userId);
    if (!account) return;
    await this.services.mailer.send({
      to: account.email,
      subject: 'An invitation to another Netloom organisation',
      text:
        `Hello ${account.firstName || account.email},\n\n` +
        `${actor.email} invited this e-mail address to the Netloom organisation "${actor.scope.tenantName}" as ${role}. ` +
        'Your account belongs to another organisation and an account belongs to one only, so nothing has changed for it.\n\n' +
        'If you expected the invitation, ask them to invite another address of yours. Otherwise you can ignore this e-mail.',
    });
  }

  async resend(actor: Actor, userId: string): Promise<void> {
    const member = await this.target(actor, userId);
    // The identity provider's people are activated by the provider, never by a link that sets a password.
    if (!isPendingInvitation(member)) throw errors.badRequest('not_pending', TEAM_MESSAGES.notPending);
    const held = await heldInvitationAccount(this.db, actor.scope.tenantId, member.id);
    // Resending is the retry: a mail that fails again is the answer, 503, so the inviter knows.
    try {
      if (held) {
        if (held.userId) await this.noticeHeld(actor, held.userId, member.role);
      } else await this.services.account.sendActivation({ id: member.id, email: member.email, firstName: member.firstName });
    } catch (err) {
      this.services.log.error({ err, invitation: member.id }, 'invitation mail not sent');
      throw errors.mailUnavailable();
    }
    await audit(this.db, actor, 'user.invitation_resent', member.email);
  }

  async setActive(actor: Actor, userId: string, active: boolean): Promise<TeamUser> {
    if (userId === actor.userId) throw errors.badRequest('self_change', TEAM_MESSAGES.selfDeactivate);
    const member = await this.target(actor, userId);
    if (isPendingInvitation(member)) throw errors.badRequest('invitation_pending', TEAM_MESSAGES.pending);
    if (!active) await this.assertKeepsOwner(actor, member);
    if (member.active !== active) {
      await this.db.transaction(async (tx) => {
        await updateUser(tx, userId, { active });
        // A deactivated user's sessions end now, on every instance.
        if (!active) await revokeUserSessions(tx, userId);
        await audit(tx, actor, active ? 'user.activated' : 'user.deactivated', member.email, { before: { active: member.active }, after: { active } });
      });
    }
    return this.changed(actor, userId);
  }

  async changeRole(actor: Actor, userId: string, role: Role): Promise<TeamUser> {
    if (userId === actor.userId) throw errors.badRequest('self_change', TEAM_MESSAGES.selfRole);
    const member = await this.target(actor, userId);
    if (!assignableRoles(roleActor(actor)).includes(role)) throw errors.forbidden(TEAM_MESSAGES.ownerOnly);
    if (role !== 'owner') await this.assertKeepsOwner(actor, member);
    if (member.role !== role) {
      await this.db.transaction(async (tx) => {
        // The held invitation is written first: one that an account's deletion is turning into a member
        // (releaseHeldInvitations) is waited for, and the next statement finds the member it became.
        await setHeldRole(tx, actor.scope.tenantId, userId, role);
        await setMembershipRole(tx, actor.scope.tenantId, userId, role);
        await audit(tx, actor, 'user.role_changed', member.email, { before: { role: member.role }, after: { role } });
      });
    }
    return this.changed(actor, userId);
  }

  async remove(actor: Actor, userId: string): Promise<void> {
    if (userId === actor.userId) throw errors.badRequest('self_change', TEAM_MESSAGES.selfRemove);
    await this.removeMember(actor, await this.target(actor, userId));
  }

  /**
   * Removal on the identity provider's word (SCIM): the provider's token stands for the tenant, not
   * for a role, so only the tenant's rule applies (it keeps an active owner). Unknown here: 404.
   */
  async removeProvisioned(actor: Actor, userId: string): Promise<void> {
    const member = await findMember(this.db, actor.scope.tenantId, userId);
    if (!member) throw errors.notFound();
    await this.removeMember(actor, member);
  }

  private async removeMember(actor: Actor, member: MemberRow): Promise<void> {
    const userId = member.id;
    await this.assertKeepsOwner(actor, member);
    const released = await this.db.transaction(async (tx) => {
      await revokeUserSessions(tx, userId);
      // A held invitation goes first, for the reason changeRole writes it first; the user's groups
      // here go with the membership, and an account left in no tenant goes too.
      await deleteTenantHeldInvitation(tx, actor.scope.tenantId, userId);
      await leaveTenantGroups(tx, actor.scope.tenantId, userId);
      await removeMembership(tx, actor.scope.tenantId, userId);
      await audit(tx, actor, 'user.removed', member.email, { role: member.role });
      // The account may have gone with the membership: invitations held against it become real.
      return releaseHeldInvitations(tx);
    });
    await this.services.sessionEvents.userChanged(userId);
    await mailReleased(this.services.account, released, this.services.log);
  }
}
