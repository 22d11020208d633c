import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ssoDomainSchema, ssoMappingSchema, ssoProviderListSchema, ssoProviderSchema, ssoSettingsSchema } from '@netloom/domain';
import { bearer, build, login, testBackends, type TestApp } from '../../test/build';

/** TXT records this test publishes, by name: what DNS answers the domain check. */
const published = new Map<string, string[][]>();

describe.each(testBackends('pglite'))('single sign-on set-up (%s)', (backend) => {
  let t: TestApp;
  let owner: string;
  let admin: string;
  let otherOwner: string;
  beforeAll(async () => {
    t = await build(backend, (c) => ({ ...c, sso: { ...c.sso, txtLookup: async (name) => published.get(name) ?? [] } }));
    owner = (await login(t.app, 'owner@acme.test')).access;
    admin = (await login(t.app, 'admin@acme.test')).access;
    otherOwner = (await login(t.app, 'owner@globex.test')).access;
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown) =>
    t.app.inject({ method, url: `/api/v1/${url}`, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });

  const provider = { name: 'Okta', issuer: 'https://acme.okta.example', client_id: 'netloom', client_secret: 'top-secret-value' };

  it('lets an owner add a provider whose secret is never answered and whose redirect URI is shown', async () => {
    const res = await call('POST', 'tenant/sso/providers/', owner, provider);
    expect(res.statusCode).toBe(201);
    const created = ssoProviderSchema.parse(res.json());
    expect(created).toMatchObject({
      name: 'Okta',
      client_secret_set: true,
      scopes: 'openid email profile',
      groups_claim: 'groups',
      redirect_uri: 'http://console.test/auth/sso',
    });
    expect(res.body).not.toContain('top-secret-value');
    const list = ssoProviderListSchema.parse((await call('GET', 'tenant/sso/providers/', owner)).json());
    expect(list.results.map((p) => p.id)).toContain(created.id);
    expect(JSON.stringify(list)).not.toContain('top-secret-value');
  });

  it('keeps the client secret sealed in the database', async () => {
    const stored = ((await t.app.services.db.execute(sql`select client_secret from sso_providers`)) as unknown as { rows: { client_secret: string }[] }).rows;
    expect(stored.length).toBeGreaterThan(0);
    for (const r of stored) expect(r.client_secret).not.toContain('top-secret-value');
  });

  it('keeps the stored secret when an update leaves it out', async () => {
    const [p] = ssoProviderListSchema.parse((await call('GET', 'tenant/sso/providers/', owner)).json()).results;
    const res = await call('PUT', `tenant/sso/providers/${p!.id}/`, owner, { enabled: false, scopes: 'openid email groups' });
    expect(res.statusCode).toBe(200);
    expect(ssoProviderSchema.parse(res.json())).toMatchObject({ enabled: false, scopes: 'openid email groups', client_secret_set: true });
  });

  it('refuses admins and other roles: only owners set up SSO', async () => {
    expect((await call('GET', 'tenant/sso/providers/', admin)).statusCode).toBe(403);
    expect((await call('POST', 'tenant/sso/providers/', admin, provider)).statusCode).toBe(403);
    expect((await call('PUT', 'tenant/sso/settings/', admin, { require_sso: true })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/tenant/sso/providers/' })).statusCode).toBe(401);
  });

  it('answers another organisation 404 for a provider and lists none of it', async () => {
    const [p] = ssoProviderListSchema.parse((await call('GET', 'tenant/sso/providers/', owner)).json()).results;
    expect((await call('PUT', `tenant/sso/providers/${p!.id}/`, otherOwner, { name: 'Stolen' })).statusCode).toBe(404);
    expect((await call('DELETE', `tenant/sso/providers/${p!.id}/`, otherOwner)).statusCode).toBe(404);
    expect(ssoProviderListSchema.parse((await call('GET', 'tenant/sso/providers/', otherOwner)).json()).results).toEqual([]);
  });

  it('refuses bad input with the error shape and stores nothing', async () => {
    const before = ssoProviderListSchema.parse((await call('GET', 'tenant/sso/providers/', owner)).json()).results.length;
    const res = await call('POST', 'tenant/sso/providers/', owner, { ...provider, issuer: 'javascript:alert(1)', client_secret: '' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(expect.arrayContaining(['issuer', 'client_secret']));
    expect(ssoProviderListSchema.parse((await call('GET', 'tenant/sso/providers/', owner)).json()).results).toHaveLength(before);
  });

  it('verifies a domain once its TXT record is published, and not before', async () => {
    const res = await call('POST', 'tenant/sso/domains/', owner, { domain: 'Acme-Corp.example' });
    expect(res.statusCode).toBe(201);
    const domain = ssoDomainSchema.parse(res.json());
    expect(domain).toMatchObject({ domain: 'acme-corp.example', txt_name: '_netloom-challenge.acme-corp.example', verified_at: null });
    const early = await call('POST', `tenant/sso/domains/${domain.id}/verify/`, owner);
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('txt_record_missing');
    published.set(domain.txt_name, [['v=spf1 -all'], [domain.txt_value]]);
    const done = await call('POST', `tenant/sso/domains/${domain.id}/verify/`, owner);
    expect(done.statusCode).toBe(200);
    expect(ssoDomainSchema.parse(done.json()).verified_at).not.toBeNull();
  });

  it('refuses a domain another organisation verified, even with the record published', async () => {
    const res = await call('POST', 'tenant/sso/domains/', otherOwner, { domain: 'acme-corp.example' });
    expect(res.statusCode).toBe(201);
    const theirs = ssoDomainSchema.parse(res.json());
    published.set(theirs.txt_name, [[theirs.txt_value]]);
    const verify = await call('POST', `tenant/sso/domains/${theirs.id}/verify/`, otherOwner);
    expect(verify.statusCode).toBe(409);
    expect(verify.json().detail).toMatch(/Another organisation/);
  });

  it('maps provider groups to a role and a group of the organisation only', async () => {
    const group = await call('POST', 'teams/groups/', owner, { name: 'Network team' });
    const res = await call('POST', 'tenant/sso/group-mappings/', owner, { idp_group: 'netops', role: 'editor', group_id: group.json().id });
    expect(res.statusCode).toBe(201);
    expect(ssoMappingSchema.parse(res.json())).toMatchObject({ idp_group: 'netops', role: 'editor', group_name: 'Network team' });
    const theirGroup = await call('POST', 'teams/groups/', otherOwner, { name: 'Theirs' });
    const foreign = await call('POST', 'tenant/sso/group-mappings/', owner, { idp_group: 'x', group_id: theirGroup.json().id });
    expect(foreign.statusCode).toBe(422);
    expect((await call('POST', 'tenant/sso/group-mappings/', owner, { idp_group: 'nothing' })).statusCode).toBe(400);
  });

  it('saves the SSO policy; the default role can never be owner', async () => {
    expect(ssoSettingsSchema.parse((await call('GET', 'tenant/sso/settings/', owner)).json())).toEqual({ require_sso: false, default_role: 'viewer' });
    const res = await call('PUT', 'tenant/sso/settings/', owner, { require_sso: true, default_role: 'editor' });
    expect(ssoSettingsSchema.parse(res.json())).toEqual({ require_sso: true, default_role: 'editor' });
    expect((await call('PUT', 'tenant/sso/settings/', owner, { default_role: 'owner' })).statusCode).toBe(400);
    await call('PUT', 'tenant/sso/settings/', owner, { require_sso: false });
  });
});
