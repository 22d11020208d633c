import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import type { ChatCompletion, ChatCompletionCreateParamsNonStreaming, ChatCompletionMessageParam, ChatCompletionTool } from 'openai/resources/chat/completions';
import type { FastifyBaseLogger } from 'fastify';
import { WEB_APPLICATIONS, WEB_CATEGORIES, checkModelAnswer, modelAnswerJsonSchema } from '@netloom/domain';
import type { AssistantModelSettings } from '../../../config';
import type { AssistantEngine, AssistantQuery, EngineAnswer } from './engine';

/** Rounds of look-ups a model may ask for before it must answer; past them the built-in engine answers. */
const MAX_TOOL_ROUNDS = 4;
/** Names one look-up answers at most: a request names a few things, not a directory. */
const LOOKUP_LIMIT = 200;

/** Why the model's answer is not used, in words the admin reads. */
class ModelFailure extends Error {}

type Named = { id: string; name: string };
type Lookup = { name: string; description: string; items: (q: AssistantQuery) => Named[] };

/** The organisation's groups and endpoints: both kinds of draft name them. */
const groupsLookup: Lookup = {
  name: 'list_groups',
  description: "The organisation's user groups (teams): id and name",
  items: (q) => q.vocabulary.groups,
};
const endpointsLookup: Lookup = {
  name: 'list_endpoints',
  description: "The organisation's endpoints (ZTNA clients): id and name",
  items: (q) => q.vocabulary.endpoints,
};

/** The look-ups a model may call: the tenant's own names (and the category and application databases), nothing else. */
const LOOKUPS: Record<AssistantQuery['agentType'], Lookup[]> = {
  webfilter: [
    groupsLookup,
    {
      name: 'list_users',
      description: "The organisation's users: their e-mail (the id a policy names) and name",
      items: (q) => (q.agentType === 'webfilter' ? q.vocabulary.users.map((u) => ({ id: u.email, name: u.name })) : []),
    },
    endpointsLookup,
    {
      name: 'list_device_groups',
      description: "The organisation's device groups (networks of gateways, sites): id and name",
      items: (q) => (q.agentType === 'webfilter' ? q.vocabulary.deviceGroups : []),
    },
    { name: 'list_categories', description: 'The web category database: id and name', items: () => WEB_CATEGORIES.map((c) => ({ id: c.id, name: c.name })) },
    {
      name: 'list_applications',
      description: 'The web application database: id and name',
      items: () => WEB_APPLICATIONS.map((a) => ({ id: a.id, name: a.name })),
    },
  ],
  mza_profile: [
    groupsLookup,
    endpointsLookup,
    {
      name: 'list_relays',
      description: "The organisation's relays (overlay servers clients connect to): id, name and region",
      items: (q) => (q.agentType === 'mza_profile' ? q.vocabulary.relays.map((r) => ({ id: r.id, name: r.region ? `${r.name} (${r.region})` : r.name })) : []),
    },
    {
      name: 'list_servers',
      description: "The organisation's private servers a profile may offer: id and name",
      items: (q) => (q.agentType === 'mza_profile' ? q.vocabulary.servers : []),
    },
  ],
};

function toolsFor(agentType: AssistantQuery['agentType']): ChatCompletionTool[] {
  return LOOKUPS[agentType].map((l) => ({
    type: 'function',
    function: {
      name: l.name,
      description: `${l.description}. Optional query: part of a name to look for; without it, all of them.`,
      parameters: { type: 'object', properties: { query: { type: 'string', description: 'Part of a name, any case' } }, additionalProperties: false },
    },
  }));
}

function lookUp(q: AssistantQuery, name: string, args: string): string {
  const lookup = LOOKUPS[q.agentType].find((l) => l.name === name);
  if (!lookup) return JSON.stringify({ error: `No look-up called ${name}` });
  let query = '';
  try {
    const parsed = JSON.parse(args || '{}') as { query?: unknown };
    if (typeof parsed.query === 'string') query = parsed.query.trim().toLowerCase();
  } catch {
    // Arguments that are not JSON read as no query.
  }
  const items = lookup.items(q).filter((i) => !query || i.name.toLowerCase().includes(query) || i.id.toLowerCase().includes(query));
  return JSON.stringify(items.slice(0, LOOKUP_LIMIT));
}

function instructions(q: AssistantQuery): string {
  const what =
    q.agentType === 'webfilter'
      ? `a web-filter policy (who it applies to, the categories, applications and web addresses it blocks, allows or logs, its exceptions and schedule). A schedule's time zone is ${q.vocabulary.timeZone}; days are mon…sun, hours HH:MM, 24:00 for the end of a day. A policy with no schedule applies always.`
      : 'a MicroZAccess endpoint profile (its kind, relays, DNS, split tunnel, the servers it offers, whether it connects by itself, the groups and endpoints it is for).';
  return [
    `You are the assistant of Netloom, a network management console. You turn an administrator's request into ${what}`,
    'Answer with one JSON object that fits the response schema: either "payload" (exactly what the console will post, shown to the administrator before anything is made) with "question" null, or "question" (one short question) with "payload" null.',
    "Use the tools to find the ids of the organisation's names (a user's id is their e-mail); use only ids the tools gave. When a name fits several things, or nothing, ask which instead of guessing. Never add anything the request did not ask for.",
    'Give it a short name (at most 40 characters) unless the request names it.',
  ].join('\n');
}

