import type { Db } from '../../db/client';
import { errors } from '../../http/errors';
import type { SessionEvents } from '../../http/principal-cache';
import { recordAudit } from '../../db/audit-log';
import type { LoginLimiters } from './login-limiter';
import { replaceRecoveryCodes } from './recovery-codes';
import { claimTotpStep } from './repo';
import { spendSecondFactor, wrongSecondFactor } from './second-factor';
import type { RequestContext } from './sessions';
import { newTotpSecret, totpStep, totpUri } from './totp';
import { findUserById, revokeUserSessions, updateUser, type UserRow } from '../../identity/repo';

/**
 * Turning two-factor sign-in on and off. Each code works once (its time step is claimed in the
 * same transaction as the change), failures spend the user's second-factor budget, and a change
 * ends the user's other sessions.
 */
export class TwoFactorService {
  constructor(
    private readonly db: Db,
    private readonly events: SessionEvents,
    private readonly limiters: LoginLimiters,
  ) {}

  async beginTwoFactor(user: UserRow): Promise<{ secret: string; otpauth_url: string }> {
    if (user.twoFactorEnabled) throw errors.conflict('Two-factor authentication is already on.');
    const secret = newTotpSecret();
    // A new secret starts a new count of spent steps.
    await updateUser(this.db, user.id, { twoFactorSecret: secret, totpLastStep: null });
    await this.events.userChanged(user.id);
    return { secret, otpauth_url: totpUri(user.email, secret) };
  }

  /** Failed codes spend the user's second-factor budget and are audited, as at sign-in. */
  private async checkedCode(user: UserRow, ctx: RequestContext, during: string, spend: () => Promise<boolean>): Promise<void> {
    await this.limiters.secondFactor.reserve(user.id);
    if (!(await spend())) {
      await recordAudit(this.db, {
        tenantId: null,
        actorId: user.id,
        actorEmail: user.email,
        action: 'auth.2fa_failed',
        details: { during, user_agent: ctx.userAgent },
        ip: ctx.ip,
      });
      throw wrongSecondFactor();
    }
    await this.limiters.secondFactor.reset(user.id);
  }

  /** Answers the recovery codes: shown once, stored only as hashes. Other sessions end. */
  async enableTwoFactor(principal: { user: UserRow; sessionId: string }, code: string, ctx: RequestContext): Promise<string[]> {
    const { user, sessionId } = principal;
    const fresh = await findUserById(this.db, user.id);
    const secret = fresh?.twoFactorSecret;
    if (!fresh || !secret || fresh.twoFactorEnabled) throw errors.badRequest('not_pending', 'Start two-factor set-up first.');
    let recovery: string[] = [];
    await this.checkedCode(fresh, ctx, 'enable', async () => {
      const step = totpStep(code, secret);
      if (step === null) return false;
      return this.db.transaction(async (tx) => {
        if (!(await claimTotpStep(tx, { userId: user.id, secret, step, enable: true }))) return false;
        recovery = await replaceRecoveryCodes(tx, user.id);
        await revokeUserSessions(tx, user.id, sessionId);
        await recordAudit(tx, { tenantId: null, actorId: user.id, actorEmail: user.email, action: 'auth.2fa_enabled', ip: ctx.ip });
        return true;
      });
    });
    await this.events.userSessionsRevoked(user.id, sessionId);
    return recovery;
  }

  async disableTwoFactor(principal: { user: UserRow; sessionId: string }, code: string, ctx: RequestContext): Promise<void> {
    const { user, sessionId } = principal;
    const fresh = await findUserById(this.db, user.id);
    if (!fresh?.twoFactorEnabled || !fresh.twoFactorSecret) throw errors.badRequest('not_enabled', 'Two-factor authentication is off.');
    await this.checkedCode(fresh, ctx, 'disable', () =>
      this.db.transaction(async (tx) => {
        if (!(await spendSecondFactor(tx, fresh, code))) return false;
        await updateUser(tx, user.id, { twoFactorEnabled: false, twoFactorSecret: null, totpLastStep: null });
        await replaceRecoveryCodes(tx, user.id, 0);
        await revokeUserSessions(tx, user.id, sessionId);
        await recordAudit(tx, { tenantId: null, actorId: user.id, actorEmail: user.email, action: 'auth.2fa_disabled', ip: ctx.ip });
        return true;
      }),
    );
    await this.events.userSessionsRevoked(user.id, sessionId);
  }
}
