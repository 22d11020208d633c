import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { ASSISTANT_LIMITS, ASSISTANT_PATH, assistantReplySchema, assistantRequestSchema } from '@netloom/domain';
import { access, actorOf, tenantFromBody } from '../../http/access';
import { errorResponses } from '../../http/openapi';
import { p, routeDocs } from '../../http/route-kit';
import type { AssistantService } from './service';

const { tags, security } = routeDocs('assistant');

/** What the assistant drafts are policies and profiles: those who write configuration ask it. */
const writers = access('write', tenantFromBody);
/** Per person, counted after sign-in: reading a request costs more than a form's call. */
const perUser = {
  rateLimit: {
    max: ASSISTANT_LIMITS.requestsPerMinute,
    timeWindow: '1 minute',
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) => `assistant|${request.principal?.user.id ?? request.ip}`,
  },
};

export interface AssistantRoutesOptions {
  assistant: AssistantService;
}

/** The chatbot's call: a described request in, what it would make (or its question) out. */
export const assistantRoutes: FastifyPluginAsyncZod<AssistantRoutesOptions> = async (app, { assistant }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    p(ASSISTANT_PATH),
    {
      config: { ...writers, ...perUser },
      schema: {
        tags,
        security,
        summary: 'Read a described request into a web-filter policy or an endpoint profile to confirm, or the question to answer first; nothing is made',
        body: assistantRequestSchema,
        response: { 200: assistantReplySchema, ...errorResponses(403) },
      },
    },
    async (request) => assistant.ask(actorOf(request), request.body, request.principal!.user.timezone),
  );
};
