import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { assistantReplySchema } from '@netloom/domain';
import { bearer, build, login, testBackends, type TestApp } from '../../test/build';
import { loadConfig } from '../../config';

/**
 * The language-model engine against a local server that speaks the chat-completions wire format
 * (no model can be downloaded here): plain and streamed answers, a round of look-ups, answers that
 * are not JSON or not a policy, an endpoint that does not answer in time. Whatever the model does,
 * the admin gets a draft checked like the built-in engine's, or the built-in engine's own reading.
 */

interface Seen {
  headers: IncomingMessage['headers'];
  body: {
    model: string;
    stream?: boolean;
    max_tokens?: number;
    messages: { role: string; content: string | null; tool_call_id?: string }[];
    tools?: { function: { name: string } }[];
    response_format?: { type: string; json_schema: { name: string; schema: { properties: Record<string, unknown> } } };
  };
}
type ToolCall = { id: string; name: string; arguments: string };
/** What the fake model answers to one call: a message's content, tool calls, an HTTP error, or nothing (it hangs). */
type Turn = { content: string } | { tools: ToolCall[] } | { status: number } | 'hang';

const KEY = 'sk-test-0123456789abcdef-secret';

/** A chat-completions endpoint on 127.0.0.1 that plays the turns it is given, in order, and records every call. */
async function fakeModel() {
  const seen: Seen[] = [];
  let turns: Turn[] = [];
  const hung: ServerResponse[] = [];
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const body = JSON.parse(raw) as Seen['body'];
      seen.push({ headers: req.headers, body });
      const turn = turns.shift() ?? { status: 500 };
      if (req.url !== '/v1/chat/completions') return void res.writeHead(404).end();
      if (turn === 'hang') return void hung.push(res);
      if ('status' in turn) return void res.writeHead(turn.status, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'down' } }));
      const base = { id: 'chatcmpl-1', created: 1_700_000_000, model: body.model };
      const toolCalls =
        'tools' in turn ? turn.tools.map((t) => ({ id: t.id, type: 'function', function: { name: t.name, arguments: t.arguments } })) : undefined;
      const finish = toolCalls ? 'tool_calls' : 'stop';
      if (!body.stream) {
        const message = { role: 'assistant', content: 'content' in turn ? turn.content : null, refusal: null, ...(toolCalls ? { tool_calls: toolCalls } : {}) };
        return void res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ ...base, object: 'chat.completion', choices: [{ index: 0, message, finish_reason: finish, logprobs: null }] }));
      }
      // Server-sent events, as OpenAI, vLLM, llama.cpp and Ollama stream: the content (or each tool
      // call's arguments) in pieces, the finish reason in the last chunk, then [DONE].
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const chunk = (delta: object, finish_reason: string | null = null) =>
        res.write(`data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason, logprobs: null }] })}\n\n`);
      chunk({ role: 'assistant', content: '' });
      if ('content' in turn) for (const piece of turn.content.match(/[\s\S]{1,17}/g) ?? []) chunk({ content: piece });
      for (const [index, t] of ('tools' in turn ? turn.tools : []).entries()) {
        chunk({ tool_calls: [{ index, id: t.id, type: 'function', function: { name: t.name, arguments: '' } }] });
        for (const piece of t.arguments.match(/[\s\S]{1,5}/g) ?? []) chunk({ tool_calls: [{ index, function: { arguments: piece } }] });
      }
      chunk({}, finish);
      res.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    seen,
    play: (next: Turn[]) => {
      turns = next;
      seen.length = 0;
    },
    close: async () => {
      for (const res of hung) res.destroy();
      await new Promise((r) => server.close(r));
    },
  };
}

