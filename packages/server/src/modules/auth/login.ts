import { authenticator } from 'otplib';
import { ERROR_CODES, isRecoveryCode, type LoginResponse } from '@netloom/domain';
import type { Db } from '../../db/client';
import { AppError, errors } from '../../http/errors';
import { recordAudit } from '../audit/repo';
import type { GoogleVerifier } from './google';
import type { LoginLimiter } from './login-limiter';
import { verifyPassword } from './passwords';
import { consumeRecoveryCode } from './recovery-codes';
import { findUserById, findUserByLogin, type UserRow } from './repo';
import type { IssuedSession, RequestContext, SessionService } from './sessions';
import type { TokenService } from './tokens';

const badCredentials = () =>
  new AppError(401, ERROR_CODES.invalidCredentials, 'No active account found with the given credentials');

// One step either side of the current 30 s window tolerates clock drift on the user's phone.
authenticator.options = { window: 1 };

export class LoginService {
  constructor(
    private readonly db: Db,
    private readonly tokens: TokenService,
    private readonly sessions: SessionService,
    private readonly limiter: LoginLimiter,
    private readonly google: GoogleVerifier | null,
  ) {}

  async password(
    body: { username: string; password: string; remember: boolean },
    ctx: RequestContext,
  ): Promise<LoginResponse & { refresh?: string }> {
    await this.limiter.assertAllowed(body.username);
    const user = await findUserByLogin(this.db, body.username);
    const ok = await verifyPassword(user?.passwordHash, body.password);
    if (!user || !ok || !user.active) {
      await this.limiter.recordFailure(body.username);
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
    await this.limiter.reset(body.username);
    if (user.twoFactorEnabled) {
      return { two_factor_required: true, ephemeral_token: await this.tokens.signChallenge(user.id, body.remember) };
    }
    return this.sessions.start(user, body.remember, ctx, 'password');
  }

  async twoFactor(
    body: { ephemeral_token: string; code: string; remember: boolean },
    ctx: RequestContext,
  ): Promise<IssuedSession> {
    const challenge = await this.tokens.verifyChallenge(body.ephemeral_token);
    if (!challenge) throw errors.tokenNotValid();
    const user = await findUserById(this.db, challenge.userId);
    if (!user || !user.active || !user.twoFactorEnabled || !user.twoFactorSecret) throw errors.tokenNotValid();
    await this.limiter.assertAllowed(user.email);
    // A recovery code works once, in place of the phone's code.
    const ok = isRecoveryCode(body.code)
      ? await consumeRecoveryCode(this.db, user.id, body.code)
      : authenticator.check(body.code, user.twoFactorSecret);
    if (!ok) {
      await this.limiter.recordFailure(user.email);
      throw new AppError(400, ERROR_CODES.invalidCode, 'Invalid two-factor code', { code: ['Invalid two-factor code'] });
    }
    await this.limiter.reset(user.email);
    return this.sessions.start(user, body.remember || challenge.remember, ctx, '2fa');
  }

  async googleIdToken(
    body: { id_token: string; remember: boolean },
    ctx: RequestContext,
  ): Promise<LoginResponse & { refresh?: string }> {
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
    // Google proves the e-mail, not possession of the user's second factor.
    if (user.twoFactorEnabled) {
      return { two_factor_required: true, ephemeral_token: await this.tokens.signChallenge(user.id, body.remember) };
    }
    return this.sessions.start(user, body.remember, ctx, 'google');
  }
}
