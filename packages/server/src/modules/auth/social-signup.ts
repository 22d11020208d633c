import { ERROR_CODES, emailMessages, isBusinessEmail, type socialIdentitySchema, type socialSignupBodySchema } from '@netloom/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { recordAudit } from '../../db/audit-log';
import { AppError, errors } from '../../http/errors';
import { findUserById, findUserByLogin } from '../../identity/repo';
import type { GoogleIdentity, GoogleVerifier } from './google';
import { createOrganisation } from './repo';
import type { IssuedSession, RequestContext, SessionService } from './sessions';

/** As sign-up: new organisations start on the ZTNA product. */
const SIGN_UP_SUBSCRIPTIONS = ['ztna'];

const alreadyRegistered = () => new AppError(409, ERROR_CODES.conflict, 'An account is already registered for this Google e-mail. Please sign in instead.');

/**
 * Sign-up with a Google identity (spec 000 §2.2 social-signup). The e-mail is the one Google
 * verified in the id_token, so the owner starts active, with no password (they sign in with
 * Google, or set one through "Forgot password"). The holder of the token owns the address, so
 * unlike the password sign-up this may say that it already has an account.
 */
export class SocialSignupService {
  constructor(
    private readonly db: Db,
    private readonly sessions: SessionService,
    private readonly google: GoogleVerifier | null,
  ) {}

  /** Who the token names, for the form to show; refuses as the sign-up itself would. */
  async identity(idToken: string): Promise<z.output<typeof socialIdentitySchema>> {
    const who = await this.verified(idToken);
    if (await findUserByLogin(this.db, who.email)) throw alreadyRegistered();
    return { email: who.email, first_name: who.firstName, last_name: who.lastName };
  }

  async signUp(body: z.output<typeof socialSignupBodySchema>, ctx: RequestContext): Promise<IssuedSession> {
    const who = await this.verified(body.id_token);
    if (await findUserByLogin(this.db, who.email)) throw alreadyRegistered();
    const userId = crypto.randomUUID();
    try {
      await this.db.transaction(async (tx) => {
        const { tenantId } = await createOrganisation(tx, {
          tenantName: body.company_name,
          subscriptions: SIGN_UP_SUBSCRIPTIONS,
          user: {
            id: userId,
            email: who.email,
            username: who.email,
            firstName: body.first_name,
            lastName: body.last_name,
            companyName: body.company_name,
            passwordHash: null,
            active: true,
          },
        });
        await recordAudit(tx, {
          tenantId,
          actorId: userId,
          actorEmail: who.email,
          action: 'auth.registered',
          details: { method: 'google', user_agent: ctx.userAgent },
          ip: ctx.ip,
        });
      });
    } catch (e) {
      // A parallel sign-up with the same address committed first.
      if (isUniqueViolation(e)) throw alreadyRegistered();
      throw e;
    }
    const user = await findUserById(this.db, userId);
    if (!user) throw errors.notFound();
    return this.sessions.start(user, body.remember, ctx, 'google');
  }

  /** The same checks as Google sign-in, and sign-up's business e-mail rule. */
  private async verified(idToken: string): Promise<GoogleIdentity> {
    if (!this.google) throw new AppError(400, ERROR_CODES.notConfigured, 'Google sign-in is not configured on this server');
    const who = await this.google(idToken);
    if (!who) throw errors.tokenNotValid();
    const email = who.email.trim().toLowerCase();
    if (!isBusinessEmail(email)) throw errors.invalid({ email: [emailMessages.business] }, emailMessages.business);
    return { ...who, email };
  }
}
