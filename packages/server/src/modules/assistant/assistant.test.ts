import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assistantReplySchema } from '@netloom/domain';
import { bearer, build, login, testBackends, type TestApp } from '../../test/build';
import { enrolmentKey } from '../../test/agent-client';
import { eq } from 'drizzle-orm';
import { auditLog } from '../../db/schema/index';

describe.each(testBackends('pglite'))('the assistant on %s', (backend) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const groups: Record<string, string> = {};

  beforeAll(async () => {
    t = await build(backend);
    await enrolmentKey(t.app, 'Acme');
    for (const who of ['owner@acme.test', 'editor@acme.test', 'viewer@acme.test', 'owner@globex.test']) tokens[who] = (await login(t.app, who)).access;
    for (const [who, name] of [
      ['owner@acme.test', 'Sales EMEA'],
      ['owner@acme.test', 'Sales US'],
      ['owner@acme.test', 'Finance'],
      ['owner@globex.test', 'Globex Secret Lab'],
    ] as const) {
      groups[name] = (await call(who, 'POST', 'teams/groups/', { name })).json().id;
    }
  });
  afterAll(() => t.close());

  function call(who: string, method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = {}) {
    return t.app.inject({ method, url: `/api/v1/${url}`, headers: { ...bearer(tokens[who]!), ...headers }, ...(payload ? { payload } : {}) });
  }
  const madeByAssistant = () => t.app.services.db.select().from(auditLog).where(eq(auditLog.action, 'assistant.created'));
  const ask = async (prompt: string, agent_type = 'webfilter', who = 'editor@acme.test') => {
    const res = await call(who, 'POST', 'assistant/', { prompt, agent_type });
    expect(res.statusCode, res.body).toBe(200);
    return assistantReplySchema.parse(res.json());
  };

  it('drafts a web-filter policy from a sentence in the tenant’s own names, which the policy form’s API then takes as it is', async () => {
    const reply = await ask('block social networking and gambling for Sales EMEA on weekdays 9 to 5 except linkedin.com');
    expect(reply.engine).toBe('built-in');
    expect(reply.final_payload).toMatchObject({
      action: 'block',
      applies_to: { groups: [groups['Sales EMEA']] },
      blocked_categories: ['gambling', 'social-networking'],
      allowed_urls: ['linkedin.com'],
      schedule: { windows: [{ days: ['mon', 'tue', 'wed', 'thu', 'fri'], start: '09:00', end: '17:00' }] },
    });
    expect(reply.summary[1]).toBe('For: group Sales EMEA');
    const draft = { 'x-assistant-draft': reply.draft_id! };
    const created = await call('editor@acme.test', 'POST', 'tenant/config/webfilter-policy/', reply.final_payload!, draft);
    expect(created.statusCode, created.body).toBe(201);

    // Audited as made through the assistant by that person, with the prompt; once per draft.
    const audits = await madeByAssistant();
    expect(audits.map((a) => [a.actorEmail, a.target, a.details])).toEqual([
      [
        'editor@acme.test',
        created.json().name,
        {
          agent_type: 'webfilter',
          id: created.json().id,
          prompt: 'block social networking and gambling for Sales EMEA on weekdays 9 to 5 except linkedin.com',
          draft: reply.draft_id,
        },
      ],
    ]);
    const again = await call('editor@acme.test', 'POST', 'tenant/config/webfilter-policy/', { ...reply.final_payload!, name: 'Second copy' }, draft);
    expect(again.statusCode).toBe(201);
    expect(await madeByAssistant()).toHaveLength(1);
  });

  it('does not call a draft its own once the admin changed it', async () => {
    const reply = await ask('block dating for Finance');
    const changed = await call(
      'editor@acme.test',
      'POST',
      'tenant/config/webfilter-policy/',
      { ...reply.final_payload!, blocked_categories: ['dating', 'gambling'] },
      {
        'x-assistant-draft': reply.draft_id!,
      },
    );
    expect(changed.statusCode).toBe(201);
    expect(await madeByAssistant()).toHaveLength(1);
  });

  it('asks back rather than guess, and never offers another tenant’s names', async () => {
    const which = await ask('block gambling for Sales');
    expect(which).toMatchObject({ text: 'Which group: Sales EMEA or Sales US?', final_payload: null });
    const foreign = await ask('block gambling for Globex Secret Lab');
    expect(foreign.final_payload).toBeNull();
    expect(JSON.stringify(foreign)).not.toContain(groups['Globex Secret Lab']!);
  });

  it('drafts an endpoint profile the profile form’s API takes as it is', async () => {
    const reply = await ask(
      'a Classic ZTNA profile for Finance that connects manually, only 10.20.0.0/16 through the tunnel',
      'mza_profile',
      'owner@acme.test',
    );
    expect(reply.final_payload).toMatchObject({
      kind: 'classic',
      auto_connect: false,
      assigned: { groups: [groups.Finance] },
      split_tunnel: { mode: 'include', routes: ['10.20.0.0/16'] },
    });
    const created = await call('owner@acme.test', 'POST', 'tenant/ztna/profiles/', reply.final_payload!);
    expect(created.statusCode, created.body).toBe(201);
    expect((await ask('a profile for Finance with the EU relay', 'mza_profile', 'owner@acme.test')).text).toMatch(/^There is no EU relay/);
  });

  it('reads at most 20 requests a minute per person, counted apart for each', async () => {
    const asks = [];
    for (let i = 0; i < 21; i++)
      asks.push((await call('viewer@acme.test', 'POST', 'assistant/', { prompt: 'block gambling for Finance', agent_type: 'webfilter' })).statusCode);
    // The viewer may not write: refused before the count. The admin's count is theirs alone.
    expect(new Set(asks)).toEqual(new Set([403]));
    const admin = (await login(t.app, 'admin@acme.test')).access;
    const codes: number[] = [];
    for (let i = 0; i < 21; i++) {
      codes.push(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/v1/assistant/',
            headers: bearer(admin),
            payload: { prompt: 'block gambling for Finance', agent_type: 'webfilter' },
          })
        ).statusCode,
      );
    }
    expect(codes.slice(0, 20)).toEqual(Array(20).fill(200));
    expect(codes[20]).toBe(429);
    expect((await call('owner@acme.test', 'POST', 'assistant/', { prompt: 'block gambling for Finance', agent_type: 'webfilter' })).statusCode).toBe(200);
  });

  it("answers an unknown agent type in the spec's words, and is for those who write configuration", async () => {
    const bad = await call('editor@acme.test', 'POST', 'assistant/', { prompt: 'block gambling for Finance', agent_type: 'firewall' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ agent_type: ['Invalid agent_type provided'] });
    expect((await call('viewer@acme.test', 'POST', 'assistant/', { prompt: 'block gambling for Finance', agent_type: 'webfilter' })).statusCode).toBe(403);
    const blank = await call('editor@acme.test', 'POST', 'assistant/', { prompt: '   ', agent_type: 'webfilter' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors).toEqual({ prompt: ['Please describe your request'] });
  });
});
