import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { ORG_PATHS, profileBodySchema, userSchema } from '@netloom/domain';
import type { Services } from '../../services';
import { errors } from '../../http/errors';
import { recordAudit } from '../audit/repo';
import { findUserById, updateUser } from '../auth/repo';
import { toUserDto } from '../auth/sessions';
import { errorResponses } from '../../http/openapi';

const tags = ['profile'];
const security = [{ bearerAuth: [] }];
const p = (path: string) => `/${path}`;

/** The caller's own profile; password change and 2FA are the auth module's calls. */
export const profileRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db } = services;
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.addHook('onRequest', services.requireAuth);

  api.get(p(ORG_PATHS.profile), {
    schema: { tags, security, summary: 'The current user’s profile', response: { 200: userSchema, ...errorResponses(404) } },
  }, async (request) => toUserDto(request.principal!.user, request.principal!.memberships));

  api.put(p(ORG_PATHS.profile), {
    schema: { tags, security, summary: 'Change names, company and time zone (null: the browser’s)', body: profileBodySchema, response: { 200: userSchema, ...errorResponses(404) } },
  }, async (request) => {
    const { user, memberships } = request.principal!;
    const b = request.body;
    const patch = {
      ...(b.first_name !== undefined ? { firstName: b.first_name } : {}),
      ...(b.last_name !== undefined ? { lastName: b.last_name } : {}),
      ...(b.company_name !== undefined ? { companyName: b.company_name } : {}),
      ...(b.timezone !== undefined ? { timezone: b.timezone } : {}),
    };
    if (Object.keys(patch).length) {
      const before = Object.fromEntries(Object.keys(patch).map((k) => [k, user[k as keyof typeof patch]]));
      await db.transaction(async (tx) => {
        await updateUser(tx, user.id, patch);
        await recordAudit(tx, {
          tenantId: memberships[0]?.tenantId ?? null,
          actorId: user.id,
          actorEmail: user.email,
          action: 'profile.updated',
          target: user.email,
          details: { before, after: patch },
          ip: request.ip,
        });
      });
      await services.sessionEvents.userChanged(user.id);
    }
    const fresh = await findUserById(db, user.id);
    if (!fresh) throw errors.notFound();
    return toUserDto(fresh, memberships);
  });
};
