import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scimTokenCreatedSchema, scimTokenListSchema, teamUserListSchema, type Session } from '@netloom/domain';
import { bearer, build, login, testBackends, type TestApp } from '../../test/build';
import { TestConsole } from '../../test/live-client';
import { enrolmentKey } from '../../test/agent-client';
import { addMember } from '../users/test-fixtures';

const SCIM_JSON = 'application/scim+json';
const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';
const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** SCIM 2.0 as Okta and Microsoft Entra ID drive it: a provisioning token per organisation, nothing else. */
describe.each(testBackends('pglite'))('SCIM provisioning on %s', (backend) => {
  let t: TestApp;
  let owner: Session;
  let globexOwner: Session;
  let acme: { tenantId: string };
  let acmeToken: string;
  let globexToken: string;

  const api = (s: Session, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v1/${url}`, headers: bearer(s.access), ...(payload ? { payload } : {}) });
  const scim = (token: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url: `/scim/v2${url}`,
      headers: { authorization: `Bearer ${token}`, ...(payload === undefined ? {} : { 'content-type': SCIM_JSON }) },
      ...(payload === undefined ? {} : { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) }),
    });
  const newToken = async (s: Session, name: string, default_role?: string) => {
    const res = await api(s, 'POST', 'tenant/scim/tokens/', { name, ...(default_role ? { default_role } : {}) });
    expect(res.statusCode, res.body).toBe(201);
    return scimTokenCreatedSchema.parse(res.json());
  };
  const oktaUser = (email: string, extra: Json = {}) => ({
    schemas: [USER],
    userName: email,
    name: { givenName: 'Ada', familyName: 'Lovelace' },
    emails: [{ primary: true, value: email, type: 'work' }],
    displayName: 'Ada Lovelace',
    locale: 'en-US',
    externalId: `okta-${email}`,
    groups: [],
    password: 'provider-sent-this',
    active: true,
    ...extra,
  });
  const members = async () => teamUserListSchema.parse((await api(owner, 'GET', 'teams/users/?page_size=0')).json()).results;
  const auditActions = async () => {
    const res = await api(owner, 'GET', 'logs/activity-logs/?page_size=0');
    return (res.json() as { results: { action?: string; activity?: string }[] }).results;
  };

  beforeAll(async () => {
    t = await build(backend);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    owner = await login(t.app, 'owner@acme.test');
    globexOwner = await login(t.app, 'owner@globex.test');
    acme = await enrolmentKey(t.app, 'Acme');
    acmeToken = (await newToken(owner, 'Okta')).token;
    globexToken = (await newToken(globexOwner, 'Entra ID')).token;
  });
  afterAll(() => t.close());

  describe('tokens', () => {
    it('are shown once, listed by prefix, and refused once revoked', async () => {
      const made = await newToken(owner, 'Spare', 'editor');
      expect(made.token.startsWith(made.prefix)).toBe(true);
      expect(made.default_role).toBe('editor');
      const list = scimTokenListSchema.parse((await api(owner, 'GET', 'tenant/scim/tokens/')).json()).results;
      expect(list.map((x) => x.name)).toEqual(['Okta', 'Spare']);
      expect(JSON.stringify(list)).not.toContain(made.token);
      expect((await scim(made.token, 'GET', '/Users')).statusCode).toBe(200);
      const used = scimTokenListSchema.parse((await api(owner, 'GET', 'tenant/scim/tokens/')).json()).results.find((x) => x.id === made.id)!;
      expect(used.last_used_at).not.toBeNull();
      expect((await api(owner, 'DELETE', `tenant/scim/tokens/${made.id}/`)).statusCode).toBe(204);
      const refused = await scim(made.token, 'GET', '/Users');
      expect(refused.statusCode).toBe(401);
      expect(refused.headers['content-type']).toContain(SCIM_JSON);
      expect(refused.json()).toMatchObject({ schemas: [ERROR], status: '401' });
    });

    it('are managed by owners only, and never across organisations', async () => {
      const admin = await login(t.app, 'admin@acme.test');
      expect((await api(admin, 'GET', 'tenant/scim/tokens/')).statusCode).toBe(403);
      expect((await api(admin, 'POST', 'tenant/scim/tokens/', { name: 'Mine' })).statusCode).toBe(403);
      const theirs = scimTokenListSchema.parse((await api(globexOwner, 'GET', 'tenant/scim/tokens/')).json()).results[0]!;
      expect((await api(owner, 'DELETE', `tenant/scim/tokens/${theirs.id}/`)).statusCode).toBe(404);
      expect((await scim(globexToken, 'GET', '/ServiceProviderConfig')).statusCode).toBe(200);
      expect((await api(owner, 'POST', 'tenant/scim/tokens/', { name: 'Boss', default_role: 'owner' })).statusCode).toBe(400);
    });

    it('no other bearer opens the service: none, a console session, a made-up token', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/scim/v2/Users' })).statusCode).toBe(401);
      expect((await scim(owner.access, 'GET', '/Users')).statusCode).toBe(401);
      expect((await scim(`nlscim_${'x'.repeat(43)}`, 'GET', '/Users')).statusCode).toBe(401);
    });
  });

  describe('discovery', () => {
    it('describes itself to the provider', async () => {
      const config = await scim(acmeToken, 'GET', '/ServiceProviderConfig');
      expect(config.headers['content-type']).toContain(SCIM_JSON);
      expect(config.json()).toMatchObject({ patch: { supported: true }, filter: { supported: true }, bulk: { supported: false } });
      const types = (await scim(acmeToken, 'GET', '/ResourceTypes')).json();
      expect(types.Resources.map((r: Json) => r.endpoint)).toEqual(['/Users', '/Groups']);
      const schemas = (await scim(acmeToken, 'GET', '/Schemas')).json();
      expect(schemas.Resources.map((r: Json) => r.id)).toEqual([USER, GROUP]);
      expect((await scim(acmeToken, 'GET', `/Schemas/${USER}`)).json().attributes.map((a: Json) => a.name)).toContain('userName');
      expect((await scim(acmeToken, 'GET', '/ResourceTypes/Group')).json()).toMatchObject({ endpoint: '/Groups', schema: GROUP });
      expect((await scim(acmeToken, 'GET', '/ResourceTypes/Device')).statusCode).toBe(404);
    });
  });

  describe('users, as Okta provisions them', () => {
    let id: string;

    it('looks the person up by userName, finds nobody, and creates them as a viewer without a password', async () => {
      const none = await scim(acmeToken, 'GET', `/Users?filter=${encodeURIComponent('userName eq "ada@acme.test"')}&startIndex=1&count=100`);
      expect(none.statusCode).toBe(200);
      expect(none.json()).toMatchObject({ totalResults: 0, Resources: [], startIndex: 1 });

      const made = await scim(acmeToken, 'POST', '/Users', oktaUser('Ada@Acme.test'));
      expect(made.statusCode, made.body).toBe(201);
      expect(made.headers['content-type']).toContain(SCIM_JSON);
      const user = made.json();
      id = user.id;
      expect(user).toMatchObject({
        userName: 'ada@acme.test',
        active: true,
        externalId: 'okta-Ada@Acme.test',
        name: { givenName: 'Ada', familyName: 'Lovelace' },
      });
      expect(made.headers.location).toBe(`http://console.test/scim/v2/Users/${id}`);
      expect(user).not.toHaveProperty('password');

      const member = (await members()).find((m) => m.id === id)!;
      expect(member).toMatchObject({ email: 'ada@acme.test', role: 'viewer', active: true, first_name: 'Ada' });
      // The provider's password is not kept: the account cannot sign in with it.
      const signIn = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login/', payload: { username: 'ada@acme.test', password: 'provider-sent-this' } });
      expect(signIn.statusCode).toBe(401);
      // Nor can one be set by e-mail: the provider signs this person in.
      const before = t.app.mailer.outbox.length;
      expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/password/reset/', payload: { email: 'ada@acme.test' } })).statusCode).toBe(200);
      await new Promise((r) => setTimeout(r, 100));
      expect(t.app.mailer.outbox.slice(before).filter((m) => m.to === 'ada@acme.test')).toEqual([]);
    });

    it('finds them by userName (any case), externalId and e-mail, and pages', async () => {
      for (const filter of [
        'userName eq "ADA@acme.test"',
        'externalId eq "okta-Ada@Acme.test"',
        'emails.value eq "ada@acme.test"',
        'emails[value eq "ada@acme.test"]',
      ]) {
        const res = await scim(acmeToken, 'GET', `/Users?filter=${encodeURIComponent(filter)}`);
        expect(res.statusCode, filter).toBe(200);
        expect(
          res.json().Resources.map((u: Json) => u.id),
          filter,
        ).toEqual([id]);
      }
      const all = (await scim(acmeToken, 'GET', '/Users?count=2')).json();
      expect(all.itemsPerPage).toBe(2);
      const second = (await scim(acmeToken, 'GET', '/Users?startIndex=3&count=2')).json();
      expect(second.startIndex).toBe(3);
      expect(second.totalResults).toBe(all.totalResults);
      expect(second.Resources[0].id).not.toBe(all.Resources[0].id);
      // The provider never sees the provider's own super admins.
      expect(JSON.stringify((await scim(acmeToken, 'GET', '/Users?count=200')).json())).not.toContain('super@demo.test');
      expect((await scim(acmeToken, 'GET', '/Users?count=0')).json()).toMatchObject({ Resources: [], itemsPerPage: 0 });
    });

    it('reads bodies sent as application/scim+json with a charset, or as plain JSON', async () => {
      for (const [i, contentType] of ['application/scim+json; charset=utf-8', 'application/json'].entries()) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/scim/v2/Users',
          headers: { authorization: `Bearer ${acmeToken}`, 'content-type': contentType },
          payload: JSON.stringify({ userName: `typed-${i}@acme.test` }),
        });
        expect(res.statusCode, `${contentType}: ${res.body}`).toBe(201);
        expect((await scim(acmeToken, 'DELETE', `/Users/${res.json().id}`)).statusCode).toBe(204);
      }
    });

    it('refuses a second account with the same userName (409 uniqueness), here or in another organisation', async () => {
      const again = await scim(acmeToken, 'POST', '/Users', oktaUser('ada@acme.test'));
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ schemas: [ERROR], status: '409', scimType: 'uniqueness' });
      expect((await scim(globexToken, 'POST', '/Users', oktaUser('ada@acme.test'))).statusCode).toBe(409);
    });

    it('replaces the profile with PUT', async () => {
      const res = await scim(acmeToken, 'PUT', `/Users/${id}`, oktaUser('ada@acme.test', { name: { givenName: 'Augusta', familyName: 'King' } }));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().name).toMatchObject({ givenName: 'Augusta', familyName: 'King' });
      expect((await members()).find((m) => m.id === id)).toMatchObject({ first_name: 'Augusta', last_name: 'King' });
    });

    it('deactivates with Okta’s path-less replace, and restores', async () => {
      const off = await scim(acmeToken, 'PATCH', `/Users/${id}`, { schemas: [PATCH_OP], Operations: [{ op: 'replace', value: { active: false } }] });
      expect(off.statusCode, off.body).toBe(200);
      expect(off.json().active).toBe(false);
      // Deactivated by the provider, not an invitation: nobody can send it a link that sets a password.
      expect((await members()).find((m) => m.id === id)).toMatchObject({ active: false, status: 'inactive' });
      expect((await api(owner, 'POST', `teams/users/${id}/resend-invitation/`)).statusCode).toBe(400);
      const on = await scim(acmeToken, 'PATCH', `/Users/${id}`, { schemas: [PATCH_OP], Operations: [{ op: 'replace', value: { active: true } }] });
      expect(on.json().active).toBe(true);
      const actions = (await auditActions()).map((r) => JSON.stringify(r));
      expect(actions.some((a) => a.includes('user.deactivated') && a.includes('SCIM: Okta'))).toBe(true);
      expect(actions.some((a) => a.includes('user.provisioned'))).toBe(true);
    });

    it('takes Entra’s capitalised operations with paths and "False" as a string', async () => {
      const res = await scim(acmeToken, 'PATCH', `/Users/${id}`, {
        schemas: [PATCH_OP],
        Operations: [
          { op: 'Replace', path: 'name.familyName', value: 'Byron' },
          { op: 'Add', path: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:department', value: 'Maths' },
          { op: 'Replace', path: 'active', value: 'False' },
        ],
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ active: false, name: { familyName: 'Byron' } });
      await scim(acmeToken, 'PATCH', `/Users/${id}`, { schemas: [PATCH_OP], Operations: [{ op: 'Replace', path: 'active', value: 'True' }] });
    });

    it('answers bad bodies with SCIM errors and changes nothing', async () => {
      const before = (await scim(acmeToken, 'GET', `/Users/${id}`)).json();
      const bad: [string, 'POST' | 'PUT' | 'PATCH', unknown][] = [
        ['/Users', 'POST', { userName: 'not an address' }],
        ['/Users', 'POST', '{"userName": '],
        ['/Users', 'POST', { userName: 'x@acme.test', active: 'maybe' }],
        ['/Users', 'POST', { userName: 'nul\u0000@acme.test' }],
        [`/Users/${id}`, 'PUT', { userName: 'ada@acme.test', name: { givenName: 'x'.repeat(5000) } }],
        [`/Users/${id}`, 'PATCH', { Operations: [{ op: 'replace', path: 'active', value: 'no' }] }],
        [`/Users/${id}`, 'PATCH', { Operations: [{ op: 'delete', path: 'active' }] }],
        [`/Users/${id}`, 'PATCH', { Operations: [{ op: 'replace', path: 'userName', value: 'owner@acme.test' }] }],
        [`/Users/${id}`, 'PATCH', { Operations: [{ op: 'remove' }] }],
        [`/Users/${id}`, 'PATCH', { Operations: 'everything' }],
        [`/Users/${id}`, 'PATCH', [1, 2]],
      ];
      for (const [url, method, body] of bad) {
        const res = await scim(acmeToken, method, url, body);
        expect(res.statusCode, `${method} ${url} ${JSON.stringify(body)}: ${res.body}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
        expect(res.headers['content-type']).toContain(SCIM_JSON);
        expect(res.json()).toMatchObject({ schemas: [ERROR], status: String(res.statusCode) });
      }
      expect((await scim(acmeToken, 'GET', `/Users/${id}`)).json()).toEqual(before);
      expect((await scim(acmeToken, 'GET', `/Users?filter=${encodeURIComponent('userName eq "x@acme.test"')}`)).json().totalResults).toBe(0);
      const unsupported = await scim(acmeToken, 'GET', `/Users?filter=${encodeURIComponent('userName co "ada"')}`);
      expect(unsupported.statusCode).toBe(400);
      expect(unsupported.json().scimType).toBe('invalidFilter');
      expect((await scim(acmeToken, 'GET', `/Users?filter=${encodeURIComponent('userName eq')}`)).json().scimType).toBe('invalidFilter');
      expect((await scim(acmeToken, 'GET', '/Users/not-a-uuid')).statusCode).toBe(404);
    });

    it('an invitation the provider deactivates can no longer be activated by its link', async () => {
      const email = `invited-${Date.now()}@acme.test`;
      const invited = await api(owner, 'POST', 'teams/users/', { email, role: 'viewer' });
      expect(invited.statusCode, invited.body).toBe(201);
      const link = /activate\?token=([\w-]+)/.exec([...t.app.mailer.outbox].reverse().find((m) => m.to === email)!.text)![1]!;
      const [found] = (await scim(acmeToken, 'GET', `/Users?filter=${encodeURIComponent(`userName eq "${email}"`)}`)).json().Resources;
      expect(found).toMatchObject({ active: false });
      const linked = await scim(acmeToken, 'PATCH', `/Users/${found.id}`, {
        schemas: [PATCH_OP],
        Operations: [{ op: 'replace', path: 'externalId', value: 'okta-9' }],
      });
      expect(linked.statusCode, linked.body).toBe(200);
      const activate = await t.app.inject({ method: 'POST', url: '/api/v1/auth/activate/', payload: { token: link, password: 'chosen-by-them-1' } });
      expect(activate.statusCode).toBe(400);
      expect((await scim(acmeToken, 'GET', `/Users/${found.id}`)).json().active).toBe(false);
    });

    it('keeps the organisation’s last active owner', async () => {
      const [ownerRow] = (await scim(acmeToken, 'GET', `/Users?filter=${encodeURIComponent('userName eq "owner@acme.test"')}`)).json().Resources;
      const res = await scim(acmeToken, 'PATCH', `/Users/${ownerRow.id}`, {
        schemas: [PATCH_OP],
        Operations: [{ op: 'replace', path: 'active', value: false }],
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().scimType).toBe('mutability');
      const removed = await scim(acmeToken, 'DELETE', `/Users/${ownerRow.id}`);
      expect(removed.statusCode).toBe(400);
      expect(removed.json()).toMatchObject({ schemas: [ERROR], status: '400', scimType: 'mutability' });
      expect((await api(owner, 'GET', 'tenant/scim/tokens/')).statusCode).toBe(200);
    });
  });

  describe('groups', () => {
    let group: string;
    let a: string;
    let b: string;

    beforeAll(async () => {
      a = (await scim(acmeToken, 'POST', '/Users', oktaUser('grace@acme.test'))).json().id;
      b = (await scim(acmeToken, 'POST', '/Users', oktaUser('alan@acme.test'))).json().id;
    });

    it('are the organisation’s groups: created with members, found by displayName', async () => {
      const made = await scim(acmeToken, 'POST', '/Groups', { schemas: [GROUP], displayName: 'Engineering', externalId: 'g-1', members: [{ value: a }] });
      expect(made.statusCode, made.body).toBe(201);
      group = made.json().id;
      expect(made.json().members.map((m: Json) => m.value)).toEqual([a]);
      const found = (await scim(acmeToken, 'GET', `/Groups?filter=${encodeURIComponent('displayName eq "engineering"')}&excludedAttributes=members`)).json();
      expect(found.Resources).toEqual([expect.objectContaining({ id: group, displayName: 'Engineering', externalId: 'g-1' })]);
      expect(found.Resources[0]).not.toHaveProperty('members');
      const console = (await api(owner, 'GET', 'teams/groups/?page_size=0')).json().results.find((g: Json) => g.id === group);
      expect(console.members.map((m: Json) => m.email)).toEqual(['grace@acme.test']);
      expect((await scim(acmeToken, 'POST', '/Groups', { displayName: 'engineering' })).statusCode).toBe(409);
    });

    it('take members added and removed by PATCH, as both providers send them', async () => {
      const add = await scim(acmeToken, 'PATCH', `/Groups/${group}`, {
        schemas: [PATCH_OP],
        Operations: [{ op: 'add', path: 'members', value: [{ value: b }] }],
      });
      expect(add.statusCode, add.body).toBe(200);
      expect(
        add
          .json()
          .members.map((m: Json) => m.value)
          .sort(),
      ).toEqual([a, b].sort());
      const remove = await scim(acmeToken, 'PATCH', `/Groups/${group}`, {
        schemas: [PATCH_OP],
        Operations: [{ op: 'Remove', path: `members[value eq "${a}"]` }],
      });
      expect(remove.statusCode, remove.body).toBe(200);
      expect(remove.json().members.map((m: Json) => m.value)).toEqual([b]);
      const rename = await scim(acmeToken, 'PATCH', `/Groups/${group}`, {
        schemas: [PATCH_OP],
        Operations: [{ op: 'replace', value: { id: group, displayName: 'Engineers' } }],
      });
      expect(rename.json().displayName).toBe('Engineers');
    });

    it('refuse a member that is not the organisation’s and change nothing', async () => {
      const [theirs] = (await scim(globexToken, 'GET', '/Users?count=1')).json().Resources;
      const before = (await scim(acmeToken, 'GET', `/Groups/${group}`)).json();
      const res = await scim(acmeToken, 'PUT', `/Groups/${group}`, { displayName: 'Renamed', members: [{ value: b }, { value: theirs.id }] });
      expect(res.statusCode).toBe(400);
      expect(res.json().scimType).toBe('invalidValue');
      expect((await scim(acmeToken, 'GET', `/Groups/${group}`)).json()).toEqual(before);
    });

    it('are replaced by PUT and deleted (their users stay)', async () => {
      const put = await scim(acmeToken, 'PUT', `/Groups/${group}`, { schemas: [GROUP], displayName: 'Engineers', members: [{ value: a }] });
      expect(put.json().members.map((m: Json) => m.value)).toEqual([a]);
      expect((await scim(acmeToken, 'DELETE', `/Groups/${group}`)).statusCode).toBe(204);
      expect((await scim(acmeToken, 'GET', `/Groups/${group}`)).statusCode).toBe(404);
      expect((await scim(acmeToken, 'GET', `/Users/${a}`)).statusCode).toBe(200);
    });

    it('a deleted user leaves the organisation', async () => {
      expect((await scim(acmeToken, 'DELETE', `/Users/${b}`)).statusCode).toBe(204);
      expect((await scim(acmeToken, 'GET', `/Users/${b}`)).statusCode).toBe(404);
      expect((await members()).some((m) => m.id === b)).toBe(false);
      expect((await scim(acmeToken, 'DELETE', `/Users/${b}`)).statusCode).toBe(404);
    });
  });

  describe('organisations stay apart', () => {
    it('a token of one organisation never sees or touches another’s users and groups', async () => {
      const theirs = (await scim(globexToken, 'GET', '/Users?count=200')).json().Resources as Json[];
      expect(theirs.length).toBeGreaterThan(0);
      expect(theirs.every((u) => !String(u.userName).endsWith('@acme.test'))).toBe(true);
      const victim = theirs[0]!;
      const before = (await scim(globexToken, 'GET', `/Users/${victim.id}`)).json();
      expect((await scim(acmeToken, 'GET', `/Users/${victim.id}`)).statusCode).toBe(404);
      expect((await scim(acmeToken, 'PUT', `/Users/${victim.id}`, oktaUser(victim.userName, { active: false }))).statusCode).toBe(404);
      expect((await scim(acmeToken, 'PATCH', `/Users/${victim.id}`, { Operations: [{ op: 'replace', value: { active: false } }] })).statusCode).toBe(404);
      expect((await scim(acmeToken, 'DELETE', `/Users/${victim.id}`)).statusCode).toBe(404);
      expect((await scim(acmeToken, 'GET', `/Users?filter=${encodeURIComponent(`userName eq "${victim.userName}"`)}`)).json().totalResults).toBe(0);
      expect((await scim(globexToken, 'GET', `/Users/${victim.id}`)).json()).toEqual(before);

      const group = (await scim(globexToken, 'POST', '/Groups', { displayName: 'Globex staff', members: [{ value: victim.id }] })).json();
      expect((await scim(acmeToken, 'GET', `/Groups/${group.id}`)).statusCode).toBe(404);
      expect((await scim(acmeToken, 'PATCH', `/Groups/${group.id}`, { Operations: [{ op: 'remove', path: 'members' }] })).statusCode).toBe(404);
      expect((await scim(acmeToken, 'DELETE', `/Groups/${group.id}`)).statusCode).toBe(404);
      expect((await scim(acmeToken, 'GET', '/Groups')).json().Resources.some((g: Json) => g.id === group.id)).toBe(false);
      expect((await scim(globexToken, 'GET', `/Groups/${group.id}`)).json().members).toHaveLength(1);
    });
  });

  describe('deactivation', () => {
    it('ends the person’s sessions at once: open consoles close within a second, tokens stop working', async () => {
      const linked = await addMember(t.app.services.db, acme.tenantId, 'editor');
      const session = await login(t.app, linked.email);
      const live = await TestConsole.open(t.app, `/ws/status/${acme.tenantId}`, session.access);
      await live.waitFor((m) => !!m.deviceinfo && !m.partial);
      // Okta links the account it finds by userName, then deactivates it.
      const [found] = (await scim(acmeToken, 'GET', `/Users?filter=${encodeURIComponent(`userName eq "${linked.email}"`)}`)).json().Resources;
      expect(found.id).toBe(linked.id);
      const since = Date.now();
      const res = await scim(acmeToken, 'PATCH', `/Users/${linked.id}`, { schemas: [PATCH_OP], Operations: [{ op: 'replace', value: { active: false } }] });
      expect(res.statusCode, res.body).toBe(200);
      const closed = await Promise.race([live.closed, new Promise<null>((r) => setTimeout(() => r(null), 1000))]);
      expect(closed, 'the console was still open 1 s after deactivation').not.toBeNull();
      expect(closed!.code).toBe(4401);
      expect(Date.now() - since).toBeLessThan(1000);
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/auth/user/', headers: bearer(session.access) })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/token/refresh/', payload: { refresh: session.refresh } })).statusCode).toBe(401);

      // Reactivated, the person signs in again.
      await scim(acmeToken, 'PATCH', `/Users/${linked.id}`, { schemas: [PATCH_OP], Operations: [{ op: 'replace', path: 'active', value: true }] });
      expect((await login(t.app, linked.email)).access).toBeTruthy();
    });
  });
});
