import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { HELPDESK_TYPES, ticketListSchema, ticketSchema, ticketThreadSchema, type HelpdeskType } from '@netloom/domain';
import { bearer, build, login, testBackends, type TestApp } from '../../test/build';
import { enrolmentKey } from '../../test/agent-client';
import { FakeHelpdesk } from '../../test/fake-helpdesks';
import { tickets as ticketsTable } from '../../db/schema/index';
import { deviceWithAlarms } from './test-fixtures';
import { TicketHelpdeskSync } from './helpdesk-sync';

const raise = { subject: 'Branch WAN flaps', description: 'wan1 goes down every hour', product: 'sdwan', category: 'incident', priority: 'high' };
const credentials = (fake: FakeHelpdesk) =>
  fake.type === 'zendesk'
    ? { url: fake.url, email: fake.email, api_token: fake.secret }
    : fake.type === 'freshdesk'
      ? { url: fake.url, api_key: fake.secret }
      : { url: fake.url, email: fake.email, api_token: fake.secret, service_desk_id: '1', request_type_id: '10' };
/** Each helpdesk's word for "solved" as its API answers it. */
const SOLVED: Record<HelpdeskType, [string | number, string?]> = { zendesk: ['solved'], freshdesk: [4], jira: ['Resolved', 'DONE'] };