describe.each([
  { stream: false, apiKey: KEY },
  { stream: true, apiKey: null },
])('the assistant with a language model (streaming: $stream)', ({ stream, apiKey }) => {
  const backend = testBackends('pglite')[0]!;
  let t: TestApp;
  let model: Awaited<ReturnType<typeof fakeModel>>;
  const logs: string[] = [];
  const tokens: Record<string, string> = {};
  const groups: Record<string, string> = {};
  const everyBodySent: string[] = [];

  beforeAll(async () => {
    model = await fakeModel();
    t = await build(
      backend,
      (c) => ({
        ...c,
        logLevel: 'warn',
        assistant: { model: { baseUrl: model.url, model: 'test-model', apiKey, timeoutMs: 1_500, maxTokens: 700, stream } },
      }),
      undefined,
      { logStream: { write: (line) => void logs.push(line) } },
    );
    for (const who of ['owner@acme.test', 'admin@acme.test', 'editor@acme.test', 'owner@globex.test']) tokens[who] = (await login(t.app, who)).access;
    for (const [who, name] of [
      ['owner@acme.test', 'Sales EMEA'],
      ['owner@acme.test', 'Sales US'],
      ['owner@acme.test', 'Finance'],
      ['owner@globex.test', 'Globex Secret Lab'],
    ] as const) {
      const res = await call(who, 'POST', 'teams/groups/', { name });
      groups[name] = res.json().id;
    }
  });
  beforeEach(() => {
    everyBodySent.push(...model.seen.map((s) => JSON.stringify(s.body)));
  });
  afterAll(async () => {
    await t.close();
    await model.close();
  });

  function call(who: string, method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = {}) {
    return t.app.inject({ method, url: `/api/v1/${url}`, headers: { ...bearer(tokens[who]!), ...headers }, ...(payload ? { payload } : {}) });
  }
  const ask = async (prompt: string, who = 'editor@acme.test', agent_type = 'webfilter') => {
    const res = await call(who, 'POST', 'assistant/', { prompt, agent_type });
    expect(res.statusCode, res.body).toBe(200);
    return assistantReplySchema.parse(res.json());
  };
  const policy = (over: object) => ({
    question: null,
    payload: { name: 'No gambling for Finance', action: 'block', blocked_categories: ['gambling'], ...over },
  });

  it('drafts from the model’s JSON answer, in the forms’ own schema, and the form’s API takes it as it is', async () => {
    model.play([{ content: JSON.stringify(policy({ applies_to: { groups: [groups.Finance] } })) }]);
    const reply = await ask('no betting for the finance team please');
    expect(reply).toMatchObject({
      engine: 'model',
      text: 'Here is the web-filter policy I will create. Check it, then confirm.',
      final_payload: { name: 'No gambling for Finance', action: 'block', blocked_categories: ['gambling'], applies_to: { groups: [groups.Finance] } },
      validation_errors: [],
    });
    expect(reply.summary).toEqual(['Block: Gambling', 'For: group Finance', 'When: always']);

    // What was sent: the configured model, bounded in tokens, the
    // answer's JSON schema made from the policy form's zod schema, the look-ups of the tenant's names.
    const [sent] = model.seen;
    expect(model.seen).toHaveLength(1);
    // The key as a bearer token; without one (a local server), no Authorization header at all.
    expect(sent!.headers.authorization).toBe(apiKey ? `Bearer ${KEY}` : undefined);
    expect(sent!.body).toMatchObject({ model: 'test-model', max_tokens: 700, ...(stream ? { stream: true } : {}) });
    expect(sent!.body.messages.at(-1)).toEqual({ role: 'user', content: 'no betting for the finance team please' });
    const schema = JSON.stringify(sent!.body.response_format);
    expect(sent!.body.response_format).toMatchObject({ type: 'json_schema', json_schema: { name: 'webfilter_policy_draft' } });
    for (const field of ['applies_to', 'blocked_categories', 'allowed_urls', 'schedule', '"gambling"', 'social-networking']) expect(schema).toContain(field);
    expect(sent!.body.tools!.map((x) => x.function.name)).toEqual([
      'list_groups',
      'list_users',
      'list_endpoints',
      'list_device_groups',
      'list_categories',
      'list_applications',
    ]);

    const created = await call('editor@acme.test', 'POST', 'tenant/config/webfilter-policy/', reply.final_payload!, { 'x-assistant-draft': reply.draft_id! });
    expect(created.statusCode, created.body).toBe(201);
  });

  it('looks the tenant’s names up through its tools, and is given only that tenant’s', async () => {
    const lookups = ['list_groups', 'list_users', 'list_endpoints', 'list_device_groups'].map((name, i) => ({ id: `call_${i}`, name, arguments: '{}' }));
    model.play([
      { tools: [{ id: 'call_s', name: 'list_groups', arguments: '{"query":"sales"}' }] },
      { tools: lookups },
      {
        content: JSON.stringify(
          policy({ name: 'No social for Sales US', blocked_categories: ['social-networking'], applies_to: { groups: [groups['Sales US']] } }),
        ),
      },
    ]);
    const reply = await ask('block social media for the US sales team', 'admin@acme.test');
    expect(reply).toMatchObject({ engine: 'model', final_payload: { applies_to: { groups: [groups['Sales US']] } } });
    expect(reply.summary[1]).toBe('For: group Sales US');

    expect(model.seen).toHaveLength(3);
    const answered = model.seen[1]!.body.messages.filter((m) => m.role === 'tool');
    expect(answered.map((m) => m.tool_call_id)).toEqual(['call_s']);
    expect(JSON.parse(answered[0]!.content!)).toEqual([
      { id: groups['Sales EMEA'], name: 'Sales EMEA' },
      { id: groups['Sales US'], name: 'Sales US' },
    ]);
    const all = model.seen[2]!.body.messages.filter((m) => m.role === 'tool');
    expect(all.map((m) => m.tool_call_id)).toEqual(['call_s', 'call_0', 'call_1', 'call_2', 'call_3']);
    const users = JSON.parse(all[2]!.content!) as { id: string }[];
    expect(users.map((u) => u.id)).toContain('owner@acme.test');
    expect(JSON.stringify(all)).toContain('Finance');
    everyBodySent.push(...model.seen.map((s) => JSON.stringify(s.body)));
  });

  it('asks back what the model asks', async () => {
    model.play([{ content: JSON.stringify({ question: 'Which group: Sales EMEA or Sales US?', payload: null }) }]);
    expect(await ask('block gambling for sales', 'owner@acme.test')).toMatchObject({
      engine: 'model',
      text: 'Which group: Sales EMEA or Sales US?',
      final_payload: null,
      draft_id: null,
    });
  });

  it('falls back to the built-in engine, and says so, when the answer is not JSON', async () => {
    model.play([{ content: 'Sure! I have blocked gambling for Finance.' }]);
    const reply = await ask('block gambling for Finance');
    expect(reply.engine).toBe('built-in');
    expect(reply.text).toBe(
      "The language model did not answer (its answer was not JSON); this is the built-in assistant's reading. Here is the web-filter policy I will create. Check it, then confirm.",
    );
    expect(reply.final_payload).toMatchObject({ blocked_categories: ['gambling'], applies_to: { groups: [groups.Finance] } });
  });

  it('never drafts what fails the form’s schema, nor a name that is not the tenant’s', async () => {
    model.play([{ content: JSON.stringify(policy({ applies_to: { groups: [groups.Finance] }, blocked_categories: ['knitting patterns'] })) }]);
    const bad = await ask('block gambling for Finance', 'owner@acme.test');
    expect(bad.engine).toBe('built-in');
    expect(bad.text).toMatch(
      /^The language model did not answer \(its answer did not pass the form's checks: payload\.blocked_categories\.0: Unknown category\)/,
    );

    // Another tenant's group, however the model came by its id, is never drafted.
    model.play([{ content: JSON.stringify(policy({ applies_to: { groups: [groups['Globex Secret Lab']] } })) }]);
    const foreign = await ask('block gambling for Finance', 'admin@acme.test');
    expect(foreign.engine).toBe('built-in');
    expect(foreign.text).toContain(`(its answer did not pass the form's checks: Unknown group: ${groups['Globex Secret Lab']})`);
    expect(foreign.final_payload).toMatchObject({ applies_to: { groups: [groups.Finance] } });

    model.play([{ content: JSON.stringify({ question: null, payload: null }) }]);
    expect((await ask('block gambling for Finance', 'admin@acme.test')).text).toMatch(/^The language model did not answer \(its answer did not pass/);
  });

  it('falls back when the endpoint does not answer in time, fails, or keeps looking names up', async () => {
    model.play(['hang']);
    const started = Date.now();
    const late = await ask('block gambling for Finance', 'owner@acme.test');
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(late.engine).toBe('built-in');
    expect(late.text).toMatch(/^The language model did not answer \(no answer within 1\.5 s\); this is the built-in assistant's reading\. Here is/);
    expect(late.final_payload).not.toBeNull();

    model.play([{ status: 500 }]);
    expect((await ask('block gambling for Finance', 'editor@acme.test')).text).toMatch(/^The language model did not answer \(the endpoint answered HTTP 500\)/);

    const again = { tools: [{ id: 'call_x', name: 'list_groups', arguments: '{}' }] };
    model.play([again, again, again, again, again, again, again]);
    const looping = await ask('block gambling for Sales', 'admin@acme.test');
    expect(model.seen).toHaveLength(5);
    // The built-in engine's own question, after the reason.
    expect(looping).toMatchObject({
      engine: 'built-in',
      final_payload: null,
      text: "The language model did not answer (it asked for more than 4 rounds of look-ups); this is the built-in assistant's reading. Which group: Sales EMEA or Sales US?",
    });
  });

  it('reads endpoint-profile requests with the zero-trust look-ups and the profile form’s schema', async () => {
    model.play([
      {
        content: JSON.stringify({
          question: null,
          payload: { name: 'Finance manual', kind: 'classic', auto_connect: false, assigned: { groups: [groups.Finance], endpoints: [] } },
        }),
      },
    ]);
    const reply = await ask('finance laptops should connect only when asked', 'owner@acme.test', 'mza_profile');
    expect(reply).toMatchObject({ engine: 'model', final_payload: { name: 'Finance manual', auto_connect: false, assigned: { groups: [groups.Finance] } } });
    expect(reply.summary).toContain('Connects: when the user asks');
    const [sent] = model.seen;
    expect(sent!.body.response_format!.json_schema.name).toBe('endpoint_profile_draft');
    expect(JSON.stringify(sent!.body.response_format)).toContain('split_tunnel');
    expect(sent!.body.tools!.map((x) => x.function.name)).toEqual(['list_groups', 'list_endpoints', 'list_relays', 'list_servers']);
    const created = await call('owner@acme.test', 'POST', 'tenant/ztna/profiles/', reply.final_payload!);
    expect(created.statusCode, created.body).toBe(201);
  });

  it('never sends another tenant’s names to the model, and never logs the key', () => {
    everyBodySent.push(...model.seen.map((s) => JSON.stringify(s.body)));
    expect(everyBodySent.length).toBeGreaterThan(10);
    for (const body of everyBodySent) {
      expect(body).not.toContain('Globex Secret Lab');
      expect(body).not.toContain('globex.test');
    }
    const warnings = logs.filter((l) => l.includes('the language model did not answer'));
    expect(warnings.length).toBeGreaterThanOrEqual(5);
    expect(warnings.some((l) => l.includes('no answer within'))).toBe(true);
    expect(logs.join('\n')).not.toContain(KEY);
  });
});

describe('the language model’s settings', () => {
  it('are read from the environment, the model named with the endpoint, the key never required', () => {
    expect(loadConfig({}).assistant.model).toBeNull();
    expect(
      loadConfig({ ASSISTANT_BASE_URL: 'http://127.0.0.1:11434/v1/', ASSISTANT_MODEL: 'qwen2.5:7b', ASSISTANT_TIMEOUT_MS: '5000', ASSISTANT_STREAM: '1' })
        .assistant.model,
    ).toEqual({ baseUrl: 'http://127.0.0.1:11434/v1', model: 'qwen2.5:7b', apiKey: null, timeoutMs: 5000, maxTokens: 2048, stream: true });
    expect(
      loadConfig({ ASSISTANT_BASE_URL: 'https://api.openai.com/v1', ASSISTANT_MODEL: 'gpt-4o-mini', ASSISTANT_API_KEY: KEY }).assistant.model,
    ).toMatchObject({
      apiKey: KEY,
      timeoutMs: 20_000,
      stream: false,
    });
    expect(() => loadConfig({ ASSISTANT_BASE_URL: 'http://127.0.0.1:11434/v1' })).toThrow(/ASSISTANT_MODEL/);
  });
});
