import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { ORG_PATHS, profileBodySchema, userSchema } from '@netloom/domain';
import type { Services } from '../../services';

import { errorResponses } from '../../http/openapi';
import { toUserDto } from '../../identity/dto';

const tags = ['profile'];
const security = [{ bearerAuth: [] }];
const p = (path: string) => `/${path}`;

/** The caller's own profile; password change and 2FA are the auth module's calls. */
export const profileRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { profile } = services;
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.addHook('onRequest', services.requireAuth);

  api.get(
    p(ORG_PATHS.profile),
    {
      schema: { tags, security, summary: 'The current user’s profile', response: { 200: userSchema, ...errorResponses(404) } },
    },
    async (request) => toUserDto(request.principal!.user, request.principal!.memberships),
  );

  api.put(
    p(ORG_PATHS.profile),
    {
      schema: {
        tags,
        security,
        summary: 'Change names, company and time zone (null: the browser’s)',
        body: profileBodySchema,
        response: { 200: userSchema, ...errorResponses(404) },
      },
    },
    async (request) => toUserDto(await profile.update(request.principal!, request.ip, request.body), request.principal!.memberships),
  );
};
