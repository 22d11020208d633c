import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  ENROLMENT_KEY_PREFIX,
  enrolmentKeyState,
  latestRelease,
  type enrolmentKeyInputSchema,
  type enrolmentKeyRowSchema,
  type createdEnrolmentKeySchema,
  type inviteRowSchema,
  type packagePathsSchema,
  type ztnaInviteBodySchema,
} from '@netloom/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { Mailer } from '../../mail/mailer';
import { hashSecret } from '../../fleet/credentials';
import { audit, auditMany, type Actor } from '../../http/access';
import { errors } from '../../http/errors';
import * as repo from './repo';
import * as onboarding from './onboarding-repo';
import { checkReferences, unprocessable } from './references';

type KeyInput = z.output<typeof enrolmentKeyInputSchema>;
type KeyRow = z.output<typeof enrolmentKeyRowSchema>;

/** 'nlk_' and 32 url-safe random characters (192 bits); shown once, kept only as its SHA-256. */
export const newClientKey = () => `${ENROLMENT_KEY_PREFIX}${randomBytes(24).toString('base64url')}`;
/** What the console shows of a key after its creation: 'nlk_' and four more characters. */
export const prefixOf = (key: string) => key.slice(0, ENROLMENT_KEY_PREFIX.length + 4);

/** The client installers, the newest release per system (what `auth/mza-pkg-paths/` names and the invitation links to). */
function clientDownloads(): z.output<typeof packagePathsSchema> {
  const url = (os: 'windows' | 'macos' | 'linux') => latestRelease(os)?.url ?? '';
  return { detail: { Windows: url('windows'), macOS: url('macos'), 'Linux-UI': url('linux') } };
}

const keyRow = (r: onboarding.KeyRow, now: Date): KeyRow => ({
  id: r.id,
  name: r.name,
  prefix: r.prefix,
  reusable: r.reusable,
  expires_at: r.expiresAt?.toISOString() ?? null,
  usage_limit: r.usageLimit,
  uses: r.uses,
  security_groups: r.securityGroups,
  auto_approve: r.autoApprove,
  state: enrolmentKeyState(r, now),
  created_by: r.createdBy,
  created_at: r.createdAt.toISOString(),
});

const inviteRow = (r: Awaited<ReturnType<typeof onboarding.listInvites>>[number]): z.output<typeof inviteRowSchema> => ({
  id: r.id,
  email: r.email,
  key_id: r.keyId,
  invited_by: r.invitedBy,
  created_at: r.createdAt.toISOString(),
  enrolled_device_id: r.enrolledDeviceId,
});

/**
 * Onboarding of clients: enrolment keys (single-use or reusable, expiring, limited, joining
 * security groups) and invitations by e-mail with a key of each invitee's own. The inventory of
 * the clients they enrol is InventoryService's.
 */
export class OnboardingService {
  constructor(
    private readonly db: Db,
    private readonly deps: { mailer: Mailer; log: FastifyBaseLogger },
  ) {}

  // ─── enrolment keys ───────────────────────────────────────────────────────────────────────────

  async listKeys(actor: Actor): Promise<KeyRow[]> {
    const now = new Date();
    return (await onboarding.listKeys(this.db, actor.scope.tenantId)).map((r) => keyRow(r, now));
  }

  async createKey(actor: Actor, input: KeyInput): Promise<z.output<typeof createdEnrolmentKeySchema>> {
    await this.checkSecurityGroups(actor, input.security_groups);
    const key = newClientKey();
    const id = crypto.randomUUID();
    await this.db.transaction(async (tx) => {
      // The organisation now has zero trust: its endpoints get their sections (see ZtnaReconciler).
      await repo.ensureSettings(tx, actor.scope.tenantId);
      await onboarding.insertKeys(tx, [
        {
          id,
          tenantId: actor.scope.tenantId,
          name: input.name,
          keyHash: hashSecret(key),
          prefix: prefixOf(key),
          reusable: input.reusable,
          expiresAt: input.expires_at ? new Date(input.expires_at) : null,
          usageLimit: input.usage_limit,
          securityGroups: input.security_groups,
          autoApprove: input.auto_approve,
          createdBy: actor.email,
        },
      ]);
      await audit(tx, actor, 'ztna.enrolment_key_created', id, { name: input.name, reusable: input.reusable, usage_limit: input.usage_limit });
    });
    return { ...(await this.key(actor, id)), key };
  }

