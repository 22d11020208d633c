import { ERROR_CODES, type LoginResponse } from '@netloom/domain';
import type { Db } from '../../db/client';
import { AppError, errors } from '../../http/errors';
import { recordAudit } from '../../db/audit-log';
import type { GoogleVerifier } from './google';
import type { LoginLimiters } from './login-limiter';
import { verifyPassword } from '../../identity/passwords';
import { signedInFrom } from './repo';
import { spendSecondFactor, wrongSecondFactor } from './second-factor';
import type { IssuedSession, RequestContext, SessionService } from './sessions';
import { challengeBinding, type TokenService } from './tokens';
import { findUserById, findUserByLogin, type UserRow } from '../../identity/repo';

const badCredentials = () => new AppError(401, ERROR_CODES.invalidCredentials, 'No active account found with the given credentials');

/**
 * Whose budget a password attempt spends. Guesses from anywhere share one budget per account, so a
 * distributed guess is stopped; but then anyone could keep an account locked for good by failing
 * on purpose every window. So attempts from an address the user has signed in from before (one
 * of their sessions, live or ended, remembers it) spend a budget of their own per address: a
 * lock-out by strangers never locks the owner out of their usual place, while a guesser at such
 * an address still meets the same limit there. Only addresses of successful sign-ins qualify,
 * which a guesser cannot make without the password.
 */
async function passwordBudget(db: Db, user: UserRow | undefined, login: string, ip: string): Promise<string> {
  if (!user) return `login:${login.trim().toLowerCase()}`;
  return (await signedInFrom(db, user.id, ip)) ? `user:${user.id}@${ip}` : `user:${user.id}`;
}

export class LoginService {
  constructor(
    private readonly db: Db,
    private readonly tokens: TokenService,
    private readonly sessions: SessionService,
    private readonly limiters: LoginLimiters,
    private readonly google: GoogleVerifier | null,
    /** Whether the user's organisation requires single sign-on of them (owners keep passwords for break-glass). */
    private readonly ssoRequired: (userId: string) => Promise<boolean> = async () => false,
  ) {}

  /** Refuses a sign-in that is not SSO when the user's organisation requires SSO; logged with its reason. */
  private async refuseWhenSsoRequired(user: UserRow, method: string, ctx: RequestContext): Promise<void> {
    if (user.isSuperAdmin || !(await this.ssoRequired(user.id))) return;
    await recordAudit(this.db, {
      tenantId: null,
      actorId: user.id,
      actorEmail: user.email,
      action: 'auth.login_failed',
      details: { method, reason: 'sso_required', user_agent: ctx.userAgent },
      ip: ctx.ip,
    });
    throw new AppError(401, ERROR_CODES.ssoRequired, 'Your organisation signs in with single sign-on. Continue with your work e-mail.');
  }

  async password(body: { username: string; password: string; remember: boolean }, ctx: RequestContext): Promise<LoginResponse & { refresh?: string }> {
    const user = await findUserByLogin(this.db, body.username);
    const budget = await passwordBudget(this.db, user, body.username, ctx.ip);
    // Reserved before the check: parallel guesses each take an attempt, none rides on a stale count.
    await this.limiters.password.reserve(budget);
    const ok = await verifyPassword(user?.passwordHash, body.password);
    if (!user || !ok || !user.active) {
      await recordAudit(this.db, {
        tenantId: null,
        actorId: user?.id ?? null,
        actorEmail: body.username,
        action: 'auth.login_failed',
        details: { user_agent: ctx.userAgent },
        ip: ctx.ip,
      });
      // An inactive account with the right password learns why; a wrong password learns nothing.
      if (user && ok && !user.active) {
        throw new AppError(401, ERROR_CODES.inactiveAccount, 'Your account is not active yet. Please use the activation link sent to your e-mail.');
      }
      throw badCredentials();
    }
    await this.limiters.password.reset(budget);
    await this.refuseWhenSsoRequired(user, 'password', ctx);
    if (user.twoFactorEnabled) {
      return { two_factor_required: true, ephemeral_token: await this.tokens.signChallenge(user.id, body.remember, challengeBinding(user)) };
    }
    return this.sessions.start(user, body.remember, ctx, 'password');
  }

  async twoFactor(body: { ephemeral_token: string; code: string; remember: boolean }, ctx: RequestContext): Promise<IssuedSession> {
    const challenge = await this.tokens.verifyChallenge(body.ephemeral_token);
    if (!challenge) throw errors.tokenNotValid();
    const user = await findUserById(this.db, challenge.userId);
    if (!user || !user.active || !user.twoFactorEnabled || !user.twoFactorSecret || challengeBinding(user) !== challenge.binding) {
      throw errors.tokenNotValid();
    }
    // Its own budget, which a right password does not refill: knowing the password must not buy
    // endless guesses at the code.
    await this.limiters.secondFactor.reserve(user.id);
    if (!(await spendSecondFactor(this.db, user, body.code))) {
      await recordAudit(this.db, {
        tenantId: null,
        actorId: user.id,
        actorEmail: user.email,
        action: 'auth.login_failed',
        details: { method: '2fa', user_agent: ctx.userAgent },
        ip: ctx.ip,
      });
      throw wrongSecondFactor();
    }
    await this.limiters.secondFactor.reset(user.id);
    return this.sessions.start(user, body.remember || challenge.remember, ctx, '2fa');
  }

  async googleIdToken(body: { id_token: string; remember: boolean }, ctx: RequestContext): Promise<LoginResponse & { refresh?: string }> {
    if (!this.google) {
      throw new AppError(400, ERROR_CODES.notConfigured, 'Google sign-in is not configured on this server');
    }
    const identity = await this.google(body.id_token);
    if (!identity) throw errors.tokenNotValid();
    const user: UserRow | undefined = await findUserByLogin(this.db, identity.email);
    if (!user) {
      throw new AppError(404, ERROR_CODES.notFound, 'No account is registered for this Google e-mail. Please sign up first.');
    }
    if (!user.active) {
      throw new AppError(401, ERROR_CODES.inactiveAccount, 'Your account is not active yet. Please use the activation link sent to your e-mail.');
    }
    await this.refuseWhenSsoRequired(user, 'google', ctx);
    // Google proves the e-mail, not possession of the user's second factor.
    if (user.twoFactorEnabled) {
      return { two_factor_required: true, ephemeral_token: await this.tokens.signChallenge(user.id, body.remember, challengeBinding(user)) };
    }
    return this.sessions.start(user, body.remember, ctx, 'google');
  }
}
