import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { ORG_PATHS, profileBodySchema, userSchema } from '@netloom/domain';

import { errorResponses } from '../../http/openapi';
import { toUserDto } from '../../identity/dto';
import { p, routeDocs } from '../../http/route-kit';
import type { ProfileService } from './service';

const { tags, security } = routeDocs('profile');

/** What the composition root hands this plugin. */
export interface ProfileRoutesOptions {
  profile: ProfileService;
}

/** The caller's own profile; password change and 2FA are the auth module's calls. */
export const profileRoutes: FastifyPluginAsyncZod<ProfileRoutesOptions> = async (app, { profile }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

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
