import cookie from '@fastify/cookie';
import '@fastify/cookie';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AUTH_PATHS,
  activationBodySchema,
  detailSchema,
  googleLoginBodySchema,
  loginBodySchema,
  loginOptionsSchema,
  loginResponseSchema,
  mzaPackagePathsSchema,
  passwordChangeBodySchema,
  passwordResetBodySchema,
  passwordResetConfirmBodySchema,
  refreshBodySchema,
  registrationBodySchema,
  rememberMeResponseSchema,
  sessionSchema,
  tokenPairSchema,
  twoFactorCodeBodySchema,
  twoFactorDisableBodySchema,
  twoFactorEnabledSchema,
  twoFactorLoginBodySchema,
  twoFactorSetupSchema,
  userSchema,
  MAC_INSTALLER_VERSION,
  REFRESH_COOKIE,
} from '@netloom/domain';
import type { Services } from '../../services';
import { errorResponses } from '../../http/openapi';

import { clearRefreshCookie, deliverRefresh, presentedRefresh, requestContext } from './transport';
import { toUserDto } from '../../identity/dto';

const p = (path: string) => `/${path}`;
const tags = ['auth'];

export const authRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  // Only these routes read or set the refresh cookie; elsewhere its hooks would only cost time.
  await app.register(cookie);
  const { login, sessions, account, twoFactor, config } = services;
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

  // Everything below needs a logged-in user.
  app.register(async (scope) => {
    const authed = scope.withTypeProvider<ZodTypeProvider>();
    authed.addHook('onRequest', services.requireAuth);
    const bearer = [{ bearerAuth: [] }];

    authed.get(
      p(AUTH_PATHS.me),
      {
        schema: { tags, summary: 'The current user', security: bearer, response: { 200: userSchema } },
      },
      async (request) => toUserDto(request.principal!.user, request.principal!.memberships),
    );

    authed.post(
      p(AUTH_PATHS.passwordChange),
      {
        schema: { tags, summary: 'Change the password', security: bearer, body: passwordChangeBodySchema, response: { 200: detailSchema } },
      },
      async (request) => {
        await account.changePassword(request.principal!, request.body, requestContext(request));
        return { detail: 'Password changed.' };
      },
    );

    authed.get(
      p(AUTH_PATHS.mzaPackagePaths),
      {
        schema: { tags, summary: 'Download paths of the MicroZAccess client', security: bearer, response: { 200: mzaPackagePathsSchema } },
      },
      async () => {
        const base = config.mzaPackageBaseUrl;
        return {
          detail: {
            Windows: `${base}/windows/MicroZAccess-setup.msi`,
            macOS: `${base}/macos/MicroZAccess-${MAC_INSTALLER_VERSION}-intel.pkg`,
            'macOS-arm': `${base}/macos/MicroZAccess-${MAC_INSTALLER_VERSION}-apple-chip.pkg`,
            'Linux-UI': `${base}/linux/microzaccess_amd64.deb`,
          },
        };
      },
    );

    authed.post(
      p(AUTH_PATHS.twoFactorSetup),
      {
        schema: { tags, summary: 'Start two-factor enrolment: a new TOTP secret', security: bearer, response: { 200: twoFactorSetupSchema } },
      },
      async (request) => twoFactor.beginTwoFactor(request.principal!.user),
    );

    authed.post(
      p(AUTH_PATHS.twoFactorEnable),
      {
        schema: {
          tags,
          summary: 'Confirm enrolment with a first code; answers 10 one-time recovery codes',
          security: bearer,
          body: twoFactorCodeBodySchema,
          response: { 200: twoFactorEnabledSchema, ...errorResponses(409) },
        },
      },
      async (request) => {
        const recovery = await twoFactor.enableTwoFactor(request.principal!, request.body.code, requestContext(request));
        return { detail: 'Two-factor authentication is on.', recovery_codes: recovery };
      },
    );

    authed.post(
      p(AUTH_PATHS.twoFactorDisable),
      {
        schema: {
          tags,
          summary: 'Turn two-factor authentication off (TOTP or recovery code)',
          security: bearer,
          body: twoFactorDisableBodySchema,
          response: { 200: detailSchema },
        },
      },
      async (request) => {
        await twoFactor.disableTwoFactor(request.principal!, request.body.code, requestContext(request));
        return { detail: 'Two-factor authentication is off.' };
      },
    );
  });
};
