import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import { z } from 'zod';
import '@fastify/cookie';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  SSO_PATHS,
  redirectUrlBodySchema,
  redirectUrlSchema,
  samlAcsBodySchema,
  samlEnabledSchema,
  sessionSchema,
  ssoCompleteBodySchema,
  userDomainBodySchema,
  userDomainSchema,
} from '@netloom/domain';
import type { Config } from '../../config';
import { errorResponses } from '../../http/openapi';
import { idParams, p, publicRoute, routeDocs } from '../../http/route-kit';
import { answeredAttemptsPerAddress, deliverRefresh, requestContext, type IssuedSession, type LoginLimiters } from '../auth/index';
import type { SsoSignInService } from './sign-in';

const { tags } = routeDocs('auth');

/** Binds a sign-in to the browser that started it: only that browser can finish it (no login CSRF). */
const BINDING_COOKIE = 'netloom_sso';
const BINDING_PATH = '/api/v1/auth/sso/';

/** What the composition root hands this plugin. */
export interface SsoSignInRoutesOptions {
  ssoSignIn: SsoSignInService<IssuedSession>;
  loginLimiters: LoginLimiters;
  config: Pick<Config, 'cookieSecure'>;
}

/** The login page's SSO calls, answered without a session. */
export const ssoSignInRoutes: FastifyPluginAsyncZod<SsoSignInRoutesOptions> = async (app, { ssoSignIn, loginLimiters, config }) => {
  await app.register(cookie);
  const limited = answeredAttemptsPerAddress(loginLimiters.address);
  const secure = config.cookieSecure;

  app.post(
    p(SSO_PATHS.userDomain),
    {
      ...limited,
      config: { ...publicRoute, ...limited.config },
      schema: {
        tags,
        summary: "Whether the e-mail's domain signs in with single sign-on, and whether passwords are refused for it",
        body: userDomainBodySchema,
        response: { 200: userDomainSchema, ...errorResponses(503) },
      },
    },
    async (request) => ssoSignIn.userDomain(request.body.email),
  );

  app.post(
    p(SSO_PATHS.samlEnabled),
    {
      ...limited,
      config: { ...publicRoute, ...limited.config },
      schema: {
        tags,
        summary: "Whether the e-mail's domain signs in with a SAML 2.0 identity provider (the sign-in itself starts at redirect-url)",
        body: userDomainBodySchema,
        response: { 200: samlEnabledSchema, ...errorResponses(503) },
      },
    },
    async (request) => ssoSignIn.samlEnabled(request.body.email),
  );

  app.get(
    p(SSO_PATHS.samlMetadata(':id')),
    {
      config: { ...publicRoute, files: ['application/samlmetadata+xml'] },
      schema: {
        tags,
        summary: "Netloom's SAML 2.0 service provider metadata for one provider: its entity id and assertion consumer service, for the IdP",
        params: idParams,
        response: { 200: z.unknown().describe('The SP metadata (application/samlmetadata+xml)'), ...errorResponses(404, 503) },
      },
    },
    async (request, reply) => reply.type('application/samlmetadata+xml; charset=utf-8').send(await ssoSignIn.samlMetadata(request.params.id)),
  );

  // The IdP's answer comes as an HTML form post: only this route reads form bodies.
  await app.register(async (acs) => {
    await acs.register(formbody, { bodyLimit: 1_048_576 });
    acs.withTypeProvider<ZodTypeProvider>().post(
      p(SSO_PATHS.samlAcs(':id')),
      {
        ...limited,
        config: { ...publicRoute, ...limited.config },
        schema: {
          tags,
          summary: "SAML 2.0 assertion consumer service: the IdP's POSTed SAMLResponse, verified; answers 303 to the console page that finishes the sign-in",
          consumes: ['application/x-www-form-urlencoded'],
          params: idParams,
          body: samlAcsBodySchema,
          response: { 303: z.null().describe('To the console page that finishes the sign-in (Location)'), ...errorResponses(404, 503) },
        },
      },
      async (request, reply) => {
        const to = await ssoSignIn.samlAnswer(request.params.id, request.body, requestContext(request));
        return reply.status(303).header('location', to).header('cache-control', 'no-store').send(null);
      },
    );
  });

  app.post(
    p(SSO_PATHS.redirectUrl),
    {
      ...limited,
      config: { ...publicRoute, ...limited.config },
      schema: {
        tags,
        summary: "Where the browser goes to sign in with the e-mail's identity provider; 404 when its domain has none",
        body: redirectUrlBodySchema,
        response: { 200: redirectUrlSchema, ...errorResponses(404, 502, 503) },
      },
    },
    async (request, reply) => {
      const { redirectUrl, binding } = await ssoSignIn.redirectUrl(request.body);
      // Lax: the page that finishes is opened by the provider's redirect, from another site.
      reply.setCookie(BINDING_COOKIE, binding, { httpOnly: true, sameSite: 'lax', secure, path: BINDING_PATH, maxAge: 600 });
      return { redirect_url: redirectUrl };
    },
  );

  app.post(
    p(SSO_PATHS.complete),
    {
      ...limited,
      config: { ...publicRoute, ...limited.config },
      schema: {
        tags,
        summary: "Finish a single sign-on with the provider's answer (the callback's query string); answers a session",
        body: ssoCompleteBodySchema,
        response: { 200: sessionSchema, ...errorResponses(401, 502, 503) },
      },
    },
    async (request, reply) => {
      const binding = request.cookies[BINDING_COOKIE];
      reply.clearCookie(BINDING_COOKIE, { path: BINDING_PATH, httpOnly: true, sameSite: 'lax', secure });
      const { refresh, ...session } = await ssoSignIn.complete(request.body.params, binding, requestContext(request));
      return { ...session, ...deliverRefresh(request, reply, refresh, session.remember, secure) };
    },
  );
};
