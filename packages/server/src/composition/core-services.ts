import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { authenticate, type Principal } from '../http/principal';
import { PrincipalCache, type SessionEvents } from '../http/principal-cache';
import type { EventBus } from '../bus/event-bus';
import { createMemoryBus } from '../bus/memory';
import { createRedisBus } from '../bus/redis';
import { topics } from '../bus/topics';
import { createMailer } from '../mail/mailer';
import { AccountService } from '../modules/auth/account';
import { createGoogleVerifier } from '../modules/auth/google';
import { SocialSignupService } from '../modules/auth/social-signup';
import { createLoginLimiters } from '../modules/auth/login-limiter';
import { LoginService } from '../modules/auth/login';
import { passwordRefusedForUser } from '../modules/sso/index';
import { SessionService } from '../modules/auth/sessions';
import { TwoFactorService } from '../modules/auth/two-factor';
import { TokenService, loadSigningKey } from '../modules/auth/tokens';
import { storeSecretOnce } from '../modules/auth/repo';
import { installSealKeys, loadSealKey } from '../db/sealed-secrets';
import type { CoreServices } from './services';

/** The core services, and how a request's bearer token becomes its principal (the authentication hook's). */
export interface Core {
  core: CoreServices;
  /** Sets request.principal from the bearer token (principals cached per session and user) or answers 401. */
  authenticate: (request: FastifyRequest) => Promise<Principal>;
}

/** Revoked sessions and changed users forget their cached principals on every instance. */
async function sessionEventsOver(bus: EventBus, principals: PrincipalCache<Principal>): Promise<SessionEvents> {
  await bus.subscribe(topics.sessions(), (event) => {
    if (event.kind === 'session') principals.forgetSession(event.id);
    if (event.kind === 'user' || event.kind === 'user_sessions') principals.forgetUser(event.id);
  });
  return {
    sessionRevoked: async (id) => {
      principals.forgetSession(id);
      await bus.publish(topics.sessions(), { kind: 'session', id });
    },
    userChanged: async (id) => {
      principals.forgetUser(id);
      await bus.publish(topics.sessions(), { kind: 'user', id });
    },
    userSessionsRevoked: async (id, keep) => {
      principals.forgetUser(id);
      await bus.publish(topics.sessions(), { kind: 'user_sessions', id, keep });
    },
    // Members' cached principals are dropped by userChanged; this reaches the tenant's watchers.
    tenantChanged: async (id) => {
      await bus.publish(topics.sessions(), { kind: 'tenant', id });
    },
  };
}

/** What every module builds on: mail, the event bus, tokens, sessions and the sign-in services. */
export async function buildCoreServices(app: FastifyInstance, config: Config, db: Db, redis: Redis | null): Promise<Core> {
  const mailer = createMailer(config.mail, app.log);
  const tokens = new TokenService(await loadSigningKey(db, config.jwtSecret), config.accessTokenTtlSeconds);
  installSealKeys(await loadSealKey(config.configSecrets?.key ?? null, (name, value) => storeSecretOnce(db, name, value)), config.configSecrets?.previous);
  const bus = config.redisUrl ? createRedisBus(config.redisUrl, app.log, config.redisPrefix) : createMemoryBus();
  const principals = new PrincipalCache<Principal>();
  const sessionEvents = await sessionEventsOver(bus, principals);
  const sessions = new SessionService(db, tokens, config.sessionTtlHours, sessionEvents);
  const limiters = createLoginLimiters({
    maxFailures: config.loginLimits.userMaxFailures,
    windowSeconds: config.loginLimits.userWindowSeconds,
    addressPerMinute: config.loginLimits.ipPerMinute,
    redis,
  });
  const google = config.google ? createGoogleVerifier(config.google) : null;
  const core: CoreServices = {
    config,
    log: app.log,
    db,
    mailer,
    bus,
    tokens,
    sessions,
    login: new LoginService(db, tokens, sessions, limiters, google, passwordRefusedForUser(db)),
    loginLimiters: limiters,
    socialSignup: new SocialSignupService(db, sessions, google),
    account: new AccountService(db, mailer, config.publicUrl, sessionEvents, limiters, app.log),
    twoFactor: new TwoFactorService(db, sessionEvents, limiters),
    sessionEvents,
  };
  return { core, authenticate: (request) => authenticate(request, db, tokens, principals) };
}
