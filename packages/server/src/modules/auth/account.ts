import { authenticator } from 'otplib';
import { ERROR_CODES, isRecoveryCode } from '@netloom/domain';
import type { Db } from '../../db/client';
import { AppError, errors } from '../../http/errors';
import type { Mailer } from '../../mail/mailer';
import type { OneTimePurpose } from '../../db/schema/index';
import { recordAudit } from '../audit/repo';
import type { SessionEvents } from '../../http/principal-cache';
import { hashPassword, verifyPassword } from './passwords';
import {
  consumeOneTimeToken,
  createOrganisation,
  emailTaken,
  findUserById,
  findUserByLogin,
  insertOneTimeToken,
  revokeUserSessions,
  tenantNameTaken,
  updateUser,
  type UserRow,
} from './repo';
import type { RequestContext } from './sessions';
import { hashToken, newOpaqueToken } from './tokens';
import { consumeRecoveryCode, replaceRecoveryCodes } from './recovery-codes';

const ACTIVATION_TTL_MS = 3 * 86_400_000;
const RESET_TTL_MS = 3_600_000;
/** New sign-ups start on the ZTNA product (the free-trial product of the original console). */
const SIGN_UP_SUBSCRIPTIONS = ['ztna'];

const invalidLink = () =>
  new AppError(400, ERROR_CODES.tokenNotValid, 'This link is invalid or has expired.', {
    token: ['This link is invalid or has expired.'],
  });

