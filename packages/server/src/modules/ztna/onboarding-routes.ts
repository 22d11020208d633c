import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZTNA_PATHS, createdEnrolmentKeySchema, enrolmentKeyInputSchema, enrolmentKeyRowSchema, inviteRowSchema, ztnaInviteBodySchema } from '@netloom/domain';
import { actorOf } from '../../http/access';
import { errorResponses } from '../../http/openapi';
import type { OnboardingService } from './onboarding-service';
import { idParams, p, writeErrors } from '../../http/route-kit';
import { doc, manage, querystring, read } from './route-access';

/** Onboarding of clients: enrolment keys and invitations. */
export const onboardingRoutes: FastifyPluginAsyncZod<{ onboarding: OnboardingService }> = async (app, { onboarding }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    p(ZTNA_PATHS.enrolmentKeys),
    {
      config: read,
      schema: { ...doc('The enrolment keys (never the keys themselves), newest first'), querystring, response: { 200: z.array(enrolmentKeyRowSchema) } },
    },
    async (request) => onboarding.listKeys(actorOf(request)),
  );
  api.post(
    p(ZTNA_PATHS.enrolmentKeys),
    {
      config: manage,
      schema: {
        ...doc('Create an enrolment key; the answer holds the key, shown this once'),
        querystring,
        body: enrolmentKeyInputSchema,
        response: { 201: createdEnrolmentKeySchema, ...writeErrors },
      },
    },
    async (request, reply) => reply.status(201).send(await onboarding.createKey(actorOf(request), request.body)),
  );
  api.post(
    p(ZTNA_PATHS.revokeKey(':id')),
    {
      config: manage,
      schema: {
        ...doc('Revoke an enrolment key: no client enrols with it any more'),
        params: idParams,
        querystring,
        response: { 200: enrolmentKeyRowSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => onboarding.revokeKey(actorOf(request), request.params.id),
  );
  api.delete(
    p(ZTNA_PATHS.enrolmentKey(':id')),
    {
      config: manage,
      schema: {
        ...doc('Delete an enrolment key (and its invitations); the clients it enrolled stay'),
        params: idParams,
        querystring,
        response: { 204: z.null(), ...errorResponses(403, 404) },
      },
    },
    async (request, reply) => {
      await onboarding.deleteKey(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  api.get(
    p(ZTNA_PATHS.invites),
    {
      config: read,
      schema: { ...doc('The invitations, newest first, with the device each enrolled'), querystring, response: { 200: z.array(inviteRowSchema) } },
    },
    async (request) => onboarding.listInvites(actorOf(request)),
  );
  api.post(
    p(ZTNA_PATHS.invites),
    {
      config: manage,
      schema: {
        ...doc('Invite users by e-mail: each gets the client downloads and a single-use key of their own'),
        querystring,
        body: ztnaInviteBodySchema,
        response: { 201: z.array(inviteRowSchema), ...writeErrors },
      },
    },
    async (request, reply) => reply.status(201).send(await onboarding.invite(actorOf(request), request.body)),
  );
};