const FENCE = /^\s*```(?:json)?\s*([\s\S]*?)\s*```\s*$/;

/** The reason an attempt failed, for the admin and the log: never the key, never the request's text. */
function reasonOf(err: unknown, timeoutMs: number): string {
  if (err instanceof ModelFailure) return err.message;
  if (err instanceof APIUserAbortError || err instanceof APIConnectionTimeoutError) return `no answer within ${Math.round(timeoutMs / 100) / 10} s`;
  if (err instanceof APIConnectionError) return 'the endpoint could not be reached';
  if (err instanceof APIError && err.status) return `the endpoint answered HTTP ${err.status}`;
  if (err instanceof SyntaxError) return 'its answer was not JSON';
  return 'its answer could not be read';
}

/**
 * A language model behind any OpenAI-compatible chat endpoint (Ollama, vLLM, llama.cpp's server,
 * OpenAI). It answers in the forms' own JSON schema and looks the tenant's names up through tools;
 * its answer is checked like any draft (the form's schema, the tenant's names) and a request is
 * bounded in tokens, time and look-up rounds. Whatever goes wrong, the built-in engine answers and
 * the reply says why.
 */
export class ModelEngine implements AssistantEngine {
  private readonly client: OpenAI;

  constructor(
    private readonly settings: AssistantModelSettings,
    private readonly fallback: AssistantEngine,
    private readonly log: FastifyBaseLogger,
  ) {
    this.client = new OpenAI({
      baseURL: settings.baseUrl,
      // The client needs a key; without one configured no Authorization header is sent at all.
      apiKey: settings.apiKey ?? 'unused',
      ...(settings.apiKey ? {} : { defaultHeaders: { Authorization: null } }),
      organization: null,
      project: null,
      maxRetries: 0,
      timeout: settings.timeoutMs,
      // The client's own debug log would print requests: it stays off whatever OPENAI_LOG says.
      logLevel: 'off',
    });
  }

  async read(q: AssistantQuery): Promise<EngineAnswer> {
    const started = Date.now();
    try {
      const checked = checkModelAnswer(q, await this.answer(q));
      if (checked.kind === 'invalid') throw new ModelFailure(`its answer did not pass the form's checks: ${checked.errors.join('; ')}`);
      return { reading: checked, engine: 'model' };
    } catch (err) {
      const reason = reasonOf(err, this.settings.timeoutMs);
      this.log.warn(
        { model: this.settings.model, reason, ms: Date.now() - started },
        'assistant: the language model did not answer; the built-in engine read the request',
      );
      const fallback = await this.fallback.read(q);
      return { ...fallback, note: `The language model did not answer (${reason}); this is the built-in assistant's reading.` };
    }
  }

  /** The model's JSON answer, after at most MAX_TOOL_ROUNDS rounds of look-ups, within the time allowed. */
  private async answer(q: AssistantQuery): Promise<unknown> {
    const signal = AbortSignal.timeout(this.settings.timeoutMs);
    const messages: ChatCompletionMessageParam[] = [
      { role: 'system', content: instructions(q) },
      { role: 'user', content: q.prompt },
    ];
    const params = {
      model: this.settings.model,
      max_tokens: this.settings.maxTokens,
      temperature: 0,
      tools: toolsFor(q.agentType),
      response_format: {
        type: 'json_schema' as const,
        json_schema: { name: q.agentType === 'webfilter' ? 'webfilter_policy_draft' : 'endpoint_profile_draft', schema: modelAnswerJsonSchema(q.agentType) },
      },
    };
    for (let round = 0; ; round++) {
      const completion = await this.complete({ ...params, messages }, signal);
      const choice = completion.choices[0];
      if (!choice) throw new ModelFailure('its answer was empty');
      const calls = (choice.message.tool_calls ?? []).filter((c) => c.type === 'function');
      if (calls.length) {
        if (round >= MAX_TOOL_ROUNDS) throw new ModelFailure(`it asked for more than ${MAX_TOOL_ROUNDS} rounds of look-ups`);
        messages.push({ role: 'assistant', content: choice.message.content ?? null, tool_calls: calls });
        for (const call of calls) messages.push({ role: 'tool', tool_call_id: call.id, content: lookUp(q, call.function.name, call.function.arguments) });
        continue;
      }
      if (choice.message.refusal) throw new ModelFailure('it refused the request');
      if (choice.finish_reason === 'length') throw new ModelFailure(`its answer was longer than the ${this.settings.maxTokens} tokens allowed`);
      const content = choice.message.content?.trim();
      if (!content) throw new ModelFailure('its answer was empty');
      try {
        return JSON.parse(FENCE.exec(content)?.[1] ?? content) as unknown;
      } catch {
        throw new ModelFailure('its answer was not JSON');
      }
    }
  }

  /** One chat completion, streamed (server-sent events, assembled by the client's stream helper) or not. */
  private async complete(params: ChatCompletionCreateParamsNonStreaming, signal: AbortSignal): Promise<ChatCompletion> {
    if (!this.settings.stream) return this.client.chat.completions.create(params, { signal });
    const stream = this.client.chat.completions.stream({ ...params, stream: true }, { signal });
    try {
      return await stream.finalChatCompletion();
    } catch (err) {
      // The helper reads a JSON-schema answer itself: an answer that is not JSON fails there.
      throw err instanceof SyntaxError ? new ModelFailure('its answer was not JSON') : err;
    }
  }
}
