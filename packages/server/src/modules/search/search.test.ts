import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_RESULTS_PER_KIND, searchResponseSchema, type SearchResult } from '@netloom/domain';
import { bearer, build, login, testBackends, type TestApp } from '../../test/build';
import { enrolmentKey } from '../../test/agent-client';

describe.each(testBackends('pglite'))('global search on %s', (backend) => {
  let t: TestApp;
  let acme: string;
  let globex: string;
  const tokens: Record<string, string> = {};

  const call = (who: string, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    t.app.inject({ method, url: `/api/v1/${url}`, headers: bearer(tokens[who]!), ...(payload === undefined ? {} : { payload: payload as object }) });
  const must = async (who: string, url: string, payload: unknown) => {
    const r = await call(who, 'POST', url, payload);
    if (r.statusCode >= 300) throw new Error(`${url}: ${r.statusCode} ${r.body}`);
    return r.json() as { id: string };
  };
  const search = async (q: string, who = 'viewer@acme.test', tenant?: string) => {
    const r = await call(who, 'GET', `tenant/search/?q=${encodeURIComponent(q)}${tenant ? `&tenant_id=${tenant}` : ''}`);
    expect(r.statusCode, r.body).toBe(200);
    return searchResponseSchema.parse(r.json()).results;
  };
  const names = (rows: SearchResult[], kind: SearchResult['kind']) => rows.filter((r) => r.kind === kind).map((r) => r.name);

  /** One object of every kind named after `word` in a tenant, made through the API as its owner would. */
  const populate = async (owner: string, tid: string, word: string) => {
    const q = `?tid=${tid}`;
    const z = `?tenant_id=${tid}`;
    await must(owner, `device/claim/${q}`, { serial: `SN-${word}-1`, name: `${word} Edge`, kind: 'gateway' });
    await must(owner, `device/claim/${q}`, { serial: `EP-${word}-2`, name: `Laptop of ${word}`, kind: 'endpoint' });
    await must(owner, `network/list/${q}`, { name: `East ${word}` });
    await must(owner, `network/list/${q}`, { name: `${word} HQ` });
    await must(owner, `teams/users/${q}`, { email: `${word.toLowerCase()}.member@example.test`, role: 'viewer', first_name: 'Orla', last_name: word });
    await must(owner, `teams/groups/${q}`, { name: `${word} admins`, description: 'The people who run it' });
    await must(owner, `template/config/${q}`, { name: `${word} branch template`, description: '' });
    await must(owner, `tenant/config/webfilter-policy/${z}`, { name: `${word} web rules`, applies_to: { everyone: true }, blocked_urls: ['bad.example.com'] });
    const server = await must(owner, `tenant/ztna/servers/${z}`, {
      name: `${word} wiki`,
      address: 'wiki.corp.example',
      ports: [{ protocol: 'tcp', ports: ['443'] }],
      site: 'HQ',
    });
    await must(owner, `tenant/ztna/policies/${z}`, {
      name: `${word} wiki access`,
      action: 'allow',
      sources: { everyone: true },
      destinations: { servers: [server.id] },
    });
  };

  beforeAll(async () => {
    t = await build(backend);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    acme = (await enrolmentKey(t.app, 'Acme')).tenantId;
    globex = (await enrolmentKey(t.app, 'Globex')).tenantId;
    for (const who of ['owner@acme.test', 'viewer@acme.test', 'guest@acme.test', 'owner@globex.test', 'super@demo.test'])
      tokens[who] = (await login(t.app, who)).access;
    await populate('owner@acme.test', acme, 'Orion');
    await populate('owner@globex.test', globex, 'Orion');
  }, 60_000);
  afterAll(() => t.close());

  it('finds each kind by name, case-insensitively, with the product it belongs to', async () => {
    const rows = await search('oRiOn');
    expect(names(rows, 'device').sort()).toEqual(['Laptop of Orion', 'Orion Edge']);
    expect(rows.find((r) => r.name === 'Orion Edge')).toMatchObject({ product: 'sdwan', detail: 'SN-Orion-1 · Gateway' });
    expect(rows.find((r) => r.name === 'Laptop of Orion')).toMatchObject({ product: 'ztna', detail: 'EP-Orion-2 · Endpoint' });
    expect(names(rows, 'device_group')).toEqual(['Orion HQ', 'East Orion']);
    expect(rows.filter((r) => r.kind === 'user')).toEqual([
      expect.objectContaining({ name: 'Orla Orion', detail: 'orion.member@example.test', product: null }),
    ]);
    expect(rows.find((r) => r.kind === 'group')).toMatchObject({ name: 'Orion admins', detail: 'The people who run it' });
    expect(names(rows, 'template')).toEqual(['Orion branch template']);
    expect(rows.find((r) => r.kind === 'webfilter_policy')).toMatchObject({ name: 'Orion web rules', product: 'ztna' });
    expect(rows.find((r) => r.kind === 'access_policy')).toMatchObject({ name: 'Orion wiki access', product: 'ztna' });
  });

  it('finds devices by serial and users by e-mail', async () => {
    expect(names(await search('ep-orion'), 'device')).toEqual(['Laptop of Orion']);
    const byMail = await search('orion.member@');
    expect(names(byMail, 'user')).toEqual(['Orla Orion']);
    expect(byMail.filter((r) => r.kind !== 'user')).toEqual([]);
  });

  it('puts names that start with the text before names that only contain it, and lists at most the limit of a kind', async () => {
    for (const n of ['Zeta Vega', 'Alpha Vega', 'Vega 3', 'Vega 1', 'Beta Vega', 'Vega 2'])
      await must('owner@acme.test', `network/list/?tid=${acme}`, { name: n });
    const groups = names(await search('vega'), 'device_group');
    expect(groups).toHaveLength(SEARCH_RESULTS_PER_KIND);
    expect(groups).toEqual(['Vega 1', 'Vega 2', 'Vega 3', 'Alpha Vega', 'Beta Vega']);
  });

  it('takes % and _ as themselves, not as wildcards', async () => {
    for (const n of ['Uptime 100% club', 'Uptime 1000 club', 'core_switch', 'coreXswitch'])
      await must('owner@acme.test', `network/list/?tid=${acme}`, { name: n });
    expect(names(await search('100%'), 'device_group')).toEqual(['Uptime 100% club']);
    expect(names(await search('core_'), 'device_group')).toEqual(['core_switch']);
    expect(names(await search('%'), 'device_group')).toEqual(['Uptime 100% club']);
    expect(await search('_')).toEqual([expect.objectContaining({ name: 'core_switch' })]);
  });

  it("never answers with another tenant's rows, and another tenant cannot be named", async () => {
    const acmeIds = new Set((await search('orion')).map((r) => r.id));
    const globexRows = await search('orion', 'owner@globex.test');
    expect(globexRows.length).toBeGreaterThanOrEqual(8);
    expect(globexRows.filter((r) => acmeIds.has(r.id))).toEqual([]);
    const foreign = await call('owner@globex.test', 'GET', `tenant/search/?q=orion&tenant_id=${acme}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'not_found' });
  });

  it('is for members who read the console, and for a super admin in the tenant they chose', async () => {
    expect((await call('guest@acme.test', 'GET', 'tenant/search/?q=orion')).statusCode).toBe(403);
    expect((await call('super@demo.test', 'GET', 'tenant/search/?q=orion')).json()).toMatchObject({ code: 'tenant_required' });
    const asSuper = await search('orion', 'super@demo.test', globex);
    expect(asSuper.map((r) => r.id).sort()).toEqual((await search('orion', 'owner@globex.test')).map((r) => r.id).sort());
  });

  it('refuses an empty or overlong text with a field error', async () => {
    for (const q of ['', '%20%20', 'x'.repeat(101)]) {
      const r = await call('viewer@acme.test', 'GET', `tenant/search/?q=${q}`);
      expect(r.statusCode).toBe(400);
      expect(r.json()).toMatchObject({ code: 'invalid', errors: { q: expect.any(Array) } });
    }
  });
});
