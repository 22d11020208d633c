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
import type { Services } from '../../services';
import { errorResponses } from '../../http/openapi';

import { clearRefreshCookie, deliverRefresh, presentedRefresh, requestContext } from './transport';
import { signedInRoutes } from './signed-in-routes';

const p = (path: string) => `/${path}`;
const tags = ['auth'];

export const authRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  // Only these routes read or set the refresh cookie; elsewhere its hooks would only cost time.
  await app.register(cookie);
  const { login, sessions, account, socialSignup, config } = services;
  const secure = config.cookieSecure;
  const limited = { rateLimit: { max: config.loginLimits.ipPerMinute, timeWindow: '1 minute' } };

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
      config: limited,
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
      config: limited,
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
      config: limited,
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
      config: limited,
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
      config: limited,
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
      config: limited,
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
      config: limited,
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
      config: limited,
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
      config: limited,
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
      schema: { tags, summary: 'Which sign-in methods the login page offers', response: { 200: loginOptionsSchema } },
    },
    async () => ({
      google: config.google ? { client_id: config.google.clientId, authorization_endpoint: config.google.authUrl } : null,
    }),
  );

  // The signed-in user's own account: password, client downloads, two-factor.
  await app.register(signedInRoutes, { services });
};
