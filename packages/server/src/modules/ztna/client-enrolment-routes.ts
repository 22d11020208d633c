import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZTNA_PATHS, clientEnrolmentBodySchema, clientEnrolmentSchema } from '@netloom/domain';
import { access, actorOf } from '../../http/access';
import { errorResponses } from '../../http/openapi';
import type { ClientEnrolmentService } from './client-enrolment-service';
import { doc, p, querystring } from './route-kit';

/** Any member may enrol their own device, a guest-user above all: the client is what a guest uses. */
const anyMember = access(
  () => true,
  (request) => (request.query as { tenant_id?: string } | undefined)?.tenant_id,
);

/** A signed-in person asking again and again would only fill the key list: a few a minute is plenty. */
const perMinute = { rateLimit: { max: 10, timeWindow: '1 minute' } };

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
