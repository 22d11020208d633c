import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HelpdeskCredentials, HelpdeskType } from '@netloom/domain';
import { FakeHelpdesk } from '../../test/fake-helpdesks';
import { helpdeskClient, HelpdeskError } from './index';
import type { HelpdeskClient } from './client';
import { retryAfterMs } from './http';

const credentialsFor = (fake: FakeHelpdesk, secret = fake.secret): HelpdeskCredentials => {
  if (fake.type === 'zendesk') return { type: 'zendesk', url: fake.url, email: fake.email, api_token: secret };
  if (fake.type === 'freshdesk') return { type: 'freshdesk', url: fake.url, api_key: secret };
  return { type: 'jira', url: fake.url, email: fake.email, api_token: secret, service_desk_id: '1', request_type_id: '10' };
};

const ticket = {
  subject: 'The Paris gateway drops its VPN',
  description: 'Since 08:00 the tunnel to Lyon goes down every ten minutes.\n\nDevice: paris-gw (NL-200, 4.2.1), synced, revision 12',
  priority: 'high' as const,
  requester: { name: 'Olivia Owner', email: 'owner@acme.test' },
  reference: 'a1b2c3',
};

async function failure(p: Promise<unknown>): Promise<HelpdeskError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(HelpdeskError);
  return e as HelpdeskError;
}

describe.each<HelpdeskType>(['zendesk', 'freshdesk', 'jira'])('the %s client against its documented API', (type) => {
  let fake: FakeHelpdesk;
  let client: HelpdeskClient;

  beforeAll(async () => {
    fake = await new FakeHelpdesk(type).start();
    client = helpdeskClient(credentialsFor(fake), fetch);
  });
  afterAll(() => fake.stop());

  it('proves good credentials and names bad ones as the reason', async () => {
    await client.check();
    const bad = await failure(helpdeskClient(credentialsFor(fake, 'wrong'), fetch).check());
    expect(bad.kind).toBe('credentials');
    expect(bad.retryable).toBe(false);
    expect(bad.message).toMatch(/refused the credentials/);
  });

  it("raises a ticket with its subject, its context and its requester, open, and reads the agents' public answers back in order over pages", async () => {
    const created = await client.create(ticket);
    expect(created.status).toBe('open');
    expect(created.url).toContain(created.id);
    const stored = fake.find(created.id)!;
    expect(stored.subject).toBe(ticket.subject);
    expect(stored.description).toContain('paris-gw (NL-200, 4.2.1)');
    if (type === 'zendesk') expect(stored.priority).toBe('high');
    if (type === 'freshdesk') expect(stored.priority).toBe(3);
    if (type === 'jira') expect(stored.description).toContain('Priority: high');

    fake.agentReply(created.id, 'We see the drops too. Which ISP?');
    fake.agentReply(created.id, 'internal: check the BGP timers', false);
    await client.reply(created.id, 'Orange, since Monday', ticket.requester);
    fake.agentReply(created.id, 'Orange confirmed an outage.');

    const thread = await client.comments(created.id);
    const answers = thread.filter((c) => c.byAgent).map((c) => c.body);
    expect(answers).toEqual(['We see the drops too. Which ISP?', 'Orange confirmed an outage.']);
    const ours = thread.filter((c) => !c.byAgent).map((c) => c.body);
    expect(ours.some((b) => b.includes('Orange, since Monday'))).toBe(true);
    expect(thread.map((c) => c.body).join('\n')).not.toContain('internal: check the BGP timers');
  });

  it("reads the helpdesk's status as Netloom's", async () => {
    const created = await client.create(ticket);
    if (type === 'zendesk') fake.setStatus(created.id, 'hold');
    if (type === 'freshdesk') fake.setStatus(created.id, 4);
    if (type === 'jira') fake.setStatus(created.id, 'Waiting for customer');
    expect((await client.get(created.id)).status).toBe(type === 'zendesk' ? 'on_hold' : type === 'freshdesk' ? 'solved' : 'pending');
    if (type === 'jira') {
      fake.setStatus(created.id, 'Resolved', 'DONE');
      expect((await client.get(created.id)).status).toBe('solved');
    }
  });

  it('says a rate limit with how long to wait, and an outage as worth trying again', async () => {
    fake.failNext(429, { 'retry-after': '7' });
    const limited = await failure(client.get('101'));
    expect(limited).toMatchObject({ kind: 'rate_limited', retryAfterMs: 7000 });
    expect(limited.retryable).toBe(true);
    fake.failNext(503);
    const down = await failure(client.create(ticket));
    expect(down.kind).toBe('unavailable');
    expect(down.retryable).toBe(true);
  });

  it("passes on the helpdesk's own reason when it refuses a request, and a missing ticket as such", async () => {
    const bad =
      type === 'zendesk'
        ? client.create({ ...ticket, subject: '' })
        : type === 'freshdesk'
          ? client.create({ ...ticket, requester: { name: 'x', email: 'not-an-email' } })
          : helpdeskClient({ ...(credentialsFor(fake) as Extract<HelpdeskCredentials, { type: 'jira' }>), request_type_id: '99' }, fetch).create(ticket);
    const refused = await failure(bad);
    expect(refused.kind).toBe('refused');
    expect(refused.message).toMatch(
      type === 'zendesk' ? /Record validation errors/ : type === 'freshdesk' ? /email: It should be a valid email address/ : /request type/,
    );
    expect((await failure(client.get(type === 'jira' ? 'NET-99999' : '99999'))).kind).toBe('not_found');
  });
});

describe('a helpdesk that cannot be reached', () => {
  it('is unavailable, and worth trying again', async () => {
    const fake = await new FakeHelpdesk('zendesk').start();
    await fake.stop();
    const e = await failure(helpdeskClient(credentialsFor(fake), fetch).check());
    expect(e.kind).toBe('unavailable');
    expect(e.message).toBe('Zendesk could not be reached');
  });
});

describe('Retry-After', () => {
  it('reads seconds and HTTP dates, bounds them, and waits a minute when told nothing', () => {
    expect(retryAfterMs('30')).toBe(30_000);
    expect(retryAfterMs(new Date(Date.UTC(2026, 10, 30, 8, 0, 20)).toUTCString(), Date.UTC(2026, 10, 30, 8, 0, 0))).toBe(20_000);
    expect(retryAfterMs('999999')).toBe(15 * 60_000);
    expect(retryAfterMs(null)).toBe(60_000);
    expect(retryAfterMs('soon')).toBe(60_000);
  });
});
