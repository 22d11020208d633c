import type { FastifyRequest, onSendAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ASSISTANT_DRAFT_HEADER,
  ASSISTANT_LIMITS,
  ASSISTANT_PATH,
  WEBFILTER_PATHS,
  ZTNA_PATHS,
  assistantReplySchema,
  assistantRequestSchema,
  type AssistantAgentType,
} from '@netloom/domain';
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

/** The forms' API calls that make what the assistant drafts, by the route they are. */
const DRAFTED: [string, AssistantAgentType][] = [
  [`/${WEBFILTER_PATHS.policies}`, 'webfilter'],
  [`/${ZTNA_PATHS.profiles}`, 'mza_profile'],
];

/**
 * An API-wide onSend hook: a policy or profile made from a request carrying the assistant's
 * `X-Assistant-Draft` header is audited as made through the assistant (when its body is the draft
 * unchanged). It never changes or fails the answer.
 */
export function assistantDraftHook(assistant: AssistantService): onSendAsyncHookHandler {
  return async (request, reply, payload) => {
    const draftId = request.headers[ASSISTANT_DRAFT_HEADER];
    if (typeof draftId !== 'string' || request.method !== 'POST' || reply.statusCode !== 201 || !request.actor) return payload;
    const route = request.routeOptions.url ?? '';
    const agentType = DRAFTED.find(([path]) => route.endsWith(path))?.[1];
    if (!agentType || !/^[0-9a-f-]{36}$/i.test(draftId)) return payload;
    try {
      const created = typeof payload === 'string' ? (JSON.parse(payload) as { id?: string; name?: string }) : {};
      await assistant.made(request.actor, draftId, agentType, request.body, created);
    } catch (err) {
      request.log.warn({ err }, 'assistant: what was made could not be audited as the assistant’s');
    }
    return payload;
  };
}