/** Sign-up, activation, password reset and change, and two-factor enrolment. */
export class AccountService {
  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly publicUrl: string,
    private readonly events: SessionEvents,
  ) {}

  async register(
    body: { email: string; password: string; first_name: string; last_name: string; company_name: string },
    ctx: RequestContext,
  ): Promise<void> {
    const fields: Record<string, string[]> = {};
    if (await emailTaken(this.db, body.email)) fields.email = ['A user with this e-mail already exists.'];
    if (await tenantNameTaken(this.db, body.company_name)) fields.company_name = ['An organisation with this name already exists.'];
    if (Object.keys(fields).length) throw errors.invalid(fields);
    const userId = crypto.randomUUID();
    const { tenantId } = await createOrganisation(this.db, {
      tenantName: body.company_name,
      subscriptions: SIGN_UP_SUBSCRIPTIONS,
      user: {
        id: userId,
        email: body.email,
        username: body.email,
        firstName: body.first_name,
        lastName: body.last_name,
        companyName: body.company_name,
        passwordHash: await hashPassword(body.password),
        active: false,
      },
    });
    await recordAudit(this.db, { tenantId, actorId: userId, actorEmail: body.email, action: 'auth.registered', ip: ctx.ip });
    await this.sendActivation({ id: userId, email: body.email, firstName: body.first_name });
  }

  /** Stores a single-use token and e-mails its console link; `text` receives the link. */
  private async mailLink(
    user: Pick<UserRow, 'id' | 'email'>,
    link: { purpose: OneTimePurpose; path: string; ttlMs: number; subject: string; text: (url: string) => string },
  ): Promise<void> {
    const token = newOpaqueToken();
    await insertOneTimeToken(this.db, {
      userId: user.id,
      purpose: link.purpose,
      tokenHash: token.hash,
      expiresAt: new Date(Date.now() + link.ttlMs),
    });
    const url = `${this.publicUrl}${link.path}?token=${token.token}`;
    await this.mailer.send({ to: user.email, subject: link.subject, text: link.text(url) });
  }

  /** Also used by invitations (issue 5): the link lets the user set a password when they have none. */
  async sendActivation(user: Pick<UserRow, 'id' | 'email' | 'firstName'>): Promise<void> {
    await this.mailLink(user, {
      purpose: 'activation',
      path: '/activate',
      ttlMs: ACTIVATION_TTL_MS,
      subject: 'Activate your Netloom account',
      text: (url) => `Hello ${user.firstName || user.email},\n\nActivate your account: ${url}\n\nThe link is valid for 3 days.`,
    });
  }

  async activate(body: { token: string; password?: string }, ctx: RequestContext): Promise<void> {
    // Look before consuming: an invited user without a password must be able to retry with one.
    const pending = await this.db.transaction(async (tx) => {
      const used = await consumeOneTimeToken(tx, hashToken(body.token), 'activation');
      if (!used) throw invalidLink();
      const user = await findUserById(tx, used.userId);
      if (!user) throw invalidLink();
      if (!user.passwordHash && !body.password) {
        throw errors.invalid({ password: ['Choose a password to activate your account'] });
      }
      await updateUser(tx, user.id, {
        active: true,
        ...(body.password ? { passwordHash: await hashPassword(body.password) } : {}),
      });
      return user;
    });
    await recordAudit(this.db, { tenantId: null, actorId: pending.id, actorEmail: pending.email, action: 'auth.activated', ip: ctx.ip });
  }

  /** Always answers the same, so the call cannot tell which e-mails have accounts. */
  async requestPasswordReset(email: string): Promise<void> {
    const user = await findUserByLogin(this.db, email);
    if (!user || !user.active) return;
    await this.mailLink(user, {
      purpose: 'password_reset',
      path: '/resetpwd',
      ttlMs: RESET_TTL_MS,
      subject: 'Reset your Netloom password',
      text: (url) => `Reset your password: ${url}\n\nThe link is valid for one hour. If you did not ask for it, ignore this e-mail.`,
    });
  }

  async confirmPasswordReset(body: { token: string; password: string }, ctx: RequestContext): Promise<void> {
    const used = await consumeOneTimeToken(this.db, hashToken(body.token), 'password_reset');
    if (!used) throw invalidLink();
    await updateUser(this.db, used.userId, { passwordHash: await hashPassword(body.password) });
    // Whoever knew the old password must not keep a session.
    await revokeUserSessions(this.db, used.userId);
    await this.events.userChanged(used.userId);
    await recordAudit(this.db, { tenantId: null, actorId: used.userId, actorEmail: null, action: 'auth.password_reset', ip: ctx.ip });
  }

  async changePassword(user: UserRow, body: { old_password: string; new_password: string }, ctx: RequestContext): Promise<void> {
    if (!(await verifyPassword(user.passwordHash, body.old_password))) {
      throw errors.invalid({ old_password: ['Your old password was entered incorrectly.'] });
    }
    await updateUser(this.db, user.id, { passwordHash: await hashPassword(body.new_password) });
    await this.events.userChanged(user.id);
    await recordAudit(this.db, { tenantId: null, actorId: user.id, actorEmail: user.email, action: 'auth.password_changed', ip: ctx.ip });
  }

  async beginTwoFactor(user: UserRow): Promise<{ secret: string; otpauth_url: string }> {
    if (user.twoFactorEnabled) throw errors.conflict('Two-factor authentication is already on.');
    const secret = authenticator.generateSecret();
    await updateUser(this.db, user.id, { twoFactorSecret: secret });
    await this.events.userChanged(user.id);
    return { secret, otpauth_url: authenticator.keyuri(user.email, 'Netloom', secret) };
  }

  /** Answers the recovery codes: shown once, stored only as hashes. */
  async enableTwoFactor(user: UserRow, code: string): Promise<string[]> {
    if (!user.twoFactorSecret || user.twoFactorEnabled) throw errors.badRequest('not_pending', 'Start two-factor set-up first.');
    if (!authenticator.check(code, user.twoFactorSecret)) throw errors.invalid({ code: ['Invalid two-factor code'] });
    const recovery = await this.db.transaction(async (tx) => {
      await updateUser(tx, user.id, { twoFactorEnabled: true });
      return replaceRecoveryCodes(tx, user.id);
    });
    await this.events.userChanged(user.id);
    await recordAudit(this.db, { tenantId: null, actorId: user.id, actorEmail: user.email, action: 'auth.2fa_enabled' });
    return recovery;
  }

  async disableTwoFactor(user: UserRow, code: string): Promise<void> {
    if (!user.twoFactorEnabled || !user.twoFactorSecret) throw errors.badRequest('not_enabled', 'Two-factor authentication is off.');
    const ok = isRecoveryCode(code) ? await consumeRecoveryCode(this.db, user.id, code) : authenticator.check(code, user.twoFactorSecret);
    if (!ok) throw errors.invalid({ code: ['Invalid two-factor code'] });
    await this.db.transaction(async (tx) => {
      await updateUser(tx, user.id, { twoFactorEnabled: false, twoFactorSecret: null });
      await replaceRecoveryCodes(tx, user.id, 0);
    });
    await this.events.userChanged(user.id);
    await recordAudit(this.db, { tenantId: null, actorId: user.id, actorEmail: user.email, action: 'auth.2fa_disabled' });
  }
}
