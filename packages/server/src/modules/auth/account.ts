import { ERROR_CODES } from '@netloom/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { AppError, errors } from '../../http/errors';
import type { Mailer, MailMessage } from '../../mail/mailer';
import type { OneTimePurpose } from '../../db/schema/one-time-tokens';
import { recordAudit } from '../../db/audit-log';
import type { SessionEvents } from '../../http/principal-cache';
import type { LoginLimiters } from './login-limiter';
import { hashPassword, verifyPassword } from '../../identity/passwords';
import { consumeOneTimeToken, createOrganisation, insertOneTimeToken, managedByScim, provisionedByScim, spendUserLinks } from './repo';
import type { RequestContext } from './sessions';
import { hashToken, newOpaqueToken } from './tokens';
import { findUserById, findUserByLogin, revokeUserSessions, updateUser, type UserRow } from '../../identity/repo';

const ACTIVATION_TTL_MS = 3 * 86_400_000;
const RESET_TTL_MS = 3_600_000;
/** New sign-ups start on the ZTNA product (the free-trial product of the original console). */
const SIGN_UP_SUBSCRIPTIONS = ['ztna'];

const invalidLink = () =>
  new AppError(400, ERROR_CODES.tokenNotValid, 'This link is invalid or has expired.', {
    token: ['This link is invalid or has expired.'],
  });

interface LinkSpec {
  purpose: OneTimePurpose;
  path: string;
  ttlMs: number;
  subject: string;
  text: (url: string) => string;
}

