import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wafApplicationSchema, wafPolicyRevisionSchema, wafPolicyViewSchema } from '@netloom/domain';
import { bearer, build, login, testBackends, type TestApp } from '../../test/build';
import { enrolmentKey } from '../../test/agent-client';

const application = (name: string, domain: string) => ({ name, domains: [domain], origins: [{ url: 'http://10.0.0.5:8080' }] });

describe.each(testBackends('concurrent writes'))('QShield changes at once on %s', (backend) => {
  let t: TestApp;
  const tenants: Record<string, string> = {};
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    t = await build(backend);
    tenants.acme = (await enrolmentKey(t.app, 'Acme')).tenantId;
    tenants.globex = (await enrolmentKey(t.app, 'Globex')).tenantId;
    tokens.acme = (await login(t.app, 'owner@acme.test')).access;
    tokens.globex = (await login(t.app, 'owner@globex.test')).access;
  });
  afterAll(() => t.close());

  const call = (who: 'acme' | 'globex', method: 'GET' | 'POST' | 'PUT', path: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v1/${path}?tenant_id=${tenants[who]}`, headers: bearer(tokens[who]!), ...(payload ? { payload } : {}) });

  it('gives a domain claimed by two organisations at once to one of them, the other hears 409', async () => {
    const answers = await Promise.all([
      call('acme', 'POST', 'waap/domains/', application('Race A', 'race.example.net')),
      call('globex', 'POST', 'waap/domains/', application('Race B', 'race.example.net')),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const held = await Promise.all(
      (['acme', 'globex'] as const).map(async (who) => wafApplicationSchema.array().parse((await call(who, 'GET', 'waap/domains/')).json())),
    );
    expect(held.flat().filter((a) => a.domains.includes('race.example.net'))).toHaveLength(1);
  });

  it('numbers policy revisions saved at once one after another, none lost', async () => {
    const created = wafApplicationSchema.parse((await call('acme', 'POST', 'waap/domains/', application('Busy', 'busy.example.net'))).json());
    const saves = await Promise.all(
      [1, 2, 3, 4].map((level) => call('acme', 'PUT', `waap/domains/${created.id}/policy/`, { policy: { paranoia_level: level }, message: `PL${level}` })),
    );
    expect(saves.map((s) => s.statusCode)).toEqual([200, 200, 200, 200]);
    const revisions = wafPolicyRevisionSchema.array().parse((await call('acme', 'GET', `waap/domains/${created.id}/policy/revisions/`)).json());
    expect(revisions.map((r) => r.revision)).toEqual([5, 4, 3, 2, 1]);
    const current = wafPolicyViewSchema.parse((await call('acme', 'GET', `waap/domains/${created.id}/policy/`)).json());
    expect(current.policy.paranoia_level).toBe(revisions[0]!.policy.paranoia_level);
  });
});
