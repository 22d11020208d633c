import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupListSchema, groupSchema, teamUserListSchema, teamUserSchema, tenantDetailSchema, type TeamUser } from '@netloom/domain';
import { bearer, build, DEMO_PASSWORD, login, testBackends, type TestApp } from '../../test/build';
import { demoTenantIds } from '../../fleet/test-fixtures';
import { activationToken } from './test-fixtures';

/**
 * A held invitation waits on an account of another organisation. When that account goes away the
 * inviter must go on seeing what a real pending invitation shows: if it vanished with the account,
 * the list would tell that the address had an account elsewhere.
 */
describe.each(testBackends('concurrent writes'))('a held invitation outlives the account it waited on, on %s', (backend) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  let ids: { acme: string; globex: string };

  const call = (who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v1/${url}`, headers: bearer(tokens[who]!), ...(payload ? { payload } : {}) });
  const team = async (who: string) => teamUserListSchema.parse((await call(who, 'GET', 'teams/users/?page_size=0')).json()).results;
  const row = async (who: string, id: string): Promise<TeamUser | undefined> => (await team(who)).find((u) => u.id === id);
  const groupsOf = async (who: string, id: string) =>
    groupListSchema
      .parse((await call(who, 'GET', 'teams/groups/?page_size=0')).json())
      .results.filter((g) => g.members.some((m) => m.id === id))
      .map((g) => g.name);
  const mailsTo = (to: string) => t.app.mailer.outbox.filter((m) => m.to === to);
  const links = (to: string) => mailsTo(to).filter((m) => m.text.includes('activate?token=')).length;
  const invite = async (who: string, email: string, role = 'editor') => {
    const res = await call(who, 'POST', 'teams/users/', { email, role, first_name: 'Held', last_name: 'Invitee' });
    expect(res.statusCode, res.body).toBe(201);
    return teamUserSchema.parse(res.json()).id;
  };
  // Each from its own address: the activation call is limited per address, and these are many people.
  let activations = 0;
  const activate = async (email: string, password = DEMO_PASSWORD) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/activate/',
      remoteAddress: `10.0.0.${(activations += 1)}`,
      payload: { token: activationToken(t.app.mailer.outbox, email), password },
    });
  /** An activated account of Globex, made as Globex's owner would. */
  const globexAccount = async (email: string) => {
    const id = await invite('globex', email, 'viewer');
    expect((await activate(email)).statusCode).toBe(200);
    return id;
  };
  const group = async (who: string, name: string, memberId: string) => {
    const res = await call(who, 'POST', 'teams/groups/', { name, user_ids: [memberId] });
    expect(res.statusCode, res.body).toBe(201);
    return groupSchema.parse(res.json()).id;
  };

  beforeAll(async () => {
    t = await build(backend);
    ids = await demoTenantIds(t.app.services.db);
    const logins = { acme: 'owner@acme.test', admin: 'admin@acme.test', globex: 'owner@globex.test', super: 'super@demo.test' };
    for (const [who, email] of Object.entries(logins)) tokens[who] = (await login(t.app, email)).access;
    const initech = await call('super', 'POST', 'tenant/list/', { name: 'Initech', owner_email: 'boss@initech.test' });
    expect(initech.statusCode, initech.body).toBe(201);
    tenantDetailSchema.parse(initech.json());
    expect((await activate('boss@initech.test')).statusCode).toBe(200);
    tokens.initech = (await login(t.app, 'boss@initech.test')).access;
  });
  afterAll(() => t.close());

  it('becomes the inviter’s own pending invitation, groups and all, when the other organisation removes the account', async () => {
    const account = await globexAccount('dana@globex.test');
    const held = await invite('admin', 'dana@globex.test');
    await group('admin', 'Operations', held);
    const before = await row('acme', held);
    expect(before).toMatchObject({ status: 'pending', role: 'editor', first_name: 'Held', last_name: 'Invitee' });
    const sent = links('dana@globex.test');

    expect((await call('globex', 'DELETE', `teams/users/${account}/`)).statusCode).toBe(204);
    expect(await row('globex', account)).toBeUndefined();

    // Acme sees what it saw, as for any invitation still pending.
    expect(await row('acme', held)).toEqual(before);
    expect(await groupsOf('acme', held)).toEqual(['Operations']);
    const pending = teamUserListSchema.parse((await call('acme', 'GET', 'teams/users/?status=pending&search=dana')).json());
    expect(pending.results.map((u) => u.id)).toEqual([held]);

    // Nobody else owns the address now: it gets the invitation's activation link, once.
    expect(links('dana@globex.test')).toBe(sent + 1);
    const resent = await call('admin', 'POST', `teams/users/${held}/resend-invitation/`);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(links('dana@globex.test')).toBe(sent + 2);
    expect((await activate('dana@globex.test', 'dana-new-password')).statusCode).toBe(200);
    const session = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login/',
      payload: { username: 'dana@globex.test', password: 'dana-new-password' },
    });
    expect(session.statusCode, session.body).toBe(200);
    expect(session.json().user).toMatchObject({ tenantName: 'Acme', role: 'editor' });
    expect(await row('acme', held)).toMatchObject({ id: held, status: 'active', active: true });
  });

  it('gives the address to the oldest invitation; a later one stays held against the new account', async () => {
    const account = await globexAccount('erin@globex.test');
    const first = await invite('admin', 'erin@globex.test', 'viewer');
    const later = await invite('initech', 'erin@globex.test', 'admin');
    await group('initech', 'Initech staff', later);
    const [acmeBefore, initechBefore] = [await row('acme', first), await row('initech', later)];
    const sent = links('erin@globex.test');

    expect((await call('globex', 'DELETE', `teams/users/${account}/`)).statusCode).toBe(204);
    expect(await row('acme', first)).toEqual(acmeBefore);
    expect(await row('initech', later)).toEqual(initechBefore);
    expect(await groupsOf('initech', later)).toEqual(['Initech staff']);
    expect(links('erin@globex.test')).toBe(sent + 1);

    // Initech's invitation now waits on Acme's invitee: resending tells the address, with no link.
    const mails = mailsTo('erin@globex.test').length;
    expect((await call('initech', 'POST', `teams/users/${later}/resend-invitation/`)).statusCode).toBe(200);
    expect(mailsTo('erin@globex.test').length).toBe(mails + 1);
    expect(links('erin@globex.test')).toBe(sent + 1);

    // And when Acme withdraws its invitation, Initech's becomes the real one in turn.
    expect((await call('acme', 'DELETE', `teams/users/${first}/`)).statusCode).toBe(204);
    expect(await row('acme', first)).toBeUndefined();
    expect(await row('initech', later)).toEqual(initechBefore);
    expect(await groupsOf('initech', later)).toEqual(['Initech staff']);
    expect(links('erin@globex.test')).toBe(sent + 2);
    expect((await activate('erin@globex.test')).statusCode).toBe(200);
    expect((await login(t.app, 'erin@globex.test')).user).toMatchObject({ tenantName: 'Initech', role: 'admin' });
  });

  it('answers an invitation made while the account it would wait on is being deleted as any other', async () => {
    for (let i = 0; i < 12; i += 1) {
      const email = `race-${i}@globex.test`;
      const account = await globexAccount(email);
      const [removed, invited] = await Promise.all([
        call('globex', 'DELETE', `teams/users/${account}/`),
        call('initech', 'POST', 'teams/users/', { email, role: 'viewer' }),
      ]);
      expect(removed.statusCode).toBe(204);
      expect(invited.statusCode, invited.body).toBe(201);
      const id = teamUserSchema.parse(invited.json()).id;
      expect(await row('initech', id)).toMatchObject({ email, status: 'pending' });
    }
  });

  it('keeps a held invitation put in a group while its account is being deleted', async () => {
    for (let i = 0; i < 12; i += 1) {
      const email = `grouped-${i}@globex.test`;
      const account = await globexAccount(email);
      const held = await invite('admin', email, 'viewer');
      const groupId = await group('admin', `Race ${i}`, held);
      const [removed, set] = await Promise.all([
        call('globex', 'DELETE', `teams/users/${account}/`),
        call('admin', 'PUT', `teams/groups/${groupId}/members/`, { user_ids: [held] }),
      ]);
      expect(removed.statusCode).toBe(204);
      expect(set.statusCode, set.body).toBe(200);
      expect(await groupsOf('acme', held)).toEqual([`Race ${i}`]);
    }
  });

  it('withdraws or changes a held invitation while its account is being deleted, as asked', async () => {
    for (let i = 0; i < 12; i += 1) {
      const [gone, kept] = [`withdrawn-${i}@globex.test`, `promoted-${i}@globex.test`];
      const accounts = [await globexAccount(gone), await globexAccount(kept)];
      const held = [await invite('admin', gone, 'viewer'), await invite('admin', kept, 'viewer')];
      const answers = await Promise.all([
        ...accounts.map((id) => call('globex', 'DELETE', `teams/users/${id}/`)),
        call('admin', 'DELETE', `teams/users/${held[0]}/`),
        call('admin', 'PUT', `teams/users/${held[1]}/`, { role: 'editor' }),
      ]);
      expect(answers.map((a) => a.statusCode)).toEqual([204, 204, 204, 200]);
      expect(await row('acme', held[0]!)).toBeUndefined();
      expect(await row('acme', held[1]!)).toMatchObject({ email: kept, role: 'editor', status: 'pending' });
    }
  });

  it('becomes the inviter’s own pending invitation when the super admin deletes the other organisation', async () => {
    const held = await invite('acme', 'owner@globex.test', 'viewer');
    const groupId = await group('acme', 'Partners', held);
    const before = await row('acme', held);
    const sent = links('owner@globex.test');

    const deleted = await call('super', 'DELETE', `tenant/${ids.globex}/`, { confirm: 'Globex' });
    expect(deleted.statusCode, deleted.body).toBe(204);

    expect(await row('acme', held)).toEqual(before);
    expect(await groupsOf('acme', held)).toEqual(['Partners']);
    expect(links('owner@globex.test')).toBe(sent + 1);
    // A pending invitation like any other: it can be sent again and withdrawn.
    expect((await call('acme', 'POST', `teams/users/${held}/resend-invitation/`)).statusCode).toBe(200);
    expect(links('owner@globex.test')).toBe(sent + 2);
    expect((await call('acme', 'DELETE', `teams/users/${held}/`)).statusCode).toBe(204);
    expect(await row('acme', held)).toBeUndefined();
    expect(
      groupSchema.parse((await call('acme', 'GET', 'teams/groups/?page_size=0')).json().results.find((g: { id: string }) => g.id === groupId)).members,
    ).toEqual([]);
    // Withdrawn, the address is free: inviting it again is a fresh invitation.
    expect((await call('acme', 'POST', 'teams/users/', { email: 'owner@globex.test', role: 'viewer' })).statusCode).toBe(201);
  });
});