describe.each(testBackends('concurrent writes'))('tickets raised in a connected helpdesk on %s', (backend) => {
  let t: TestApp;
  let acme: string;
  let gateway: string;
  const fakes = {} as Record<HelpdeskType, FakeHelpdesk>;
  const tokens: Record<string, string> = {};
  /** Everything the server logged: helpdesk credentials must never be in it. */
  const logged: string[] = [];

  beforeAll(async () => {
    // The helpdesks are local stand-ins: the lab switch lets the server call loopback.
    t = await build(backend, (c) => ({ ...c, logLevel: 'info', helpdesks: { ...c.helpdesks, allowPrivateTargets: true } }), undefined, {
      logStream: { write: (line) => void logged.push(line) },
    });
    acme = (await enrolmentKey(t.app, 'Acme')).tenantId;
    gateway = await deviceWithAlarms(t.app, acme, 'Paris branch');
    for (const type of HELPDESK_TYPES) fakes[type] = await new FakeHelpdesk(type, `${type}-secret`).start();
    for (const who of ['viewer@acme.test', 'owner@acme.test', 'super@demo.test']) tokens[who] = (await login(t.app, who)).access;
  });
  afterAll(async () => {
    for (const fake of Object.values(fakes)) await fake.stop();
    await t.close();
  });

  const call = (who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v1/${url}`, headers: { ...bearer(tokens[who]!), 'user-agent': 'Chrome/131' }, ...(payload ? { payload } : {}) });
  const connect = async (type: HelpdeskType) => {
    const res = await call('owner@acme.test', 'POST', `tenant/support/ticket-integration/?type=${type}`, credentials(fakes[type]));
    expect(res.statusCode, res.body).toBe(201);
    return res.json().webhook_url as string;
  };
  const raiseAsViewer = async () => {
    const res = await call('viewer@acme.test', 'POST', 'support/tickets/', { ...raise, device_id: gateway });
    expect(res.statusCode, res.body).toBe(201);
    return ticketSchema.parse(res.json());
  };
  const thread = async (id: string) => ticketThreadSchema.parse((await call('viewer@acme.test', 'GET', `support/tickets/${id}/`)).json());
  /** The sync's round, as the background runs it every few seconds or when woken. */
  const sync = () => t.app.services.ticketSync.round();
  /** Time passes: the ticket's next call to its helpdesk is due now. */
  const due = (id: string) =>
    t.app.services.db
      .update(ticketsTable)
      .set({ nextSyncAt: new Date(Date.now() - 1000) })
      .where(eq(ticketsTable.id, id));
  const stored = async (id: string) => (await t.app.services.db.select().from(ticketsTable).where(eq(ticketsTable.id, id)))[0]!;

  beforeEach(async () => {
    // Each test starts from Netloom's own desk; a test connects the helpdesk it needs.
    for (const type of HELPDESK_TYPES) await call('owner@acme.test', 'DELETE', `tenant/support/ticket-integration/?type=${type}`);
    for (const fake of Object.values(fakes)) {
      fake.tickets.length = 0;
      fake.recover();
    }
  });

  it.each(HELPDESK_TYPES)(
    "raises the ticket in %s with its context; the agent's reply and status come back by webhook; the customer's answer goes there",
    async (type) => {
      const fake = fakes[type];
      const webhook = await connect(type);
      const ticket = await raiseAsViewer();
      expect(ticket).toMatchObject({ method: type, status: 'open', external: { helpdesk: type, state: 'sending', reference: null, error: null } });

      await sync();
      expect(fake.tickets).toHaveLength(1);
      const there = fake.tickets[0]!;
      expect(there.subject).toBe('Branch WAN flaps');
      expect(there.description).toContain('wan1 goes down every hour');
      expect(there.description).toContain(`Netloom ticket #${ticket.number} · Acme`);
      expect(there.description).toContain('Device: Paris branch');
      expect(there.description).toContain('WAN wan1 is down');
      const reference = type === 'jira' ? there.key : String(there.id);
      const listed = ticketListSchema.parse((await call('viewer@acme.test', 'GET', 'support/tickets/')).json());
      expect(listed.results.find((r) => r.id === ticket.id)?.external).toMatchObject({ state: 'sent', reference, error: null });

      fake.agentReply(reference, 'Please send the WAN logs.');
      fake.setStatus(reference, ...SOLVED[type]);
      const path = new URL(webhook).pathname;
      const hook = await t.app.inject({ method: 'POST', url: path, payload: { ticket_id: type === 'jira' ? reference : Number(reference) } });
      expect(hook.statusCode, hook.body).toBe(202);
      await sync();
      const read = await thread(ticket.id);
      expect(read.status).toBe('solved');
      // Freshdesk's conversations name no agent; the others do.
      const agent = type === 'freshdesk' ? 'Support' : 'Alex Agent';
      expect(read.messages.map((m) => [m.author.side, m.author.name, m.body])).toEqual([['provider', agent, 'Please send the WAN logs.']]);
      expect(read.first_response_at).not.toBeNull();

      const answered = await call('viewer@acme.test', 'POST', `support/tickets/${ticket.id}/messages/`, { body: 'Logs are on the way' });
      expect(answered.statusCode, answered.body).toBe(201);
      await sync();
      // Written as the requester where the helpdesk allows it, else signed with the requester's name.
      expect(fake.find(reference)!.comments.filter((c) => c.body.includes('Logs are on the way'))).toHaveLength(1);
      // Read back, the customer's own answer is not taken for a second message.
      await due(ticket.id);
      await sync();
      expect((await thread(ticket.id)).messages.map((m) => m.body)).toEqual(['Please send the WAN logs.', 'Logs are on the way']);
    },
  );

  it('keeps a ticket the helpdesk could not take, says why and when it tries again, and sends it once the helpdesk is back', async () => {
    const fake = fakes.zendesk;
    await connect('zendesk');
    fake.failNext(503);
    const ticket = await raiseAsViewer();
    await sync();
    const waiting = await thread(ticket.id);
    expect(waiting.external).toMatchObject({ state: 'sending', error: 'Zendesk is unavailable (HTTP 503): Down for maintenance' });
    const retryIn = Date.parse(waiting.external!.next_attempt_at!) - Date.now();
    expect(retryIn).toBeGreaterThan(20_000);
    expect(fake.tickets).toHaveLength(0);

    // Asked to slow down: the next try waits at least what Retry-After said.
    await due(ticket.id);
    fake.failNext(429, { 'retry-after': '600' });
    await sync();
    expect(Date.parse((await thread(ticket.id)).external!.next_attempt_at!) - Date.now()).toBeGreaterThan(590_000);
    expect((await stored(ticket.id)).syncAttempts).toBe(2);

    await due(ticket.id);
    await sync();
    expect(fake.tickets).toHaveLength(1);
    expect((await thread(ticket.id)).external).toMatchObject({ state: 'sent', error: null, reference: String(fake.tickets[0]!.id) });
  });

  it('reads an open ticket back on its own every poll period, and no earlier', async () => {
    await connect('zendesk');
    const ticket = await raiseAsViewer();
    await sync();
    const next = (await stored(ticket.id)).nextSyncAt!.getTime() - Date.now();
    expect(next).toBeGreaterThan((t.config.helpdesks.pollSeconds - 5) * 1000);
    const reference = String(fakes.zendesk.tickets[0]!.id);
    fakes.zendesk.agentReply(reference, 'Looking into it.');
    await sync();
    expect((await thread(ticket.id)).messages).toEqual([]);
    await due(ticket.id);
    await sync();
    expect((await thread(ticket.id)).messages.map((m) => m.body)).toEqual(['Looking into it.']);
  });

  it("gives a ticket the helpdesk never took to Netloom's own desk when the helpdesk is disconnected, so it is still answered", async () => {
    await connect('zendesk');
    // Down for every call until it is disconnected (the reply wakes the sync too).
    fakes.zendesk.failNext(503, {}, 20);
    const ticket = await raiseAsViewer();
    await sync();
    await call('viewer@acme.test', 'POST', `support/tickets/${ticket.id}/messages/`, { body: 'Any news?' });
    await sync();
    expect((await call('owner@acme.test', 'DELETE', 'tenant/support/ticket-integration/?type=zendesk')).statusCode).toBe(204);
    await due(ticket.id);
    await sync();
    const moved = await thread(ticket.id);
    expect(moved).toMatchObject({ method: 'helpdesk', external: null });
    expect(moved.messages.map((m) => m.body)).toEqual(['Any news?']);
    const desk = await call('super@demo.test', 'POST', `support/desk/tickets/${ticket.id}/messages/`, { body: 'Answered by the desk' });
    expect(desk.statusCode, desk.body).toBe(201);
  });

  it("leaves status and public replies to the helpdesk's agents: the desk and the customer are told where it is worked", async () => {
    await connect('zendesk');
    const ticket = await raiseAsViewer();
    await sync();
    const reference = String(fakes.zendesk.tickets[0]!.id);
    const solved = await call('viewer@acme.test', 'PUT', `support/tickets/${ticket.id}/`, { status: 'solved' });
    expect(solved.statusCode).toBe(409);
    expect(solved.json().detail).toBe(`This ticket is worked in Zendesk (${reference}): answer it and change its status there`);
    const deskReply = await call('super@demo.test', 'POST', `support/desk/tickets/${ticket.id}/messages/`, { body: 'Hello' });
    expect(deskReply.statusCode).toBe(409);
    const note = await call('super@demo.test', 'POST', `support/desk/tickets/${ticket.id}/messages/`, { body: 'Tracked in Zendesk', internal: true });
    expect(note.statusCode, note.body).toBe(201);
    expect((await thread(ticket.id)).messages).toEqual([]);
  });

  it("refuses a webhook whose token names no integration, and one of another owner's integration reaches none of this tenant's tickets", async () => {
    const webhook = await connect('zendesk');
    const ticket = await raiseAsViewer();
    await sync();
    const reference = String(fakes.zendesk.tickets[0]!.id);
    const unknown = await t.app.inject({ method: 'POST', url: '/api/v1/support/ticket-integration/webhook/not-a-token/', payload: { ticket_id: reference } });
    expect(unknown.statusCode).toBe(404);
    const empty = await t.app.inject({ method: 'POST', url: new URL(webhook).pathname, payload: {} });
    expect(empty.statusCode).toBe(400);
    // Bytes no database column takes are refused as input, in the token and in the body.
    const nul = await t.app.inject({ method: 'POST', url: '/api/v1/support/ticket-integration/webhook/a%00b/', payload: { ticket_id: reference } });
    expect(nul.statusCode).toBe(400);
    const nulBody = await t.app.inject({ method: 'POST', url: new URL(webhook).pathname, payload: { ticket_id: 'a\u0000b' } });
    expect(nulBody.statusCode).toBe(400);

    const provider = await call('super@demo.test', 'PUT', 'support/ticket-integration/?type=zendesk', credentials(fakes.zendesk));
    const providerHook = new URL(provider.json().webhook_url as string).pathname;
    const before = (await stored(ticket.id)).nextSyncAt;
    expect((await t.app.inject({ method: 'POST', url: providerHook, payload: { ticket_id: reference } })).statusCode).toBe(202);
    expect((await stored(ticket.id)).nextSyncAt).toEqual(before);
    await call('super@demo.test', 'DELETE', 'support/ticket-integration/?type=zendesk');
  });

  it('creates a ticket once when two instances find it due at the same time', async () => {
    const helpdesks = t.app.services.helpdesks;
    const otherInstance = new TicketHelpdeskSync({
      db: t.app.services.db,
      helpdesks: { methodFor: (id) => helpdesks.methodFor(id), clientOf: (owner, type) => helpdesks.clientOf(owner, type) },
      announce: { tenant: async () => undefined, desk: async () => undefined },
      log: t.app.log,
      pollMs: 60_000,
    });
    await connect('zendesk');
    await raiseAsViewer();
    await Promise.all([sync(), otherInstance.round()]);
    expect(fakes.zendesk.tickets).toHaveLength(1);
  });

  it('never writes a helpdesk credential in the log, while saying which call failed and why', () => {
    expect(logged.some((l) => l.includes('helpdesk sync: the call failed'))).toBe(true);
    for (const type of HELPDESK_TYPES) expect(logged.filter((l) => l.includes(`${type}-secret`))).toEqual([]);
  });
});