/** Sign-up, activation, password reset and change. */
export class AccountService {
  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly publicUrl: string,
    private readonly events: SessionEvents,
    private readonly limiters: LoginLimiters,
    private readonly log: Pick<FastifyBaseLogger, 'error'>,
  ) {}

  /**
   * Answers the same whether or not the e-mail already has an account, in any tenant, and whatever
   * organisation name is chosen (names are not unique): the caller learns nothing about other
   * tenants. The owner of a taken address gets a notice instead of an activation link.
   */
  async register(body: { email: string; password: string; first_name: string; last_name: string; company_name: string }, ctx: RequestContext): Promise<void> {
    // Hashed before looking, so a taken address costs the time a new one does.
    const passwordHash = await hashPassword(body.password);
    const existing = await findUserByLogin(this.db, body.email);
    if (existing) return this.noticeSignUpAttempt(existing, ctx);
    const userId = crypto.randomUUID();
    let mail: MailMessage;
    try {
      mail = await this.db.transaction(async (tx) => {
        const { tenantId } = await createOrganisation(tx, {
          tenantName: body.company_name,
          subscriptions: SIGN_UP_SUBSCRIPTIONS,
          user: {
            id: userId,
            email: body.email,
            username: body.email,
            firstName: body.first_name,
            lastName: body.last_name,
            companyName: body.company_name,
            passwordHash,
            active: false,
          },
        });
        await recordAudit(tx, { tenantId, actorId: userId, actorEmail: body.email, action: 'auth.registered', ip: ctx.ip });
        return this.storeLink(tx, { id: userId, email: body.email }, this.activationSpec(body.first_name || body.email));
      });
    } catch (e) {
      // A parallel sign-up with the same address committed first: answer as for any taken address.
      const winner = isUniqueViolation(e) ? await findUserByLogin(this.db, body.email) : undefined;
      if (!winner) throw e;
      return this.noticeSignUpAttempt(winner, ctx);
    }
    await this.mailer.send(mail);
  }

  /**
   * A sign-up with a taken address. An account never activated (its first mail lost, or it failed
   * to go out) gets a new activation link, else its owner could never get in; it goes to the same
   * mailbox the first one did, so it grants nothing the first did not.
   */
  private async noticeSignUpAttempt(user: UserRow, ctx: RequestContext): Promise<void> {
    const mail = await this.db.transaction(async (tx) => {
      await recordAudit(tx, {
        tenantId: null,
        actorId: user.id,
        actorEmail: user.email,
        action: 'auth.registration_existing',
        details: { user_agent: ctx.userAgent },
        ip: ctx.ip,
      });
      if (!user.active && user.lastLoginAt === null) return this.storeLink(tx, user, this.activationSpec(user.firstName || user.email));
      return {
        to: user.email,
        subject: 'Someone tried to sign up with your e-mail address',
        text:
          `Hello ${user.firstName || user.email},\n\n` +
          'Someone, perhaps you, tried to sign up for Netloom with this e-mail address. It already has an account, so no new one was made.\n\n' +
          `Log in: ${this.publicUrl}/auth/login\nForgot your password? ${this.publicUrl}/auth/forgotPassword\n\n` +
          'If it was not you, you can ignore this e-mail: nothing has changed.',
      };
    });
    await this.mailer.send(mail);
  }

  private activationSpec(name: string): LinkSpec {
    return {
      purpose: 'activation',
      path: '/activate',
      ttlMs: ACTIVATION_TTL_MS,
      subject: 'Activate your Netloom account',
      text: (url) => `Hello ${name},\n\nActivate your account: ${url}\n\nThe link is valid for 3 days.`,
    };
  }

  /** Stores a single-use token (in the caller's transaction) and answers the mail with its link. */
  private async storeLink(db: Db, user: Pick<UserRow, 'id' | 'email'>, link: LinkSpec): Promise<MailMessage> {
    const token = newOpaqueToken();
    await insertOneTimeToken(db, {
      userId: user.id,
      purpose: link.purpose,
      tokenHash: token.hash,
      expiresAt: new Date(Date.now() + link.ttlMs),
    });
    const url = `${this.publicUrl}${link.path}?token=${token.token}`;
    return { to: user.email, subject: link.subject, text: link.text(url) };
  }

  /** Also used by invitations (issue 5): the link lets the user set a password when they have none. */
  async sendActivation(user: Pick<UserRow, 'id' | 'email' | 'firstName'>): Promise<void> {
    await this.mailer.send(await this.storeLink(this.db, user, this.activationSpec(user.firstName || user.email)));
  }

  async activate(body: { token: string; password?: string }, ctx: RequestContext): Promise<void> {
    const passwordHash = body.password ? await hashPassword(body.password) : null;
    // Consumed in the transaction: an invited user sent back for a password can retry the link.
    await this.db.transaction(async (tx) => {
      const used = await consumeOneTimeToken(tx, hashToken(body.token), 'activation');
      if (!used) throw invalidLink();
      const user = await findUserById(tx, used.userId);
      if (!user) throw invalidLink();
      // An invitation the identity provider took over: the provider says whether the person is active, not a link.
      if (!user.active && (await managedByScim(tx, user.id))) throw invalidLink();
      if (!user.passwordHash && !passwordHash) {
        throw errors.invalid({ password: ['Choose a password to activate your account'] });
      }
      await updateUser(tx, user.id, { active: true, ...(passwordHash ? { passwordHash } : {}) });
      // Any other link (a resent invitation) must not set a password later.
      await spendUserLinks(tx, user.id, 'activation');
      await recordAudit(tx, { tenantId: null, actorId: user.id, actorEmail: user.email, action: 'auth.activated', ip: ctx.ip });
    });
  }

  /**
   * Always answers the same, so the call cannot tell which e-mails have accounts: the mail goes
   * out after the answer (a slow or failing mail server would otherwise tell known addresses).
   */
  async requestPasswordReset(email: string): Promise<void> {
    const user = await findUserByLogin(this.db, email);
    if (!user || !user.active) return;
    // An account the identity provider made has no password to reset: setting one would open a
    // way in that the provider's deactivation does not govern. Its person signs in through the provider.
    if (!user.passwordHash && (await provisionedByScim(this.db, user.id))) return;
    const mail = await this.storeLink(this.db, user, {
      purpose: 'password_reset',
      path: '/resetpwd',
      ttlMs: RESET_TTL_MS,
      subject: 'Reset your Netloom password',
      text: (url) => `Reset your password: ${url}\n\nThe link is valid for one hour. If you did not ask for it, ignore this e-mail.`,
    });
    this.mailer.send(mail).catch((err: unknown) => this.log.error({ err }, 'password reset mail not sent'));
  }

  /** Whoever knew the old password must not keep a session: every session of the user ends. */
  async confirmPasswordReset(body: { token: string; password: string }, ctx: RequestContext): Promise<void> {
    const passwordHash = await hashPassword(body.password);
    const userId = await this.db.transaction(async (tx) => {
      const used = await consumeOneTimeToken(tx, hashToken(body.token), 'password_reset');
      if (!used) throw invalidLink();
      await this.setPassword(tx, used.userId, passwordHash, null);
      await recordAudit(tx, { tenantId: null, actorId: used.userId, actorEmail: null, action: 'auth.password_reset', ip: ctx.ip });
      return used.userId;
    });
    await this.events.userSessionsRevoked(userId, null);
    // The owner of the mailbox is back in: strangers' failed guesses no longer hold the account.
    await this.limiters.password.reset(`user:${userId}`);
  }

  /** The caller's other sessions end (ASVS 7.4.3); the one that made the change stays. */
  async changePassword(
    principal: { user: UserRow; sessionId: string },
    body: { old_password: string; new_password: string },
    ctx: RequestContext,
  ): Promise<void> {
    const { user, sessionId } = principal;
    // A stolen session must not become a way to guess the password without limit.
    const budget = `user:${user.id}@${ctx.ip}`;
    await this.limiters.password.reserve(budget);
    const current = await findUserById(this.db, user.id);
    if (!current || !(await verifyPassword(current.passwordHash, body.old_password))) {
      throw errors.invalid({ old_password: ['Your old password was entered incorrectly.'] });
    }
    await this.limiters.password.reset(budget);
    const passwordHash = await hashPassword(body.new_password);
    await this.db.transaction(async (tx) => {
      await this.setPassword(tx, user.id, passwordHash, sessionId);
      await recordAudit(tx, { tenantId: null, actorId: user.id, actorEmail: user.email, action: 'auth.password_changed', ip: ctx.ip });
    });
    await this.events.userSessionsRevoked(user.id, sessionId);
  }

  /** The user row first: its lock keeps a refresh rotation from re-issuing past the revocation. */
  private async setPassword(tx: Db, userId: string, passwordHash: string, keepSession: string | null): Promise<void> {
    await updateUser(tx, userId, { passwordHash });
    await revokeUserSessions(tx, userId, keepSession);
    await spendUserLinks(tx, userId, 'password_reset');
  }
}
