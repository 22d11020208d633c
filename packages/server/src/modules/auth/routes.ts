import cookie from '@fastify/cookie';
import '@fastify/cookie';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AUTH_PATHS,
  activationBodySchema,
  detailSchema,
  googleLoginBodySchema,
  loginBodySchema,
  loginOptionsSchema,
  loginResponseSchema,
  passwordResetBodySchema,
  passwordResetConfirmBodySchema,
  refreshBodySchema,
  registrationBodySchema,
  rememberMeResponseSchema,
  sessionSchema,
  socialIdentityBodySchema,
  socialIdentitySchema,
  socialSignupBodySchema,
  tokenPairSchema,
  twoFactorLoginBodySchema,
  REFRESH_COOKIE,
} from '@netloom/domain';
import type { Config } from '../../config';
import { errorResponses } from '../../http/openapi';

import { answeredAttemptsPerAddress, type LoginLimiters } from './login-limiter';
import { clearRefreshCookie, deliverRefresh, presentedRefresh, requestContext } from './transport';
import { signedInRoutes, type SignedInRoutesOptions } from './signed-in-routes';
import type { LoginService } from './login';
import type { SessionService } from './sessions';
import type { SocialSignupService } from './social-signup';
import { p, publicRoute, routeDocs } from '../../http/route-kit';

const { tags } = routeDocs('auth');

/** What the composition root hands the sign-in routes (and the signed-in user's own, registered inside them). */
export interface AuthRoutesOptions extends SignedInRoutesOptions {
  login: LoginService;
  sessions: SessionService;
  socialSignup: SocialSignupService;
  loginLimiters: LoginLimiters;
  config: Pick<Config, 'cookieSecure' | 'loginLimits' | 'google' | 'mzaPackageBaseUrl'>;
}

