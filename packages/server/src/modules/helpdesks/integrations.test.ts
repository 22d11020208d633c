import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, like, sql } from 'drizzle-orm';
import { helpdeskStatusSchema } from '@netloom/domain';
import { bearer, build, login, testBackends, type TestApp } from '../../test/build';
import { enrolmentKey } from '../../test/agent-client';
import { FakeHelpdesk } from '../../test/fake-helpdesks';
import { auditLog, helpdeskIntegrations } from '../../db/schema/index';
import { guardedFetch } from '../../composition/outbound-fetch';
import { helpdeskClient } from './index';

describe.each(testBackends('pglite'))('ticket integrations on %s', (backend) => {
  let t: TestApp;
  let acme: string;
  let globex: string;
  let zendesk: FakeHelpdesk;
  let freshdesk: FakeHelpdesk;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    // The helpdesks here are local stand-ins: the lab switch lets the server call loopback.
    t = await build(backend, (c) => ({ ...c, helpdesks: { ...c.helpdesks, allowPrivateTargets: true } }));
    acme = (await enrolmentKey(t.app, 'Acme')).tenantId;
    globex = (await enrolmentKey(t.app, 'Globex')).tenantId;
    zendesk = await new FakeHelpdesk('zendesk', 'zd-token-123').start();
    freshdesk = await new FakeHelpdesk('freshdesk', 'fd-key-456').start();
    for (const who of ['owner@acme.test', 'admin@acme.test', 'editor@acme.test', 'owner@globex.test', 'super@demo.test'])
      tokens[who] = (await login(t.app, who)).access;
  });
  afterAll(async () => {
    await zendesk.stop();
    await freshdesk.stop();
    await t.close();
  });

  const call = (who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v1/${url}`, headers: bearer(tokens[who]!), ...(payload ? { payload } : {}) });
  const statusOf = async (who: string) => helpdeskStatusSchema.parse((await call(who, 'GET', 'tenant/support/ticket-integration/')).json());
  const zendeskBody = (token: string) => ({ url: zendesk.url, email: zendesk.email, api_token: token });

  it("sends tickets to Netloom's own helpdesk until one is connected", async () => {
    expect(await statusOf('owner@acme.test')).toEqual({ method: 'helpdesk', own: null, provider: null });
  });

  it('tries the credentials before keeping them: a wrong token is said at once and nothing is kept', async () => {
    const wrong = await call('owner@acme.test', 'POST', 'tenant/support/ticket-integration/?type=zendesk', zendeskBody('nope'));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().detail).toBe("Zendesk refused the credentials: Couldn't authenticate you");
    expect((await statusOf('owner@acme.test')).method).toBe('helpdesk');

    const missing = await call('owner@acme.test', 'POST', 'tenant/support/ticket-integration/?type=jira', zendeskBody('zd-token-123'));
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().errors)).toEqual(expect.arrayContaining(['service_desk_id', 'request_type_id']));
  });

  it('keeps good credentials sealed, answers only that they are set and when, and never writes them in the audit', async () => {
    const connected = await call('admin@acme.test', 'POST', 'tenant/support/ticket-integration/?type=zendesk', zendeskBody('zd-token-123'));
    expect(connected.statusCode, connected.body).toBe(201);
    expect(connected.json()).toEqual({
      type: 'zendesk',
      label: 'Zendesk',
      set: true,
      updated_at: expect.any(String),
      checked_at: expect.any(String),
      webhook_url: expect.stringMatching(/^http.*\/api\/v1\/support\/ticket-integration\/webhook\/[\w-]{32}\/$/),
    });
    expect(connected.body).not.toContain('zd-token-123');
    expect(zendesk.requests.at(-1)!.path).toBe('/api/v2/users/me.json');

    expect((await statusOf('owner@acme.test')).method).toBe('zendesk');
    const info = await call('owner@acme.test', 'GET', 'tenant/support/ticket-integration/credentials/zendesk/');
    expect(info.json()).toEqual({ type: 'zendesk', set: true, updated_at: connected.json().updated_at });
    expect((await call('owner@acme.test', 'GET', 'tenant/support/ticket-integration/credentials/freshdesk/')).json()).toEqual({
      type: 'freshdesk',
      set: false,
      updated_at: null,
    });

    const raw = await t.app.services.db.execute(sql`select credentials from helpdesk_integrations where owner = ${acme}`);
    const stored = (raw as unknown as { rows: { credentials: string }[] }).rows[0]!.credentials;
    expect(stored.startsWith('sealed:v1:')).toBe(true);
    expect(stored).not.toContain('zd-token-123');
    const audits = await t.app.services.db.select().from(auditLog).where(like(auditLog.action, 'helpdesk.%'));
    expect(audits.map((a) => [a.action, a.details])).toEqual([['helpdesk.connected', { type: 'zendesk', for: 'tenant' }]]);
    expect(JSON.stringify(audits)).not.toContain('zd-token-123');

    // The kept credentials reach the helpdesk when a ticket is raised there.
    const client = (await t.app.services.helpdesks.clientOf(acme, 'zendesk'))!;
    await client.check();
    expect(await t.app.services.helpdesks.clientOf(acme, 'freshdesk')).toBeNull();
  });

  it('is for owners and admins of the tenant only', async () => {
    expect((await call('editor@acme.test', 'GET', 'tenant/support/ticket-integration/')).statusCode).toBe(403);
    expect((await call('editor@acme.test', 'POST', 'tenant/support/ticket-integration/?type=zendesk', zendeskBody('zd-token-123'))).statusCode).toBe(403);
    expect((await call('owner@globex.test', 'PUT', `tenant/support/ticket-integration/${acme}/?type=zendesk`, zendeskBody('zd-token-123'))).statusCode).toBe(
      404,
    );
    expect((await call('owner@globex.test', 'GET', `tenant/support/ticket-integration/?tenant_id=${acme}`)).statusCode).toBe(404);
  });

  it("lets the provider connect a helpdesk for every tenant without its own; a tenant's own wins and removing it falls back", async () => {
    expect((await call('owner@acme.test', 'PUT', 'support/ticket-integration/?type=freshdesk', { url: freshdesk.url, api_key: 'fd-key-456' })).statusCode).toBe(
      403,
    );
    const provider = await call('super@demo.test', 'PUT', 'support/ticket-integration/?type=freshdesk', { url: freshdesk.url, api_key: 'fd-key-456' });
    expect(provider.statusCode, provider.body).toBe(200);
    expect(await statusOf('owner@globex.test')).toMatchObject({ method: 'freshdesk', own: null, provider: { type: 'freshdesk', webhook_url: null } });
    expect(await statusOf('owner@acme.test')).toMatchObject({ method: 'zendesk', own: { type: 'zendesk' }, provider: { type: 'freshdesk' } });

    expect((await call('owner@acme.test', 'DELETE', 'tenant/support/ticket-integration/?type=freshdesk')).statusCode).toBe(404);
    expect((await call('owner@acme.test', 'DELETE', 'tenant/support/ticket-integration/?type=zendesk')).statusCode).toBe(204);
    expect((await statusOf('owner@acme.test')).method).toBe('freshdesk');
    expect(await t.app.services.db.select().from(helpdeskIntegrations).where(eq(helpdeskIntegrations.owner, acme))).toEqual([]);
    expect((await call('super@demo.test', 'DELETE', 'support/ticket-integration/?type=freshdesk')).statusCode).toBe(204);
    expect((await statusOf('owner@globex.test')).method).toBe('helpdesk');
    expect(globex).toBeTruthy();
  });
});

describe('a helpdesk at a private address', () => {
  it('is refused unless the operator allows it, before any request leaves', async () => {
    const fake = await new FakeHelpdesk('zendesk').start();
    try {
      const fetcher = guardedFetch({ allowPrivate: false, resolve: async () => [], publicOnly: 'a helpdesk must have a public address' });
      const client = helpdeskClient({ type: 'zendesk', url: fake.url, email: fake.email, api_token: fake.secret }, fetcher);
      await expect(client.check()).rejects.toThrow('Zendesk: 127.0.0.1 is a private or local address: a helpdesk must have a public address');
      expect(fake.requests).toEqual([]);
    } finally {
      await fake.stop();
    }
  });
});
