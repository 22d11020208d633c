import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logListSchema, sessionSchema, ssoDomainSchema, ssoProviderSchema, userDomainSchema } from '@netloom/domain';
import { bearer, build, login, testBackends, DEMO_PASSWORD, type TestApp } from '../../test/build';
import { followToCallback, startLabOidcProvider, type LabOidcProvider } from '../../test/oidc-provider';

const REDIRECT_URI = 'http://console.test/auth/sso';

describe.each(testBackends('pglite'))('OpenID Connect sign-in through a real provider (%s)', (backend) => {
  let t: TestApp;
  let idp: LabOidcProvider;
  let owner: string;
  const published = new Map<string, string[][]>();

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v1/${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });

  /** The console's way: ask for the provider's URL, let the "browser" sign in there, hand the answer back. */
  async function signIn(email: string, opts: { cookie?: (c: string) => string; params?: (p: string) => string } = {}) {
    const start = await t.app.inject({ method: 'POST', url: '/api/v1/auth/redirect-url/', payload: { email } });
    expect(start.statusCode).toBe(200);
    const binding = start.cookies.find((c) => c.name === 'netloom_sso')!;
    const back = await followToCallback(start.json().redirect_url, REDIRECT_URI);
    const params = opts.params ? opts.params(back.search) : back.search;
    const cookie = opts.cookie ? opts.cookie(binding.value) : binding.value;
    return t.app.inject({ method: 'POST', url: '/api/v1/auth/sso/complete/', payload: { params }, cookies: { netloom_sso: cookie } });
  }

  beforeAll(async () => {
    idp = await startLabOidcProvider(REDIRECT_URI);
    t = await build(backend, (c) => ({ ...c, sso: { ...c.sso, allowHttpIssuers: true, txtLookup: async (name) => published.get(name) ?? [] } }));
    owner = (await login(t.app, 'owner@acme.test')).access;
    const provider = await call('POST', 'tenant/sso/providers/', owner, {
      name: 'Lab IdP',
      issuer: idp.issuer,
      client_id: idp.clientId,
      client_secret: idp.clientSecret,
      scopes: 'openid email profile groups',
    });
    ssoProviderSchema.parse(provider.json());
    const domain = ssoDomainSchema.parse((await call('POST', 'tenant/sso/domains/', owner, { domain: 'acme.test' })).json());
    published.set(domain.txt_name, [[domain.txt_value]]);
    expect((await call('POST', `tenant/sso/domains/${domain.id}/verify/`, owner)).statusCode).toBe(200);
    const group = await call('POST', 'teams/groups/', owner, { name: 'Engineers' });
    await call('POST', 'tenant/sso/group-mappings/', owner, { idp_group: 'netloom-admins', role: 'admin' });
    await call('POST', 'tenant/sso/group-mappings/', owner, { idp_group: 'engineering', role: 'editor', group_id: group.json().id });
  });
  afterAll(async () => {
    await t.close();
    await idp.close();
  });

  it('tells the login page which e-mails sign in with SSO', async () => {
    const ask = async (email: string) =>
      userDomainSchema.parse((await t.app.inject({ method: 'POST', url: '/api/v1/auth/user-domain/', payload: { email } })).json());
    expect(await ask('someone@acme.test')).toEqual({ sso: true, required: false });
    expect(await ask('someone@globex.test')).toEqual({ sso: false, required: false });
    const none = await t.app.inject({ method: 'POST', url: '/api/v1/auth/redirect-url/', payload: { email: 'someone@globex.test' } });
    expect(none.statusCode).toBe(404);
  });

  it('creates a new user at first sign-in with the role and group their provider groups map to', async () => {
    idp.signInAs('u-new', { email: 'New.Person@acme.test', given_name: 'New', family_name: 'Person', groups: ['engineering'] });
    const res = await signIn('new.person@acme.test');
    expect(res.statusCode).toBe(200);
    const session = sessionSchema.parse(res.json());
    expect(session.user).toMatchObject({ email: 'new.person@acme.test', firstName: 'New', role: 'editor', tenantName: 'Acme' });
    expect(res.json()).toHaveProperty('refresh');
    const groups = await call('GET', 'teams/groups/', owner);
    const engineers = groups.json().results.find((g: { name: string }) => g.name === 'Engineers');
    expect(engineers.members.map((m: { email: string }) => m.email)).toContain('new.person@acme.test');
    // The session works like any other.
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/auth/user/', headers: bearer(session.access) })).statusCode).toBe(200);
  });

  it('changes the role and groups on the next sign-in when the provider groups change', async () => {
    idp.signInAs('u-new', { email: 'new.person@acme.test', groups: ['netloom-admins'] });
    const res = await signIn('new.person@acme.test');
    expect(sessionSchema.parse(res.json()).user.role).toBe('admin');
    const groups = await call('GET', 'teams/groups/', owner);
    const engineers = groups.json().results.find((g: { name: string }) => g.name === 'Engineers');
    expect(engineers.members.map((m: { email: string }) => m.email)).not.toContain('new.person@acme.test');
  });

  it('never changes an owner through group mappings', async () => {
    idp.signInAs('u-owner', { email: 'owner@acme.test', groups: ['engineering'] });
    const res = await signIn('owner@acme.test');
    expect(sessionSchema.parse(res.json()).user.role).toBe('owner');
  });

  it('lets an invited colleague in through the provider, which accepts the invitation; a deactivated one stays out', async () => {
    const invited = await call('POST', 'teams/users/', owner, { email: 'invited@acme.test', role: 'viewer' });
    expect(invited.statusCode, invited.body).toBe(201);
    idp.signInAs('u-invited', { email: 'invited@acme.test', groups: [] });
    const accepted = await signIn('invited@acme.test');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(sessionSchema.parse(accepted.json()).user).toMatchObject({ email: 'invited@acme.test', role: 'viewer' });
    const member = (await call('GET', 'teams/users/?page_size=0', owner)).json().results.find((u: { email: string }) => u.email === 'invited@acme.test');
    expect(member).toMatchObject({ active: true, status: 'active' });

    const off = await call('POST', `teams/users/${member.id}/deactivate/`, owner, {});
    expect(off.statusCode, off.body).toBe(200);
    const refused = await signIn('invited@acme.test');
    expect(refused.statusCode).toBe(401);
    expect(refused.json().detail).toBe('Your account is deactivated. Ask an owner of your organisation.');
  });

  it('refuses an answer handed over by another browser (no binding cookie match)', async () => {
    idp.signInAs('u-new', { email: 'new.person@acme.test' });
    const res = await signIn('new.person@acme.test', { cookie: () => 'someone-else' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('sso_failed');
  });

  it('refuses a replayed answer: a state is spent once', async () => {
    idp.signInAs('u-new', { email: 'new.person@acme.test' });
    const start = await t.app.inject({ method: 'POST', url: '/api/v1/auth/redirect-url/', payload: { email: 'new.person@acme.test' } });
    const cookie = start.cookies.find((c) => c.name === 'netloom_sso')!.value;
    const back = await followToCallback(start.json().redirect_url, REDIRECT_URI);
    const complete = () =>
      t.app.inject({ method: 'POST', url: '/api/v1/auth/sso/complete/', payload: { params: back.search }, cookies: { netloom_sso: cookie } });
    expect((await complete()).statusCode).toBe(200);
    const again = await complete();
    expect(again.statusCode).toBe(401);
    expect(again.json().detail).toMatch(/already used/);
  });

  it('refuses a tampered code', async () => {
    idp.signInAs('u-new', { email: 'new.person@acme.test' });
    const res = await signIn('new.person@acme.test', { params: (p) => p.replace(/code=[^&]+/, 'code=forged') });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('sso_failed');
  });

  it('refuses an e-mail whose domain the organisation has not verified', async () => {
    idp.signInAs('u-outsider', { email: 'someone@globex.test' });
    const res = await signIn('x@acme.test');
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toMatch(/not verified/);
  });

  it('refuses an account another organisation made, even in a verified domain', async () => {
    const globexOwner = (await login(t.app, 'owner@globex.test')).access;
    const invited = await t.app.inject({
      method: 'POST',
      url: '/api/v1/teams/users/',
      headers: bearer(globexOwner),
      payload: { email: 'contractor@acme.test', role: 'viewer' },
    });
    expect(invited.statusCode).toBe(201);
    idp.signInAs('u-contractor', { email: 'contractor@acme.test', groups: ['netloom-admins'] });
    const res = await signIn('contractor@acme.test');
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toMatch(/another organisation/);
  });

  it('refuses an answer that comes back after an owner turned the provider off', async () => {
    idp.signInAs('u-new', { email: 'new.person@acme.test' });
    const start = await t.app.inject({ method: 'POST', url: '/api/v1/auth/redirect-url/', payload: { email: 'new.person@acme.test' } });
    const cookie = start.cookies.find((c) => c.name === 'netloom_sso')!.value;
    const back = await followToCallback(start.json().redirect_url, REDIRECT_URI);
    const [provider] = (await call('GET', 'tenant/sso/providers/', owner)).json().results;
    await call('PUT', `tenant/sso/providers/${provider.id}/`, owner, { enabled: false });
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/sso/complete/', payload: { params: back.search }, cookies: { netloom_sso: cookie } });
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toMatch(/turned off/);
    // No provider enabled: the domain no longer signs in with SSO.
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/user-domain/', payload: { email: 'x@acme.test' } })).json()).toEqual({
      sso: false,
      required: false,
    });
    await call('PUT', `tenant/sso/providers/${provider.id}/`, owner, { enabled: true });
  });

  it('requires SSO for everyone but owners once the organisation says so', async () => {
    await call('PUT', 'tenant/sso/settings/', owner, { require_sso: true });
    const viewer = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login/', payload: { username: 'viewer@acme.test', password: DEMO_PASSWORD } });
    expect(viewer.statusCode).toBe(401);
    expect(viewer.json().code).toBe('sso_required');
    // Break-glass: owners keep their password.
    expect((await login(t.app, 'owner@acme.test')).user.role).toBe('owner');
    const ask = await t.app.inject({ method: 'POST', url: '/api/v1/auth/user-domain/', payload: { email: 'viewer@acme.test' } });
    expect(ask.json()).toEqual({ sso: true, required: true });
    await call('PUT', 'tenant/sso/settings/', owner, { require_sso: false });
  });

  it('writes every SSO sign-in and refusal in the login log with its reason', async () => {
    const res = await call('GET', 'logs/login-logs/?page_size=0', owner);
    const entries = logListSchema.parse(res.json()).results;
    const sso = entries.filter((e) => e.details.method === 'sso');
    expect(sso.some((e) => e.action === 'auth.login' && e.user === 'new.person@acme.test')).toBe(true);
    const reasons = sso.filter((e) => e.action === 'auth.login_failed').map((e) => e.details.reason);
    expect(reasons).toEqual(expect.arrayContaining(['browser_mismatch', 'token_rejected', 'domain_not_verified', 'account_in_other_organisation']));
    // A replayed state names no organisation: it is logged without one, so no organisation's log shows it.
    expect(reasons).not.toContain('unknown_state');
    expect(entries.some((e) => e.details.reason === 'sso_required')).toBe(true);
  });
});