  async revokeKey(actor: Actor, id: string): Promise<KeyRow> {
    await this.db.transaction(async (tx) => {
      if (!(await onboarding.findKey(tx, actor.scope.tenantId, id))) throw errors.notFound();
      await onboarding.revokeKey(tx, actor.scope.tenantId, id);
      await audit(tx, actor, 'ztna.enrolment_key_revoked', id);
    });
    return this.key(actor, id);
  }

  async deleteKey(actor: Actor, id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      if (!(await onboarding.deleteKey(tx, actor.scope.tenantId, id))) throw errors.notFound();
      await audit(tx, actor, 'ztna.enrolment_key_deleted', id);
    });
  }

  private async key(actor: Actor, id: string): Promise<KeyRow> {
    const row = await onboarding.findKey(this.db, actor.scope.tenantId, id);
    if (!row) throw errors.notFound();
    return keyRow(row, new Date());
  }

  /** A key's clients join its groups as static endpoints: a group for users alone cannot hold them. */
  private async checkSecurityGroups(actor: Actor, ids: string[]): Promise<void> {
    await checkReferences(this.db, actor.scope.tenantId, [{ field: 'security_groups', kind: 'securityGroups', ids }]);
    const groups = await repo.listSecurityGroups(this.db, actor.scope.tenantId);
    const fields: Record<string, string[]> = {};
    ids.forEach((id, i) => {
      if (groups.find((g) => g.id === id)?.kind === 'users') fields[`security_groups.${i}`] = ['A users group holds no endpoints'];
    });
    if (Object.keys(fields).length) throw unprocessable(fields);
  }

  // ─── invitations ──────────────────────────────────────────────────────────────────────────────

  async listInvites(actor: Actor): Promise<z.output<typeof inviteRowSchema>[]> {
    return (await onboarding.listInvites(this.db, actor.scope.tenantId)).map(inviteRow);
  }

  /**
   * Each address gets a single-use key of its own, valid for the days asked, and an e-mail with
   * the client downloads and that key. A mail that fails is logged; the invitation stands and its
   * key is listed, so it can be passed on another way.
   */
  async invite(actor: Actor, body: z.output<typeof ztnaInviteBodySchema>): Promise<z.output<typeof inviteRowSchema>[]> {
    const tenantId = actor.scope.tenantId;
    await this.checkSecurityGroups(actor, body.security_groups);
    const expiresAt = new Date(Date.now() + body.valid_days * 86_400_000);
    const invites = body.emails.map((email) => ({ email, key: newClientKey(), keyId: crypto.randomUUID(), id: crypto.randomUUID() }));
    await this.db.transaction(async (tx) => {
      await repo.ensureSettings(tx, tenantId);
      await onboarding.insertKeys(
        tx,
        invites.map((i) => ({
          id: i.keyId,
          tenantId,
          name: `Invitation ${i.email}`.slice(0, 64),
          keyHash: hashSecret(i.key),
          prefix: prefixOf(i.key),
          reusable: false,
          expiresAt,
          usageLimit: 1,
          securityGroups: body.security_groups,
          autoApprove: true,
          createdBy: actor.email,
        })),
      );
      await onboarding.insertInvites(
        tx,
        invites.map((i) => ({ id: i.id, tenantId, email: i.email, keyId: i.keyId, invitedBy: actor.email })),
      );
      await auditMany(
        tx,
        actor,
        'ztna.client_invited',
        invites.map((i) => ({ target: i.email, details: { key_id: i.keyId, valid_days: body.valid_days } })),
      );
    });
    const downloads = clientDownloads().detail;
    for (const i of invites) {
      await this.deps.mailer
        .send({
          to: i.email,
          subject: `Connect to ${actor.scope.tenantName} with MicroZAccess`,
          text:
            `Hello,\n\n${actor.email} invited you to reach ${actor.scope.tenantName}'s private applications with MicroZAccess.\n\n` +
            `1. Install the client for your system:\n` +
            `   Windows: ${downloads.Windows}\n   macOS: ${downloads.macOS}\n   Linux: ${downloads['Linux-UI']}\n\n` +
            `2. Enrol this device with your key:\n   ${i.key}\n\n` +
            `The key works once, for one device, until ${expiresAt.toUTCString()}.`,
        })
        .catch((err: unknown) => this.deps.log.error({ err, invitation: i.id }, 'client invitation mail not sent'));
    }
    return (
      await onboarding.listInvites(
        this.db,
        tenantId,
        invites.map((i) => i.id),
      )
    ).map(inviteRow);
  }
}