/**
 * Signing in, up and out, refreshing a session and resetting a password: public routes (each says
 * so), answered without a session.
 */
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, options) => {
  // Only these routes read or set the refresh cookie; elsewhere its hooks would only cost time.
  await app.register(cookie);
  const { login, sessions, account, socialSignup, config } = options;
  const secure = config.cookieSecure;
  // Per client address and route, LOGIN_IP_MAX_PER_MINUTE calls that were answered (not 5xx).
  const limited = answeredAttemptsPerAddress(options.loginLimiters.address);

  /** Session answers minus the refresh token when it went into the cookie. */
  const answer = <T extends { refresh?: string }>(
    request: Parameters<typeof deliverRefresh>[0],
    reply: Parameters<typeof deliverRefresh>[1],
    result: T,
    remember: boolean,
  ): T => {
    if (!result.refresh) return result;
    const { refresh, ...rest } = result;
    return { ...rest, ...deliverRefresh(request, reply, refresh, remember, secure) } as T;
  };

  app.post(
    p(AUTH_PATHS.login),
    {
      ...limited,
      config: { ...publicRoute, ...limited.config },
      schema: {
        tags,
        summary: 'Log in with username or e-mail and password',
        body: loginBodySchema,
        response: { 200: loginResponseSchema, ...errorResponses(401, 503) },
      },
    },
    async (request, reply) => answer(request, reply, await login.password(request.body, requestContext(request)), request.body.remember),
  );

  app.post(
    p(AUTH_PATHS.twoFactorLogin),
    {
      ...limited,
      config: { ...publicRoute, ...limited.config },
      schema: { tags, summary: 'Second login step: TOTP code', body: twoFactorLoginBodySchema, response: { 200: sessionSchema, ...errorResponses(401, 503) } },
    },
    async (request, reply) => {
      const session = await login.twoFactor(request.body, requestContext(request));
      return answer(request, reply, session, session.remember);
    },
  );

  app.post(
    p(AUTH_PATHS.googleLogin),
    {
      ...limited,
      config: { ...publicRoute, ...limited.config },
      schema: {
        tags,
        summary: 'Log in with a Google (OpenID Connect) id_token',
        body: googleLoginBodySchema,
        response: { 200: loginResponseSchema, ...errorResponses(401, 404, 503) },
      },
    },
    async (request, reply) => answer(request, reply, await login.googleIdToken(request.body, requestContext(request)), request.body.remember),
  );

  app.post(
    p(AUTH_PATHS.refresh),
    {
      config: publicRoute,
      schema: {
        tags,
        summary: 'Rotate the refresh token; answers a new access token',
        body: refreshBodySchema.nullish(),
        response: { 200: tokenPairSchema, ...errorResponses(401, 409, 503) },
      },
    },
    async (request, reply) => {
      const session = await sessions.rotate(presentedRefresh(request, request.body), requestContext(request));
      return {
        access: session.access,
        access_expires_at: session.access_expires_at,
        ...deliverRefresh(request, reply, session.refresh, session.remember, secure),
      };
    },
  );

  app.post(
    p(AUTH_PATHS.rememberMe),
    {
      config: publicRoute,
      schema: {
        tags,
        summary: 'Resume a session from its refresh token (rotates it); { session: null } when no token is presented',
        body: refreshBodySchema.nullish(),
        response: { 200: rememberMeResponseSchema, ...errorResponses(401, 503) },
      },
    },
    async (request, reply) => {
      // Every first visit asks; no token is a plain "nobody to resume", so browsers log no failed request.
      if (!request.body?.refresh && !request.cookies[REFRESH_COOKIE]) return { session: null };
      const session = await sessions.rotate(presentedRefresh(request, request.body), requestContext(request));
      return answer(request, reply, session, session.remember);
    },
  );

  app.post(
    p(AUTH_PATHS.logout),
    {
      config: publicRoute,
      schema: {
        tags,
        summary: 'End the session of the refresh token',
        body: refreshBodySchema.nullish(),
        response: { 200: detailSchema, ...errorResponses(401, 503) },
      },
    },
    async (request, reply) => {
      const token = request.body?.refresh ?? request.cookies[REFRESH_COOKIE];
      if (token) await sessions.end(token, requestContext(request));
      clearRefreshCookie(reply, secure);
      return { detail: 'Successfully logged out.' };
    },
  );

  app.post(
    p(AUTH_PATHS.registration),
    {
      ...limited,
      config: { ...publicRoute, ...limited.config },
      schema: {
        tags,
        summary: 'Sign up a new organisation and its owner',
        body: registrationBodySchema,
        response: { 201: detailSchema, ...errorResponses(503) },
      },
    },
    async (request, reply) => {
      await account.register(request.body, requestContext(request));
      return reply.status(201).send({ detail: 'Verification e-mail sent. Please check your inbox to activate your account.' });
    },
  );

  app.post(
    p(AUTH_PATHS.socialSignupIdentity),
    {
      ...limited,
      config: { ...publicRoute, ...limited.config },
      schema: {
        tags,
        summary: 'Who a Google id_token names, for the social sign-up form; 409 when the e-mail already has an account',
        body: socialIdentityBodySchema,
        response: { 200: socialIdentitySchema, ...errorResponses(401, 409, 503) },
      },
    },
    async (request) => socialSignup.identity(request.body.id_token),
  );

  app.post(
    p(AUTH_PATHS.socialSignup),
    {
      ...limited,
      config: { ...publicRoute, ...limited.config },
      schema: {
        tags,
        summary: 'Sign up a new organisation whose owner is the Google identity of the id_token, active at once; answers a session',
        body: socialSignupBodySchema,
        response: { 201: sessionSchema, ...errorResponses(401, 409, 503) },
      },
    },
    async (request, reply) => {
      const session = await socialSignup.signUp(request.body, requestContext(request));
      return reply.status(201).send(answer(request, reply, session, request.body.remember));
    },
  );

  app.post(
    p(AUTH_PATHS.activate),
    {
      ...limited,
      config: { ...publicRoute, ...limited.config },
      schema: {
        tags,
        summary: 'Activate an account from its e-mailed link',
        body: activationBodySchema,
        response: { 200: detailSchema, ...errorResponses(503) },
      },
    },
    async (request) => {
      await account.activate(request.body, requestContext(request));
      return { detail: 'Your account is active. You can log in now.' };
    },
  );

  app.post(
    p(AUTH_PATHS.passwordReset),
    {
      ...limited,
      config: { ...publicRoute, ...limited.config },
      schema: { tags, summary: 'E-mail a password reset link', body: passwordResetBodySchema, response: { 200: detailSchema, ...errorResponses(503) } },
    },
    async (request) => {
      await account.requestPasswordReset(request.body.email);
      return { detail: 'If an account exists for this e-mail, a reset link has been sent.' };
    },
  );

  app.post(
    p(AUTH_PATHS.passwordResetConfirm),
    {
      ...limited,
      config: { ...publicRoute, ...limited.config },
      schema: {
        tags,
        summary: 'Set a new password from a reset link',
        body: passwordResetConfirmBodySchema,
        response: { 200: detailSchema, ...errorResponses(503) },
      },
    },
    async (request) => {
      await account.confirmPasswordReset(request.body, requestContext(request));
      return { detail: 'Your password has been reset. You can log in now.' };
    },
  );

  app.get(
    p(AUTH_PATHS.loginOptions),
    {
      config: publicRoute,
      schema: { tags, summary: 'Which sign-in methods the login page offers', response: { 200: loginOptionsSchema } },
    },
    async () => ({
      google: config.google ? { client_id: config.google.clientId, authorization_endpoint: config.google.authUrl } : null,
    }),
  );

  // The signed-in user's own account: password, client downloads, two-factor.
  await app.register(signedInRoutes, { account, twoFactor: options.twoFactor, config });
};
