import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { isForeignKeyViolation } from '../../db/errors';
import { moveHeldMemberships } from '../groups/index';
import { insertInvitedUser } from '../../identity/members-repo';
import { deleteHeldInvitation, holdAgainst, orphanedHeldInvitations, type OrphanedHeldInvitation } from './repo';

export interface ReleasedInvitation {
  id: string;
  email: string;
  firstName: string;
}

/** What sends an invitation's activation link (the auth module's account service). */
export interface ActivationMailer {
  sendActivation(invitation: ReleasedInvitation): Promise<void>;
}

/**
 * Called in every transaction that deletes accounts, after the deletion: the held invitations that
 * waited on them become what the inviter has been shown all along, a pending invitation, so the
 * deletion changes nothing the inviter can see. The real invitation keeps the held one's id,
 * names, role, time and groups, so the list, its links and the groups go on naming the same row.
 *
 * An address has one account and an account one organisation, so of several invitations of an
 * address the oldest becomes the invitation and the later ones stay held against its new account:
 * what would have happened had the address been free when they were made. Mail the answer with
 * mailReleased once the transaction has committed.
 */
export async function releaseHeldInvitations(tx: Db): Promise<ReleasedInvitation[]> {
  const byAddress = new Map<string, OrphanedHeldInvitation[]>();
  for (const held of await orphanedHeldInvitations(tx)) {
    const key = held.email.toLowerCase();
    byAddress.set(key, [...(byAddress.get(key) ?? []), held]);
  }
  const released: ReleasedInvitation[] = [];
  for (const [first, ...later] of byAddress.values()) {
    if (!first) continue;
    await insertInvitedUser(tx, first.tenantId, {
      id: first.id,
      email: first.email,
      firstName: first.firstName,
      lastName: first.lastName,
      companyName: first.tenantName,
      role: first.role,
      createdAt: first.createdAt,
    });
    await moveHeldMemberships(tx, first.id, first.id);
    await deleteHeldInvitation(tx, first.id);
    await holdAgainst(
      tx,
      later.map((h) => h.id),
      first.id,
    );
    released.push({ id: first.id, email: first.email, firstName: first.firstName });
  }
  return released;
}

/**
 * The activation link any invitation sends: nobody else owns the address now. An invitation
 * withdrawn since the commit has no link to send (its user is gone). The deletion stands whatever
 * the mail does: a link that could not be sent is logged, and the inviter can resend it.
 */
export async function mailReleased(account: ActivationMailer, released: ReleasedInvitation[], log: FastifyBaseLogger): Promise<void> {
  for (const invitation of released) {
    try {
      await account.sendActivation(invitation);
    } catch (err) {
      if (!isForeignKeyViolation(err)) log.error({ err, invitation: invitation.id }, 'activation mail of a released invitation not sent');
    }
  }
}
