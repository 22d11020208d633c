import { REMEMBER_ME_DAYS, type Session } from '@netloom/domain';
import type { Db } from '../../db/client';
import { AppError, errors } from '../../http/errors';
import { recordAudit } from '../../db/audit-log';
import type { SessionEvents } from '../../http/principal-cache';
import { claimRefreshToken, findRefreshToken, insertRefreshToken, lockUserForRotation, revokeFamily } from './repo';
import { hashToken, newOpaqueToken, type TokenService } from './tokens';
import { findUserById, updateUser, userMemberships, type UserRow } from '../../identity/repo';
import { toUserDto } from '../../identity/dto';

export interface RequestContext {
  ip: string;
  userAgent: string | null;
}

export interface IssuedSession extends Session {
  refresh: string;
}

const DAY_MS = 86_400_000;
/**
 * Two tabs of one browser share the refresh cookie and may refresh in the same instant; the loser
 * presents the token the winner just rotated. Within this window that is a race, not a theft: the
 * family stays alive and the client retries with the cookie the winner received.
 */
const REFRESH_RACE_WINDOW_MS = 10_000;

/** Logins, refresh rotation with reuse detection, and logout. */
export class SessionService {
  constructor(
    private readonly db: Db,
    private readonly tokens: TokenService,
    private readonly sessionTtlHours: number,
    private readonly events: SessionEvents,
  ) {}

  private expiry(remember: boolean): Date {
    return new Date(Date.now() + (remember ? REMEMBER_ME_DAYS * DAY_MS : this.sessionTtlHours * 3_600_000));
  }

  async start(user: UserRow, remember: boolean, ctx: RequestContext, method: string): Promise<IssuedSession> {
    const familyId = crypto.randomUUID();
    const refresh = newOpaqueToken();
    const memberships = await this.db.transaction(async (tx) => {
      await updateUser(tx, user.id, { lastLoginAt: new Date() });
      await insertRefreshToken(tx, {
        id: crypto.randomUUID(),
        userId: user.id,
        familyId,
        tokenHash: refresh.hash,
        remember,
        expiresAt: this.expiry(remember),
        ip: ctx.ip,
        userAgent: ctx.userAgent,
      });
      const list = await userMemberships(tx, user.id);
      await recordAudit(tx, {
        tenantId: list[0]?.tenantId ?? null,
        actorId: user.id,
        actorEmail: user.email,
        action: 'auth.login',
        details: { method, remember, user_agent: ctx.userAgent },
        ip: ctx.ip,
      });
      return list;
    });
    const access = await this.tokens.signAccess({ userId: user.id, sessionId: familyId });
    return {
      access: access.token,
      access_expires_at: access.expiresAt.toISOString(),
      refresh: refresh.token,
      remember,
      user: toUserDto(user, memberships),
    };
  }

  /**
   * Exchanges a refresh token for a new pair. A token that was already rotated is a sign of
   * theft: the whole family is revoked, so neither the thief nor the victim keeps the session.
   */
  async rotate(presented: string, ctx: RequestContext): Promise<IssuedSession> {
    const hash = hashToken(presented);
    const known = await findRefreshToken(this.db, hash);
    if (!known) throw errors.tokenNotValid();
    // Under the user's row lock, which every change that revokes the user's sessions takes
    // first: a token claimed here cannot be re-issued after such a revocation went past it.
    const outcome = await this.db.transaction(async (tx) => {
      await lockUserForRotation(tx, known.userId);
      const claimed = await claimRefreshToken(tx, hash);
      if (!claimed) return null;
      const user = await findUserById(tx, claimed.userId);
      if (!user || !user.active) {
        await revokeFamily(tx, claimed.familyId);
        return { claimed, user: null, next: null };
      }
      const next = newOpaqueToken();
      await insertRefreshToken(tx, {
        id: crypto.randomUUID(),
        userId: user.id,
        familyId: claimed.familyId,
        tokenHash: next.hash,
        remember: claimed.remember,
        // Remembered sessions slide; browser sessions keep their first deadline.
        expiresAt: claimed.remember ? this.expiry(true) : claimed.expiresAt,
        ip: ctx.ip,
        userAgent: ctx.userAgent,
      });
      return { claimed, user, next };
    });
    if (!outcome) {
      const again = await findRefreshToken(this.db, hash);
      if (again && again.rotatedAt && !again.revokedAt) {
        if (Date.now() - again.rotatedAt.getTime() < REFRESH_RACE_WINDOW_MS) {
          throw new AppError(409, 'refresh_race', 'This session was refreshed a moment ago. Retry with the new token.');
        }
        await this.db.transaction(async (tx) => {
          await revokeFamily(tx, again.familyId);
          await recordAudit(tx, {
            tenantId: null,
            actorId: again.userId,
            actorEmail: null,
            action: 'auth.refresh_reuse',
            details: { familyId: again.familyId },
            ip: ctx.ip,
          });
        });
        await this.events.sessionRevoked(again.familyId);
      }
      throw errors.tokenNotValid();
    }
    const { claimed, user, next } = outcome;
    if (!user || !next) {
      await this.events.sessionRevoked(claimed.familyId);
      throw errors.tokenNotValid();
    }
    const access = await this.tokens.signAccess({ userId: user.id, sessionId: claimed.familyId });
    return {
      access: access.token,
      access_expires_at: access.expiresAt.toISOString(),
      refresh: next.token,
      remember: claimed.remember,
      user: toUserDto(user, await userMemberships(this.db, user.id)),
    };
  }

  /** Ends the session the refresh token belongs to; unknown tokens end nothing and say nothing. */
  async end(presented: string, ctx: RequestContext): Promise<void> {
    const known = await findRefreshToken(this.db, hashToken(presented));
    if (!known) return;
    await this.db.transaction(async (tx) => {
      await revokeFamily(tx, known.familyId);
      await recordAudit(tx, {
        tenantId: null,
        actorId: known.userId,
        actorEmail: null,
        action: 'auth.logout',
        details: { user_agent: ctx.userAgent },
        ip: ctx.ip,
      });
    });
    await this.events.sessionRevoked(known.familyId);
  }
}
