import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZTNA_PATHS, clientEnrolmentBodySchema, clientEnrolmentSchema } from '@netloom/domain';
import { access, actorOf } from '../../http/access';
import { errorResponses } from '../../http/openapi';
import { addressKey } from '../../http/socket-guard';
import type { ClientEnrolmentService } from './client-enrolment-service';
import { p } from '../../http/route-kit';
import { doc, querystring } from './route-access';

/** Any member may enrol their own device, a guest-user above all: the client is what a guest uses. */
const anyMember = access(
  () => true,
  (request) => (request.query as { tenant_id?: string } | undefined)?.tenant_id,
);

/**
 * A signed-in person asking again and again would only fill the key list: a few a minute is plenty.
 * Counted per address and account (the user, and the tenant a super admin names): everyone behind
 * one NAT (an office, a campus) signs their client in on a budget of their own.
 */
const perMinute = {
  rateLimit: {
    max: 10,
    timeWindow: '1 minute',
    // The route's onRequest hooks run after the plugin's authentication: the principal is known.
    keyGenerator: (request: FastifyRequest) =>
      `client-sign-in|${addressKey(request.ip)}|${request.principal?.user.id ?? ''}|${(request.query as { tenant_id?: string } | undefined)?.tenant_id ?? ''}`,
  },
};

export const clientEnrolmentRoutes: FastifyPluginAsyncZod<{ clientEnrolment: ClientEnrolmentService }> = async (app, { clientEnrolment }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    p(ZTNA_PATHS.clientEnrolment),
    {
      config: { ...anyMember, ...perMinute },
      schema: {
        ...doc(
          'MicroZAccess client sign-in: a single-use enrolment key for this device, valid for minutes; with a loopback redirect_uri, the address that hands it to the client',
        ),
        querystring,
        body: clientEnrolmentBodySchema,
        response: { 201: clientEnrolmentSchema, ...errorResponses(403, 404) },
      },
    },
    async (request, reply) => reply.status(201).send(await clientEnrolment.issue(actorOf(request), request.body)),
  );
};
