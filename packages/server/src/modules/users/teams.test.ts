import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupSchema, groupListSchema, teamUserListSchema, teamUserSchema, TEAM_MESSAGES } from '@netloom/domain';
import { bearer, build, login, testBackends, type TestApp } from '../../test/build';
import { addDevice, demoTenantIds } from '../../fleet/test-fixtures';
import { activationToken, addMember, userByEmail } from './test-fixtures';

describe.each(testBackends('pglite'))('teams: users, invitations and groups on %s', (backend) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  let ids: { acme: string; globex: string };

  beforeAll(async () => {
    t = await build(backend);
    ids = await demoTenantIds(t.app.services.db);
    for (const who of ['owner', 'admin', 'editor', 'viewer']) tokens[who] = (await login(t.app, `${who}@acme.test`)).access;
    tokens.super = (await login(t.app, 'super@demo.test')).access;
    tokens.globex = (await login(t.app, 'owner@globex.test')).access;
  });
  afterAll(() => t.close());

  const db = () => t.app.services.db;
  const call = (who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v1/${url}`, headers: bearer(tokens[who]!), ...(payload ? { payload } : {}) });
  const users = async () => teamUserListSchema.parse((await call('owner', 'GET', 'teams/users/?page_size=0')).json()).results;
  const userId = async (email: string) => (await userByEmail(db(), email))!.id;

  it('invites a user who activates with a password and logs in with the given role', async () => {
    const res = await call('admin', 'POST', 'teams/users/', { email: 'New.Hire@Acme.test', role: 'editor', first_name: 'Nina' });
    expect(res.statusCode, res.body).toBe(201);
    expect(teamUserSchema.parse(res.json())).toMatchObject({ email: 'new.hire@acme.test', role: 'editor', status: 'pending', active: false, last_login: null });
    const token = activationToken(t.app.mailer.outbox, 'new.hire@acme.test');
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/activate/', payload: { token } })).statusCode).toBe(400);
    const activated = await t.app.inject({ method: 'POST', url: '/api/v1/auth/activate/', payload: { token, password: 'a-good-password' } });
    expect(activated.statusCode, activated.body).toBe(200);
    const session = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login/',
      payload: { username: 'new.hire@acme.test', password: 'a-good-password' },
    });
    expect(session.json().user).toMatchObject({ role: 'editor', tenantName: 'Acme' });
    await addDevice(db(), ids.acme, { username: 'new.hire@acme.test', kind: 'endpoint' });
    const row = (await users()).find((u) => u.email === 'new.hire@acme.test')!;
    expect(row).toMatchObject({ status: 'active', devices: 1 });
    expect(row.last_login).not.toBeNull();
  });

  it('refuses to invite a member again or a bad address, changing nothing', async () => {
    const before = (await users()).length;
    const mails = t.app.mailer.outbox.length;
    const again = await call('owner', 'POST', 'teams/users/', { email: 'viewer@acme.test', role: 'viewer' });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors.email).toEqual([TEAM_MESSAGES.alreadyMember]);
    expect((await call('owner', 'POST', 'teams/users/', { email: 'not-an-email', role: 'viewer' })).statusCode).toBe(400);
    expect((await call('owner', 'POST', 'teams/users/', { email: 'x@acme.test', role: 'root' })).statusCode).toBe(400);
    expect((await users()).length).toBe(before);
    expect(t.app.mailer.outbox.length).toBe(mails);
  });

  it('answers an invitation of another tenant’s account as any invitation, and only tells that account', async () => {
    const invite = (email: string) => call('owner', 'POST', 'teams/users/', { email, role: 'viewer', first_name: 'Guest', last_name: 'Person' });
    const comparable = (body: Record<string, unknown>) => ({ ...body, id: 'id', email: 'email', username: 'email', created_at: 'time' });
    const fresh = await invite('brand.new@acme.test');
    const elsewhere = await invite('owner@globex.test');
    expect(elsewhere.statusCode).toBe(fresh.statusCode);
    expect(comparable(elsewhere.json())).toEqual(comparable(fresh.json()));
    expect(teamUserSchema.parse(elsewhere.json())).toMatchObject({ email: 'owner@globex.test', status: 'pending' });
    // The account's owner hears of it, without a link into Acme; their account is untouched.
    const notice = [...t.app.mailer.outbox].reverse().find((m) => m.to === 'owner@globex.test');
    expect(notice?.text).toMatch(/invited/);
    expect(notice?.text).not.toContain('activate?token=');
    const globex = await login(t.app, 'owner@globex.test');
    expect(globex.user).toMatchObject({ tenantName: 'Globex', role: 'owner' });
    // Acme's owner sees the invitation recorded like any other.
    const logs = await call('owner', 'GET', 'logs/activity-logs/?search=user.invited&page_size=0');
    expect((logs.json() as { results: { target: string }[] }).results.map((r) => r.target)).toEqual(
      expect.arrayContaining(['owner@globex.test', 'brand.new@acme.test']),
    );

    // And every later call treats both invitations alike: listed, searched, invited again, changed, resent, removed.
    const listed = async (search: string) =>
      teamUserListSchema.parse((await call('owner', 'GET', `teams/users/?status=pending&search=${search}`)).json()).results.map((u) => comparable(u));
    expect(await listed('owner%40globex')).toEqual(await listed('brand.new'));
    expect(await listed('owner%40globex')).toHaveLength(1);
    for (const email of ['brand.new@acme.test', 'owner@globex.test']) {
      const again = await invite(email);
      expect(again.json()).toEqual({ code: 'invalid', detail: 'Invalid input.', errors: { email: [TEAM_MESSAGES.alreadyMember] } });
    }
    const ids = { fresh: teamUserSchema.parse(fresh.json()).id, elsewhere: teamUserSchema.parse(elsewhere.json()).id };
    const answers = async (id: string) => {
      const role = await call('owner', 'PUT', `teams/users/${id}/`, { role: 'editor' });
      const deactivate = await call('owner', 'POST', `teams/users/${id}/deactivate/`);
      const resend = await call('owner', 'POST', `teams/users/${id}/resend-invitation/`);
      const remove = await call('owner', 'DELETE', `teams/users/${id}/`);
      const gone = await call('owner', 'DELETE', `teams/users/${id}/`);
      return [comparable(role.json()), role.statusCode, deactivate.json(), resend.json(), remove.statusCode, gone.statusCode];
    };
    expect(await answers(ids.elsewhere)).toEqual(await answers(ids.fresh));
    expect([...t.app.mailer.outbox].reverse().find((m) => m.to === 'owner@globex.test')?.text).not.toContain('activate?token=');
    expect(await listed('owner%40globex')).toEqual([]);
    expect((await login(t.app, 'owner@globex.test')).user.tenantName).toBe('Globex');
  });

  it('resends an invitation only while it is pending', async () => {
    const pending = await addMember(db(), ids.acme, 'viewer', { pending: true });
    const mails = t.app.mailer.outbox.length;
    expect((await call('owner', 'POST', `teams/users/${pending.id}/resend-invitation/`)).statusCode).toBe(200);
    expect(t.app.mailer.outbox.length).toBe(mails + 1);
    const active = await call('owner', 'POST', `teams/users/${await userId('viewer@acme.test')}/resend-invitation/`);
    expect(active.json()).toMatchObject({ code: 'not_pending' });
    expect((await call('owner', 'POST', `teams/users/${pending.id}/deactivate/`)).json().code).toBe('invitation_pending');
  });

  it('keeps an invitation whose mail fails, and answers a failed resend with 503', async () => {
    const mailer = t.app.mailer as { send: typeof t.app.mailer.send };
    const send = mailer.send;
    mailer.send = () => Promise.reject(new Error('SMTP down'));
    try {
      const res = await call('admin', 'POST', 'teams/users/', { email: 'unmailed@acme.test', role: 'viewer' });
      expect(res.statusCode, res.body).toBe(201);
      expect((await users()).find((u) => u.email === 'unmailed@acme.test')).toMatchObject({ status: 'pending' });
      const resend = await call('admin', 'POST', `teams/users/${res.json().id}/resend-invitation/`);
      expect(resend.statusCode).toBe(503);
      expect(resend.json()).toMatchObject({ detail: 'The e-mail could not be sent. Try again later.' });
    } finally {
      mailer.send = send;
    }
    const id = (await users()).find((u) => u.email === 'unmailed@acme.test')!.id;
    expect((await call('admin', 'POST', `teams/users/${id}/resend-invitation/`)).statusCode).toBe(200);
    expect(activationToken(t.app.mailer.outbox, 'unmailed@acme.test')).toBeTruthy();
  });

  it('keeps owner-making to owners', async () => {
    expect((await call('admin', 'POST', 'teams/users/', { email: 'boss@acme.test', role: 'owner' })).statusCode).toBe(403);
    const viewer = await addMember(db(), ids.acme, 'viewer');
    expect((await call('admin', 'PUT', `teams/users/${viewer.id}/`, { role: 'owner' })).statusCode).toBe(403);
    const owner = await userId('owner@acme.test');
    for (const [m, url, body] of [
      ['PUT', `teams/users/${owner}/`, { role: 'viewer' }],
      ['POST', `teams/users/${owner}/deactivate/`],
      ['DELETE', `teams/users/${owner}/`],
    ] as const) {
      const res = await call('admin', m, url, body);
      expect(res.statusCode).toBe(403);
      expect(res.json().detail).toBe(TEAM_MESSAGES.ownerOnly);
    }
    expect((await call('admin', 'PUT', `teams/users/${viewer.id}/`, { role: 'admin' })).json().role).toBe('admin');
  });

  it('never lets a user change their own role, deactivate or remove themself', async () => {
    const admin = await userId('admin@acme.test');
    expect((await call('admin', 'PUT', `teams/users/${admin}/`, { role: 'viewer' })).json()).toMatchObject({
      code: 'self_change',
      detail: TEAM_MESSAGES.selfRole,
    });
    expect((await call('admin', 'POST', `teams/users/${admin}/deactivate/`)).json().detail).toBe(TEAM_MESSAGES.selfDeactivate);
    expect((await call('admin', 'DELETE', `teams/users/${admin}/`)).json().detail).toBe(TEAM_MESSAGES.selfRemove);
    expect((await users()).find((u) => u.id === admin)).toMatchObject({ role: 'admin', active: true });
  });

  it('keeps the last owner: not removed, deactivated or demoted', async () => {
    const owner = await userId('owner@acme.test');
    for (const [m, url, body] of [
      ['PUT', `teams/users/${owner}/`, { role: 'admin' }],
      ['POST', `teams/users/${owner}/deactivate/`],
      ['DELETE', `teams/users/${owner}/`],
    ] as const) {
      const res = await call('super', m, `${url}?tid=${ids.acme}`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'last_owner', detail: TEAM_MESSAGES.lastOwner });
    }
    // With a second active owner the first may step down.
    const second = await addMember(db(), ids.acme, 'owner');
    expect((await call('owner', 'PUT', `teams/users/${second.id}/`, { role: 'owner' })).statusCode).toBe(200);
    const demoted = await call('super', 'PUT', `teams/users/${second.id}/?tid=${ids.acme}`, { role: 'admin' });
    expect(demoted.json().role).toBe('admin');
    expect((await users()).find((u) => u.id === owner)?.role).toBe('owner');
  });

  it('ends a deactivated user’s sessions at once and lets them back in when activated', async () => {
    const m = await addMember(db(), ids.acme, 'viewer');
    const session = await login(t.app, m.email);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/auth/user/', headers: bearer(session.access) })).statusCode).toBe(200);
    const off = await call('owner', 'POST', `teams/users/${m.id}/deactivate/`);
    expect(off.json()).toMatchObject({ active: false, status: 'inactive' });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/auth/user/', headers: bearer(session.access) })).json().code).toBe('token_not_valid');
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/login/', payload: { username: m.email, password: 'netloom-demo' } })).statusCode).toBe(401);
    expect((await call('owner', 'POST', `teams/users/${m.id}/activate/`)).json().status).toBe('active');
    await login(t.app, m.email);
  });

  it('changes a role, which the user’s next request already carries', async () => {
    const m = await addMember(db(), ids.acme, 'viewer');
    const session = await login(t.app, m.email);
    expect((await call('owner', 'PUT', `teams/users/${m.id}/`, { role: 'editor' })).json().role).toBe('editor');
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/auth/user/', headers: bearer(session.access) })).json().role).toBe('editor');
  });

  it('removes a user from the tenant with their account, so the e-mail can be invited again', async () => {
    const m = await addMember(db(), ids.acme, 'viewer');
    expect((await call('owner', 'DELETE', `teams/users/${m.id}/`)).statusCode).toBe(204);
    expect((await users()).some((u) => u.id === m.id)).toBe(false);
    expect(await userByEmail(db(), m.email)).toBeUndefined();
    expect((await call('owner', 'POST', 'teams/users/', { email: m.email, role: 'viewer' })).statusCode).toBe(201);
  });

  it('searches and filters the user list, and pages it', async () => {
    const found = teamUserListSchema.parse((await call('viewer', 'GET', 'teams/users/?search=EDITOR@acme')).json());
    expect(found.results.map((u) => u.email)).toEqual(['editor@acme.test']);
    const guests = teamUserListSchema.parse((await call('viewer', 'GET', 'teams/users/?role=guest-user')).json());
    expect(guests.results.map((u) => u.email)).toEqual(['guest@acme.test']);
    const page = teamUserListSchema.parse((await call('viewer', 'GET', 'teams/users/?page_size=2')).json());
    expect(page.results).toHaveLength(2);
    expect(page.next).toContain('page=2');
  });

  it('runs groups: create, unique names ignoring case, members of the tenant only, rename, delete', async () => {
    const editor = await userId('editor@acme.test');
    const created = await call('owner', 'POST', 'teams/groups/', { name: 'Engineering', user_ids: [editor] });
    expect(created.statusCode, created.body).toBe(201);
    const group = groupSchema.parse(created.json());
    expect(group.members.map((m) => m.email)).toEqual(['editor@acme.test']);
    const dup = await call('admin', 'POST', 'teams/groups/', { name: 'engineering' });
    expect(dup.json().errors.name).toEqual([TEAM_MESSAGES.groupNameTaken]);
    // Globex may use the same name.
    expect((await call('globex', 'POST', 'teams/groups/', { name: 'Engineering' })).statusCode).toBe(201);
    const globexOwner = (await userByEmail(db(), 'owner@globex.test'))!.id;
    const stranger = await call('owner', 'PUT', `teams/groups/${group.id}/members/`, { user_ids: [editor, globexOwner] });
    expect(stranger.json().errors.user_ids).toEqual([TEAM_MESSAGES.notMembers]);
    const viewer = await userId('viewer@acme.test');
    const members = await call('owner', 'PUT', `teams/groups/${group.id}/members/`, { user_ids: [viewer] });
    expect(groupSchema.parse(members.json()).members.map((m) => m.email)).toEqual(['viewer@acme.test']);
    await call('owner', 'POST', 'teams/groups/', { name: 'Sales' });
    expect((await call('owner', 'PUT', `teams/groups/${group.id}/`, { name: 'SALES' })).statusCode).toBe(400);
    expect(groupSchema.parse((await call('owner', 'PUT', `teams/groups/${group.id}/`, { name: 'Platform' })).json()).name).toBe('Platform');
    const list = groupListSchema.parse((await call('viewer', 'GET', 'teams/groups/?search=plat')).json());
    expect(list.results.map((g) => g.name)).toEqual(['Platform']);
    expect((await call('owner', 'DELETE', `teams/groups/${group.id}/`)).statusCode).toBe(204);
    expect((await call('owner', 'DELETE', `teams/groups/${group.id}/`)).statusCode).toBe(404);
    expect((await call('owner', 'POST', 'teams/groups/', { name: '' })).statusCode).toBe(400);
  });
});
