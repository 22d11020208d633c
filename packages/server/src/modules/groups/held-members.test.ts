import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  customerListSchema,
  groupListSchema,
  groupSchema,
  teamUserListSchema,
  teamUserSchema,
  tenantDetailSchema,
  tenantMonitorSchema,
  TEAM_MESSAGES,
  type Group,
} from '@netloom/domain';
import { bearer, build, login, testBackends, type TestApp } from '../../test/build';

/**
 * An invitation of an address with an account in another organisation is held, and must act in
 * groups as any pending invitation: a group that refused it would tell the inviter the address is taken.
 */
describe.each(testBackends('pglite'))('user groups take a held invitation as any pending member on %s', (backend) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const ids = { fresh: '', held: '' };

  const call = (who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v1/${url}`, headers: bearer(tokens[who]!), ...(payload ? { payload } : {}) });
  const invite = async (who: string, email: string) => {
    const res = await call(who, 'POST', 'teams/users/', { email, role: 'viewer', first_name: 'Guest', last_name: 'Person' });
    expect(res.statusCode, res.body).toBe(201);
    return teamUserSchema.parse(res.json()).id;
  };
  /** A group's answer with what differs by nature (ids, names, addresses, times) set aside. */
  const comparable = (g: Group) => ({
    ...g,
    id: 'id',
    name: 'name',
    created_at: 'time',
    members: g.members.map((m) => ({ ...m, id: 'id', email: 'email' })),
  });
  const groups = async (who = 'viewer') => groupListSchema.parse((await call(who, 'GET', 'teams/groups/?page_size=0')).json()).results;
  const membersOf = async (id: string) =>
    (await groups())
      .find((g) => g.id === id)!
      .members.map((m) => m.id)
      .sort();

  beforeAll(async () => {
    t = await build(backend);
    for (const who of ['owner', 'admin', 'viewer']) tokens[who] = (await login(t.app, `${who}@acme.test`)).access;
    tokens.globex = (await login(t.app, 'owner@globex.test')).access;
    ids.fresh = await invite('admin', 'fresh.hire@acme.test');
    ids.held = await invite('admin', 'owner@globex.test');
  });
  afterAll(() => t.close());

  it('creates a group with either invitation alike, and lists it among the members', async () => {
    const answers = [];
    for (const [name, id] of [
      ['Fresh', ids.fresh],
      ['Held', ids.held],
    ] as const) {
      const res = await call('admin', 'POST', 'teams/groups/', { name, user_ids: [id] });
      answers.push({ status: res.statusCode, body: res.statusCode === 201 ? comparable(groupSchema.parse(res.json())) : res.json() });
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[0]?.status).toBe(201);
    const held = (await groups()).find((g) => g.name === 'Held')!;
    expect(held.members).toEqual([{ id: ids.held, email: 'owner@globex.test', first_name: 'Guest', last_name: 'Person' }]);
  });

  it('sets a group’s members with both, and takes them out again', async () => {
    const group = groupSchema.parse((await call('admin', 'POST', 'teams/groups/', { name: 'Both' })).json());
    const set = await call('admin', 'PUT', `teams/groups/${group.id}/members/`, { user_ids: [ids.held, ids.fresh] });
    expect(set.statusCode, set.body).toBe(200);
    expect(groupSchema.parse(set.json()).members.map((m) => m.email)).toEqual(['fresh.hire@acme.test', 'owner@globex.test']);
    expect(await membersOf(group.id)).toEqual([ids.fresh, ids.held].sort());
    const fewer = await call('admin', 'PUT', `teams/groups/${group.id}/members/`, { user_ids: [ids.fresh] });
    expect(groupSchema.parse(fewer.json()).members.map((m) => m.id)).toEqual([ids.fresh]);
    expect(await membersOf(group.id)).toEqual([ids.fresh]);
    // The change is recorded with the addresses, as for any member.
    const logs = await call('owner', 'GET', 'logs/activity-logs/?search=group.members_changed&page_size=0');
    expect(JSON.stringify(logs.json())).toContain('owner@globex.test');
  });

  it('counts a held invitation among the tenant’s users wherever a pending one counts', async () => {
    tokens.super = (await login(t.app, 'super@demo.test')).access;
    const listed = teamUserListSchema.parse((await call('owner', 'GET', 'teams/users/?page_size=1')).json()).count;
    const tenantId = (await login(t.app, 'owner@acme.test')).user.tenantId!;
    const customers = customerListSchema.parse((await call('super', 'GET', 'tenant/customers/?page_size=0')).json());
    const detail = tenantDetailSchema.parse((await call('super', 'GET', `tenant/${tenantId}/`)).json());
    const monitor = tenantMonitorSchema.parse((await call('super', 'POST', 'tenant/monitor/', { tenant_id: tenantId })).json());
    expect(monitor.users.map((u) => u.id)).toEqual(expect.arrayContaining([ids.fresh, ids.held]));
    expect([customers.results.find((c) => c.id === tenantId)?.users, detail.users, monitor.users.length]).toEqual([listed, listed, listed]);
  });

  it('takes a removed invitation out of its groups, as a removed pending member', async () => {
    const group = groupSchema.parse((await call('admin', 'POST', 'teams/groups/', { name: 'Leavers', user_ids: [ids.held, ids.fresh] })).json());
    expect(group.members).toHaveLength(2);
    for (const id of [ids.held, ids.fresh]) expect((await call('admin', 'DELETE', `teams/users/${id}/`)).statusCode).toBe(204);
    expect(await membersOf(group.id)).toEqual([]);
    for (const g of await groups()) expect(g.members.map((m) => m.id)).not.toContain(ids.held);
    // Gone, it is refused as any removed user.
    const again = await call('admin', 'PUT', `teams/groups/${group.id}/members/`, { user_ids: [ids.held] });
    expect(again.json().errors.user_ids).toEqual([TEAM_MESSAGES.notMembers]);
  });

  it('keeps another organisation’s held invitation out of this one’s groups', async () => {
    const globexHeld = await invite('globex', 'editor@acme.test');
    const group = groupSchema.parse((await call('admin', 'POST', 'teams/groups/', { name: 'Closed' })).json());
    const res = await call('admin', 'PUT', `teams/groups/${group.id}/members/`, { user_ids: [globexHeld] });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.user_ids).toEqual([TEAM_MESSAGES.notMembers]);
    const globexGroup = await call('globex', 'POST', 'teams/groups/', { name: 'Theirs', user_ids: [globexHeld] });
    expect(globexGroup.statusCode, globexGroup.body).toBe(201);
  });
});
