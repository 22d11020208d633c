import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSync } from 'otplib';
import {
  configPreferenceSchema,
  logListSchema,
  organisationSchema,
  twoFactorEnabledSchema,
  userSchema,
  DEFAULT_TENANT_SETTINGS,
  RECOVERY_CODE_COUNT,
} from '@netloom/domain';
import { bearer, build, login, testBackends, type TestApp } from '../../test/build';
import { demoTenantIds } from '../../fleet/test-fixtures';
import { findTenant } from '../../identity/repo';

describe.each(testBackends('pglite'))('tenant settings, organisation, profile, 2FA recovery and logs on %s', (backend) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  let ids: { acme: string; globex: string };

  beforeAll(async () => {
    t = await build(backend);
    ids = await demoTenantIds(t.app.services.db);
    for (const who of ['owner', 'admin', 'editor', 'viewer'])
      tokens[who] = (await login(t.app, `${who}@acme.test`, { headers: { 'user-agent': `Probe/${who}` } })).access;
    tokens.super = (await login(t.app, 'super@demo.test')).access;
  });
  afterAll(() => t.close());

  const call = (who: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v1/${url}`, headers: bearer(tokens[who]!), ...(payload ? { payload } : {}) });
  const settings = async () => configPreferenceSchema.parse((await call('viewer', 'GET', 'tenant/config/config-preference/')).json());
  const activity = async (query = '') => logListSchema.parse((await call('owner', 'GET', `logs/activity-logs/?page_size=0${query}`)).json()).results;

  it('answers the §3 defaults, saves a toggle at once and records before and after', async () => {
    expect(await settings()).toEqual({ ...DEFAULT_TENANT_SETTINGS, wan3_available: false });
    const saved = await call('admin', 'POST', 'tenant/config/config-preference/', { dashboard: { vpnDashboard: true }, devReg_autoApprove: false });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(configPreferenceSchema.parse(saved.json())).toMatchObject({ dashboard: { vpnDashboard: true, netflow: false }, devReg_autoApprove: false });
    expect(await settings()).toMatchObject({ dashboard: { vpnDashboard: true }, devReg_autoApprove: false });
    // The agent gateway reads the same stored setting.
    expect((await findTenant(t.app.services.db, ids.acme))!.settings.devReg_autoApprove).toBe(false);
    const row = (await activity('&search=settings_changed'))[0]!;
    expect(row).toMatchObject({ user: 'admin@acme.test', via_super_admin: false });
    expect(row.details).toMatchObject({
      before: { dashboard: { vpnDashboard: false }, devReg_autoApprove: true },
      after: { dashboard: { vpnDashboard: true }, devReg_autoApprove: false },
    });
  });

  it('changes nothing on bad input or for editors and viewers', async () => {
    const before = await settings();
    for (const body of [{ dashboard: { vpnDashboard: 'yes' } }, { dashboard: { unknown: true } }, { devReg_autoApprove: 1 }, { dashboard: [] }]) {
      expect((await call('owner', 'POST', 'tenant/config/config-preference/', body)).statusCode).toBe(400);
    }
    for (const who of ['editor', 'viewer']) {
      expect((await call(who, 'POST', 'tenant/config/config-preference/', { dashboard: { netflow: true } })).statusCode).toBe(403);
    }
    expect(await settings()).toEqual(before);
  });

  it('records what a super admin does inside a tenant so the owner sees it', async () => {
    const res = await call('super', 'POST', `tenant/config/config-preference/?tid=${ids.acme}`, { dashboard: { netflow: true } });
    expect(res.statusCode).toBe(200);
    expect((await call('super', 'POST', `network/list/?tid=${ids.acme}`, { name: 'Provider group' })).statusCode).toBe(201);
    const rows = await activity();
    expect(rows.find((r) => r.action === 'tenant.settings_changed' && r.user === 'super@demo.test')?.via_super_admin).toBe(true);
    expect(rows.find((r) => r.action === 'network.created' && r.details.name === 'Provider group')).toMatchObject({
      user: 'super@demo.test',
      via_super_admin: true,
    });
    // The super admin reads any tenant's log with tid; tenant users only their own.
    expect((await call('super', 'GET', `logs/activity-logs/?tid=${ids.acme}`)).statusCode).toBe(200);
    expect((await call('owner', 'GET', `logs/activity-logs/?tid=${ids.globex}`)).statusCode).toBe(404);
  });

  it('keeps organisation details, with a valid default time zone only', async () => {
    const res = await call('owner', 'PUT', 'tenant/organisation/', {
      display_name: 'ACME Corp',
      country: 'gb',
      timezone: 'Europe/London',
      phone: '+44 20 7946 0000',
    });
    expect(organisationSchema.parse(res.json())).toMatchObject({ tenantname: 'Acme', display_name: 'ACME Corp', country: 'GB', timezone: 'Europe/London' });
    expect((await call('owner', 'PUT', 'tenant/organisation/', { timezone: 'Europe/Nowhere' })).statusCode).toBe(400);
    expect((await call('owner', 'PUT', 'tenant/organisation/', { country: 'GBR' })).statusCode).toBe(400);
    expect(organisationSchema.parse((await call('viewer', 'GET', 'tenant/organisation/')).json())).toMatchObject({
      display_name: 'ACME Corp',
      timezone: 'Europe/London',
    });
    expect((await activity('&search=organisation_changed'))[0]!.details).toMatchObject({
      before: { display_name: 'Acme' },
      after: { display_name: 'ACME Corp' },
    });
  });

  it('updates the profile and refuses an unknown time zone', async () => {
    const res = await call('editor', 'PUT', 'settings/profile/', { first_name: 'Edie', timezone: 'Asia/Kolkata' });
    expect(userSchema.parse(res.json())).toMatchObject({ firstName: 'Edie', lastName: 'Editor', timezone: 'Asia/Kolkata', role: 'editor' });
    expect((await call('editor', 'PUT', 'settings/profile/', { timezone: 'Asia/Atlantis' })).statusCode).toBe(400);
    expect((await call('editor', 'PUT', 'settings/profile/', { email: 'x@y.test' })).statusCode).toBe(400);
    expect(userSchema.parse((await call('editor', 'GET', 'settings/profile/')).json())).toMatchObject({ firstName: 'Edie', timezone: 'Asia/Kolkata' });
    expect(userSchema.parse((await call('editor', 'PUT', 'settings/profile/', { timezone: null })).json()).timezone).toBeNull();
  });

  it('gives ten one-time recovery codes on 2FA enrolment; one logs in once', async () => {
    const setup = await call('viewer', 'POST', 'auth/2fa/setup/');
    const { secret } = setup.json() as { secret: string };
    const enabled = twoFactorEnabledSchema.parse((await call('viewer', 'POST', 'auth/2fa/enable/', { code: generateSync({ secret }) })).json());
    expect(enabled.recovery_codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(enabled.recovery_codes).size).toBe(RECOVERY_CODE_COUNT);
    const challenge = async () =>
      (await t.app.inject({ method: 'POST', url: '/api/v1/auth/login/', payload: { username: 'viewer@acme.test', password: 'netloom-demo' } })).json()
        .ephemeral_token as string;
    const code = enabled.recovery_codes[0]!;
    const ok = await t.app.inject({ method: 'POST', url: '/api/v1/auth/2flogin/', payload: { ephemeral_token: await challenge(), code: code.toUpperCase() } });
    expect(ok.statusCode, ok.body).toBe(200);
    const again = await t.app.inject({ method: 'POST', url: '/api/v1/auth/2flogin/', payload: { ephemeral_token: await challenge(), code } });
    expect(again.statusCode).toBe(400);
    const off = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/2fa/disable/',
      headers: bearer(ok.json().access),
      payload: { code: enabled.recovery_codes[1] },
    });
    expect(off.statusCode, off.body).toBe(200);
  });

  it('lists logins, failures and logouts with IP and user agent, filtered, searched and as CSV', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login/',
      payload: { username: 'editor@acme.test', password: 'wrong-password' },
      headers: { 'user-agent': 'Bad/1' },
    });
    const session = await login(t.app, 'admin@acme.test', { headers: { 'user-agent': 'Probe/logout' } });
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout/', payload: { refresh: session.refresh }, headers: { 'user-agent': 'Probe/logout' } });
    const logins = logListSchema.parse((await call('owner', 'GET', 'logs/login-logs/?page_size=0')).json()).results;
    expect(logins.every((r) => ['auth.login', 'auth.login_failed', 'auth.logout'].includes(r.action))).toBe(true);
    expect(logins.find((r) => r.action === 'auth.login' && r.user === 'owner@acme.test')).toMatchObject({ user_agent: 'Probe/owner', ip: '127.0.0.1' });
    expect(logins.find((r) => r.action === 'auth.login_failed')).toMatchObject({ user: 'editor@acme.test', user_agent: 'Bad/1' });
    expect(logins.find((r) => r.action === 'auth.logout')).toMatchObject({ user: 'admin@acme.test', user_agent: 'Probe/logout' });
    // Globex's logins and the super admin's are not Acme's.
    await login(t.app, 'owner@globex.test');
    const again = logListSchema.parse((await call('owner', 'GET', 'logs/login-logs/?page_size=0')).json()).results;
    expect(again.some((r) => r.user === 'owner@globex.test' || r.user === 'super@demo.test')).toBe(false);
    expect((await activity()).some((r) => r.action.startsWith('auth.login'))).toBe(false);

    const searched = logListSchema.parse((await call('owner', 'GET', 'logs/login-logs/?search=login_failed')).json());
    // The wrong password above, and the recovery code used a second time in the test before.
    expect(searched.results.map((r) => [r.user, r.details.method])).toEqual([
      ['editor@acme.test', undefined],
      ['viewer@acme.test', '2fa'],
    ]);
    const future = new Date(Date.now() + 86_400_000).toISOString();
    expect(logListSchema.parse((await call('owner', 'GET', `logs/login-logs/?start_time=${encodeURIComponent(future)}`)).json()).count).toBe(0);
    const past = new Date(Date.now() - 86_400_000).toISOString();
    expect(logListSchema.parse((await call('owner', 'GET', `logs/login-logs/?end_time=${encodeURIComponent(past)}`)).json()).count).toBe(0);
    expect((await call('owner', 'GET', `logs/login-logs/?start_time=${encodeURIComponent(future)}&end_time=${encodeURIComponent(past)}`)).statusCode).toBe(400);
    expect((await call('owner', 'GET', 'logs/login-logs/?start_time=yesterday')).statusCode).toBe(400);
    const paged = logListSchema.parse((await call('owner', 'GET', 'logs/login-logs/?page_size=2')).json());
    expect(paged.results).toHaveLength(2);
    expect(paged.count).toBe(again.length);

    const csv = await call('owner', 'GET', 'logs/login-logs/?format=csv&page_size=0');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toBe('time,user,action,target,ip,user_agent,via_super_admin,details');
    expect(lines).toHaveLength(again.length + 1);
    expect(csv.body).toContain('Probe/owner');
  });
});
