import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CONFIG_PATHS, LIVE_DESK_PATH, ORG_PATHS, ticketListSchema, ticketSchema, ticketThreadSchema, ticketAttachmentSchema } from '@netloom/domain';
import { bearer, build, login, testBackends, type TestApp } from '../../test/build';
import { enrolmentKey } from '../../test/agent-client';
import { TestConsole } from '../../test/live-client';
import { auditLog, tickets as ticketsTable } from '../../db/schema/index';
import { deviceWithAlarms, multipart } from './test-fixtures';

const raise = { subject: 'Branch WAN flaps', description: 'wan1 goes down every hour', product: 'sdwan', category: 'incident', priority: 'high' };

describe.each(testBackends('driver'))('support tickets on %s', (backend) => {
  let t: TestApp;
  let acme: string;
  let globex: string;
  let gateway: string;
  const tokens: Record<string, string> = {};
  const sockets: TestConsole[] = [];

  beforeAll(async () => {
    t = await build(backend);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    acme = (await enrolmentKey(t.app, 'Acme')).tenantId;
    globex = (await enrolmentKey(t.app, 'Globex')).tenantId;
    gateway = await deviceWithAlarms(t.app, acme, 'Paris branch');
    for (const who of ['viewer@acme.test', 'owner@acme.test', 'owner@globex.test', 'super@demo.test', 'support@demo.test', 'guest@acme.test'])
      tokens[who] = (await login(t.app, who)).access;
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t.close();
  });

  const call = (who: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url: `/api/v1/${url}`, headers: { ...bearer(tokens[who]!), ...headers }, ...(payload ? { payload } : {}) });
  const upload = (who: string, url: string, name: string, bytes: Buffer) => {
    const body = multipart(name, bytes);
    return t.app.inject({ method: 'POST', url: `/api/v1/${url}`, headers: { ...bearer(tokens[who]!), ...body.headers }, payload: body.payload });
  };
  const raiseAs = async (who: string, extra: object = {}) => {
    const res = await call(who, 'POST', 'support/tickets/', { ...raise, ...extra }, { 'user-agent': 'Mozilla/5.0 (X11; Linux) Chrome/131' });
    expect(res.statusCode, res.body).toBe(201);
    return ticketSchema.parse(res.json());
  };

  it("lets a viewer raise a ticket about a device, keeping the device's model, firmware, sync state and recent alarms and the browser", async () => {
    const ticket = await raiseAs('viewer@acme.test', { device_id: gateway, console_version: '1.9.0' });
    expect(ticket).toMatchObject({
      subject: 'Branch WAN flaps',
      status: 'open',
      priority: 'high',
      method: 'helpdesk',
      requester: { email: 'viewer@acme.test', name: 'Victor Viewer' },
      device: { id: gateway, name: 'Paris branch' },
      tenant: { id: acme },
    });
    expect(ticket.context).toMatchObject({
      browser: 'Mozilla/5.0 (X11; Linux) Chrome/131',
      console_version: '1.9.0',
      device: { model: 'NL-500', firmware: '4.2.1', sync_state: expect.any(String), revision: null },
    });
    expect(ticket.context.device!.recent_alarms.map((a) => a.alarm)).toEqual(['WAN wan1 is up', 'WAN wan1 is down']);
    // A high ticket is answered within 4 h and solved within 24 h of raising.
    expect(Date.parse(ticket.sla.first_response.due) - Date.parse(ticket.created_at)).toBe(4 * 3_600_000);
    expect(ticket.sla.first_response.breached).toBe(false);
    const audit = await t.app.services.db.select().from(auditLog).where(eq(auditLog.action, 'ticket.raised'));
    expect(audit).toMatchObject([{ tenantId: acme, actorEmail: 'viewer@acme.test', target: 'Branch WAN flaps' }]);
  });

  it("refuses another tenant's device, a missing subject and a guest, and keeps nothing", async () => {
    const globexDevice = await deviceWithAlarms(t.app, globex, 'Globex HQ');
    const foreign = await call('owner@acme.test', 'POST', 'support/tickets/', { ...raise, device_id: globexDevice });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors).toEqual({ device_id: ['The device is not one of this organisation.'] });
    const blank = await call('owner@acme.test', 'POST', 'support/tickets/', { ...raise, subject: ' ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors).toEqual({ subject: ['Field is required'] });
    expect((await call('guest@acme.test', 'POST', 'support/tickets/', raise)).statusCode).toBe(403);
    expect(ticketListSchema.parse((await call('owner@acme.test', 'GET', 'support/tickets/')).json()).count).toBe(1);
  });

  it('takes attachments up to 5 MB of the allowed types, and says why it refuses the others', async () => {
    const ok = await upload('viewer@acme.test', 'support/attachments/', 'capture.pcap', Buffer.alloc(2048, 1));
    expect(ok.statusCode, ok.body).toBe(201);
    const file = ticketAttachmentSchema.parse(ok.json());
    expect(file).toMatchObject({ filename: 'capture.pcap', content_type: 'application/vnd.tcpdump.pcap', size: 2048 });

    const big = await upload('viewer@acme.test', 'support/attachments/', 'huge.log', Buffer.alloc(5 * 1024 * 1024 + 1, 97));
    expect(big.statusCode).toBe(400);
    expect(big.json()).toMatchObject({ code: 'invalid', errors: { file: ['A file may be at most 5 MB'] } });
    const exe = await upload('viewer@acme.test', 'support/attachments/', 'setup.exe', Buffer.from('MZ'));
    expect(exe.statusCode).toBe(400);
    expect(exe.json().errors.file[0]).toMatch(/Attach images, PDF, text or log files/);
    const notMultipart = await call('viewer@acme.test', 'POST', 'support/attachments/', { file: 'x' });
    expect(notMultipart.statusCode).toBe(400);

    const four = await call('viewer@acme.test', 'POST', 'support/tickets/', {
      ...raise,
      attachment_ids: [file.id, crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()],
    });
    expect(four.statusCode).toBe(400);
    expect(four.json().errors).toEqual({ attachment_ids: ['At most 3 files per message'] });
    // Someone else's upload is not theirs to attach.
    const stolen = await call('owner@acme.test', 'POST', 'support/tickets/', { ...raise, attachment_ids: [file.id] });
    expect(stolen.statusCode).toBe(422);

    const ticket = await raiseAs('viewer@acme.test', { subject: 'Capture attached', attachment_ids: [file.id] });
    expect(ticket.attachments).toEqual([file]);
    const download = await call('viewer@acme.test', 'GET', `support/tickets/${ticket.id}/attachments/${file.id}/`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/vnd.tcpdump.pcap');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="capture.pcap"/);
    expect(download.rawPayload).toEqual(Buffer.alloc(2048, 1));
    // Used once: it cannot be attached again.
    expect((await call('viewer@acme.test', 'POST', 'support/tickets/', { ...raise, attachment_ids: [file.id] })).statusCode).toBe(422);
  });

  it("keeps internal notes from the tenant's thread and files, and e-mails the requester only the desk's public replies", async () => {
    const ticket = await raiseAs('viewer@acme.test', { subject: 'Note privacy', priority: 'urgent' });
    const mailsBefore = t.app.services.mailer.outbox.length;
    const noteFile = ticketAttachmentSchema.parse(
      (await upload('support@demo.test', 'support/desk/attachments/', 'notes.txt', Buffer.from('internal'))).json(),
    );
    const note = await call('support@demo.test', 'POST', `support/desk/tickets/${ticket.id}/messages/`, {
      body: 'Customer runs an old firmware, check #4411',
      internal: true,
      attachment_ids: [noteFile.id],
    });
    expect(note.statusCode, note.body).toBe(201);
    expect(t.app.services.mailer.outbox.length).toBe(mailsBefore);
    const reply = await call('support@demo.test', 'POST', `support/desk/tickets/${ticket.id}/messages/`, { body: 'Please update to 4.3 and tell us.' });
    expect(reply.statusCode).toBe(201);

    const desk = ticketThreadSchema.parse(reply.json());
    expect(desk.messages.map((m) => [m.author.name, m.internal])).toEqual([
      ['Sue Support', true],
      ['Sue Support', false],
    ]);
    expect(desk.status).toBe('pending');
    expect(desk.first_response_at).not.toBeNull();

    const tenant = ticketThreadSchema.parse((await call('viewer@acme.test', 'GET', `support/tickets/${ticket.id}/`)).json());
    expect(tenant.messages.map((m) => m.body)).toEqual(['Please update to 4.3 and tell us.']);
    expect(JSON.stringify(tenant)).not.toContain('#4411');
    expect((await call('viewer@acme.test', 'GET', `support/tickets/${ticket.id}/attachments/${noteFile.id}/`)).statusCode).toBe(404);
    expect((await call('support@demo.test', 'GET', `support/desk/tickets/${ticket.id}/attachments/${noteFile.id}/`)).statusCode).toBe(200);

    const mail = t.app.services.mailer.outbox.at(-1)!;
    expect(mail.to).toBe('viewer@acme.test');
    expect(mail.subject).toBe(`[Ticket #${ticket.number}] Note privacy`);
    expect(mail.text).toContain('Please update to 4.3 and tell us.');
    expect(mail.text).toContain(`http://console.test/support/ticket/helpdesk/trackTicket?ticket=${ticket.id}`);
    expect(mail.text).not.toContain('#4411');
  });

  it('reopens a solved ticket on the customer’s reply, and keeps a closed one closed', async () => {
    const ticket = await raiseAs('owner@acme.test', { subject: 'Status rules' });
    const solved = await call('owner@acme.test', 'PUT', `support/tickets/${ticket.id}/`, { status: 'solved' });
    expect(solved.statusCode).toBe(200);
    expect(ticketThreadSchema.parse(solved.json())).toMatchObject({ status: 'solved', solved_at: expect.any(String) });
    expect((await call('owner@acme.test', 'PUT', `support/tickets/${ticket.id}/`, { status: 'open' })).statusCode).toBe(400);

    const reopened = await call('owner@acme.test', 'POST', `support/tickets/${ticket.id}/messages/`, { body: 'It came back.' });
    expect(ticketThreadSchema.parse(reopened.json())).toMatchObject({ status: 'open', solved_at: null });

    // Solved five days ago: the periodic close makes it final.
    await call('support@demo.test', 'PATCH', `support/desk/tickets/${ticket.id}/`, { status: 'solved' });
    await t.app.services.db
      .update(ticketsTable)
      .set({ solvedAt: new Date(Date.now() - 5 * 86_400_000) })
      .where(eq(ticketsTable.id, ticket.id));
    expect(await t.app.services.supportDesk.closeSolved(4)).toBe(1);
    const closed = ticketThreadSchema.parse((await call('owner@acme.test', 'GET', `support/tickets/${ticket.id}/`)).json());
    expect(closed.status).toBe('closed');
    const late = await call('owner@acme.test', 'POST', `support/tickets/${ticket.id}/messages/`, { body: 'Again?' });
    expect(late.statusCode).toBe(409);
    expect(late.json().detail).toBe('A closed ticket cannot change: raise a new ticket');
    expect((await call('support@demo.test', 'PATCH', `support/desk/tickets/${ticket.id}/`, { status: 'open' })).statusCode).toBe(409);
    expect((await call('support@demo.test', 'PATCH', `support/desk/tickets/${ticket.id}/`, { status: 'closed' })).statusCode).toBe(400);
  });

  it("lists the tenant's own tickets by the spec's query, newest first, paged; another tenant's are unreachable", async () => {
    const all = ticketListSchema.parse((await call('viewer@acme.test', 'GET', 'support/tickets/?page_size=2')).json());
    expect(all.count).toBe(4);
    expect(all.results.map((r) => r.subject)).toEqual(['Status rules', 'Note privacy']);
    expect(all.next).toContain('page=2');
    const urgent = ticketListSchema.parse((await call('viewer@acme.test', 'GET', 'support/tickets/?priority=urgent')).json());
    expect(urgent.results.map((r) => r.subject)).toEqual(['Note privacy']);
    const today = new Date().toISOString().slice(0, 10);
    expect(
      ticketListSchema.parse((await call('viewer@acme.test', 'GET', `support/tickets/?start_date=${today}&end_date=${today}&status=closed`)).json()).count,
    ).toBe(1);
    expect(ticketListSchema.parse((await call('viewer@acme.test', 'GET', 'support/tickets/?end_date=2020-01-01')).json()).count).toBe(0);
    expect((await call('viewer@acme.test', 'GET', 'support/tickets/?start_date=yesterday')).statusCode).toBe(400);

    const acmeTicket = all.results[0]!;
    expect(ticketListSchema.parse((await call('owner@globex.test', 'GET', 'support/tickets/')).json()).count).toBe(0);
    expect((await call('owner@globex.test', 'GET', `support/tickets/${acmeTicket.id}/`)).statusCode).toBe(404);
    expect((await call('owner@globex.test', 'POST', `support/tickets/${acmeTicket.id}/messages/`, { body: 'hi' })).statusCode).toBe(404);
    expect((await call('owner@globex.test', 'GET', `support/tickets/?tenant_id=${acme}`)).statusCode).toBe(404);
    // A super admin reads a tenant's tickets by naming it.
    expect(ticketListSchema.parse((await call('super@demo.test', 'GET', `support/tickets/?tenant_id=${acme}`)).json()).count).toBe(4);
  });

  it('gives the desk a queue across tenants filtered by status, priority, tenant, assignee and SLA breach, the soonest due first', async () => {
    const g = await raiseAs('owner@globex.test', { subject: 'Globex question', priority: 'low', category: 'question' });
    const queue = async (q = '') => ticketListSchema.parse((await call('support@demo.test', 'GET', `support/desk/tickets/${q}`)).json());
    expect((await queue()).count).toBe(5);
    expect((await queue(`?tenant_id=${globex}`)).results.map((r) => r.id)).toEqual([g.id]);
    expect((await queue('?priority=low')).results.map((r) => r.id)).toEqual([g.id]);
    // The soonest due first: of the unanswered ones, the high tickets (4 h) before the low one (24 h).
    const open = await queue('?status=open');
    expect(open.results.at(-1)!.id).toBe(g.id);

    const engineers = (await call('support@demo.test', 'GET', 'support/desk/engineers/')).json() as { id: string; email: string }[];
    const sue = engineers.find((e) => e.email === 'support@demo.test')!;
    const assigned = await call('support@demo.test', 'PATCH', `support/desk/tickets/${g.id}/`, { assignee_id: sue.id, priority: 'urgent' });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(ticketThreadSchema.parse(assigned.json())).toMatchObject({ assignee: { email: 'support@demo.test' }, priority: 'urgent' });
    expect((await queue('?assignee=me')).results.map((r) => r.id)).toEqual([g.id]);
    expect((await queue('?assignee=none')).count).toBe(4);
    const viewerId = ticketSchema.parse(await raiseAs('viewer@acme.test', { subject: 'x' })).requester.id;
    expect((await call('support@demo.test', 'PATCH', `support/desk/tickets/${g.id}/`, { assignee_id: viewerId })).statusCode).toBe(422);
    const audit = await t.app.services.db.select().from(auditLog).where(eq(auditLog.action, 'ticket.updated'));
    expect(audit.at(-1)).toMatchObject({
      tenantId: globex,
      actorEmail: 'support@demo.test',
      details: { id: g.id, priority: 'urgent', via_support_desk: true },
    });

    // Raised two hours ago as urgent: its one-hour first response is breached.
    await t.app.services.db
      .update(ticketsTable)
      .set({ createdAt: new Date(Date.now() - 2 * 3_600_000) })
      .where(eq(ticketsTable.id, g.id));
    const breached = await queue('?breached=true');
    expect(breached.results.map((r) => r.id)).toEqual([g.id]);
    expect(breached.results[0]!.sla.first_response).toMatchObject({ breached: true });
    expect((await queue('?breached=false')).results.map((r) => r.id)).not.toContain(g.id);
  });

  it('lets a support engineer work the desk but not read or change any tenant’s configuration or console', async () => {
    const support = (method: 'GET' | 'PUT', url: string, payload?: object) => call('support@demo.test', method, url, payload);
    // Naming a tenant they are no member of answers as if it did not exist, as for any outsider.
    for (const url of [`${CONFIG_PATHS.document(gateway)}?tid=${acme}`, `${ORG_PATHS.configPreference}?tid=${acme}`, `support/tickets/?tenant_id=${acme}`]) {
      const res = await support('GET', url);
      expect(res.statusCode, url).toBe(404);
      expect(JSON.stringify(res.json())).not.toContain('Paris branch');
    }
    expect((await support('GET', `${CONFIG_PATHS.revisions(gateway)}?tid=${acme}`)).statusCode).toBe(404);
    // No tenant list to switch into a tenant's console from.
    expect((await support('GET', ORG_PATHS.tenants)).statusCode).toBe(403);
    // Nor a tenant's live socket: its devices or its tickets' feed.
    const live = await TestConsole.open(t.app, `/ws/status/${acme}?feed=support`, tokens['support@demo.test']);
    sockets.push(live);
    expect((await live.closed).code).toBe(4404);
    // Super admins' own pages stay theirs: no tenant list to switch into.
    expect((await support('GET', 'user-queries/')).statusCode).toBe(403);
    expect((await support('PUT', 'support/desk/engineers/', { email: 'owner@acme.test', is_support_engineer: true })).statusCode).toBe(403);
    // Tenant members are refused the desk.
    expect((await call('owner@acme.test', 'GET', 'support/desk/tickets/')).statusCode).toBe(403);
    const session = await login(t.app, 'support@demo.test');
    expect(session.user).toMatchObject({ isSupportEngineer: true, isSuperAdmin: false, tenantId: null });
  });

  it('lets a super admin grant and revoke the support engineer role, which takes effect at once', async () => {
    const grant = await call('super@demo.test', 'PUT', 'support/desk/engineers/', { email: 'admin@acme.test', is_support_engineer: true });
    expect(grant.statusCode, grant.body).toBe(200);
    expect((grant.json() as { email: string }[]).map((e) => e.email)).toContain('admin@acme.test');
    const adminToken = (await login(t.app, 'admin@acme.test')).access;
    const desk = () => t.app.inject({ method: 'GET', url: '/api/v1/support/desk/tickets/', headers: bearer(adminToken) });
    expect((await desk()).statusCode).toBe(200);
    await call('super@demo.test', 'PUT', 'support/desk/engineers/', { email: 'admin@acme.test', is_support_engineer: false });
    expect((await desk()).statusCode).toBe(403);
    const unknown = await call('super@demo.test', 'PUT', 'support/desk/engineers/', { email: 'nobody@acme.test', is_support_engineer: true });
    expect(unknown.statusCode).toBe(400);
  });

  it("pushes the desk's public reply to the tenant's support feed live, but not an internal note", async () => {
    const ticket = await raiseAs('viewer@acme.test', { subject: 'Live' });
    const feed = await TestConsole.open(t.app, `/ws/status/${acme}?feed=support`, tokens['viewer@acme.test']);
    sockets.push(feed);
    // Opened and authenticated: a change made now reaches it.
    await new Promise((r) => setTimeout(r, 200));
    await call('support@demo.test', 'POST', `support/desk/tickets/${ticket.id}/messages/`, { body: 'psst', internal: true });
    await call('support@demo.test', 'POST', `support/desk/tickets/${ticket.id}/messages/`, { body: 'Hello from support' });
    const event = await feed.waitFor((m) => (m as { ticket_id?: string }).ticket_id === ticket.id);
    expect(event).toEqual({ kind: 'ticket', ticket_id: ticket.id, change: 'reply' });
    expect(feed.messages.filter((m) => (m as { ticket_id?: string }).ticket_id === ticket.id)).toHaveLength(1);
  });

  it("tells the desk's socket of every tenant's new tickets and replies, internal notes included, and refuses a tenant user", async () => {
    const desk = await TestConsole.open(t.app, LIVE_DESK_PATH, tokens['support@demo.test']);
    const refused = await TestConsole.open(t.app, LIVE_DESK_PATH, tokens['owner@acme.test']);
    sockets.push(desk, refused);
    expect(await refused.closed).toEqual({ code: 4403, reason: 'not allowed' });
    await new Promise((r) => setTimeout(r, 200));
    const ticket = await raiseAs('owner@globex.test', { subject: 'Desk live' });
    expect(await desk.waitFor((m) => (m as { ticket_id?: string }).ticket_id === ticket.id)).toEqual({
      kind: 'ticket',
      ticket_id: ticket.id,
      tenant_id: globex,
      change: 'created',
    });
    const at = desk.messages.length;
    await call('support@demo.test', 'POST', `support/desk/tickets/${ticket.id}/messages/`, { body: 'note', internal: true });
    expect(await desk.waitFor((m) => (m as { change?: string }).change === 'reply', 5000, at)).toMatchObject({ ticket_id: ticket.id });
  });

  it('stops the resolution clock while the ticket waits on the customer, counts the wait when it runs again, and the desk counts breaches the same', async () => {
    const ticket = await raiseAs('owner@globex.test', { subject: 'Paused clock', priority: 'urgent' });
    expect((await call('support@demo.test', 'POST', `support/desk/tickets/${ticket.id}/messages/`, { body: 'Which firmware?' })).statusCode).toBe(201);
    // Raised five hours ago and pending (on the customer) since ten minutes after: four hours to solve, nearly five of them waited.
    await t.app.services.db
      .update(ticketsTable)
      .set({ createdAt: new Date(Date.now() - 300 * 60_000), slaPausedAt: new Date(Date.now() - 290 * 60_000) })
      .where(eq(ticketsTable.id, ticket.id));
    const waiting = ticketThreadSchema.parse((await call('owner@globex.test', 'GET', `support/tickets/${ticket.id}/`)).json());
    expect(waiting.sla.resolution).toMatchObject({ paused: true, breached: false });
    const left = Date.parse(waiting.sla.resolution.due) - Date.now();
    expect(left).toBeGreaterThan(229 * 60_000);
    expect(left).toBeLessThan(231 * 60_000);
    const breached = ticketListSchema.parse((await call('support@demo.test', 'GET', `support/desk/tickets/?tenant_id=${globex}&breached=true`)).json());
    expect(breached.results.map((r) => r.id)).not.toContain(ticket.id);

    const answered = ticketThreadSchema.parse((await call('owner@globex.test', 'POST', `support/tickets/${ticket.id}/messages/`, { body: '4.2.1' })).json());
    expect(answered.status).toBe('open');
    expect(answered.sla.resolution.paused).toBe(false);
    expect(Date.parse(answered.sla.resolution.due) - Date.now()).toBeGreaterThan(229 * 60_000);
    const [row] = await t.app.services.db.select().from(ticketsTable).where(eq(ticketsTable.id, ticket.id));
    expect(row!.slaPausedAt).toBeNull();
    expect(row!.slaPausedMs).toBeGreaterThan(289 * 60_000);
    const within = ticketListSchema.parse((await call('support@demo.test', 'GET', `support/desk/tickets/?tenant_id=${globex}&breached=false`)).json());
    expect(within.results.map((r) => r.id)).toContain(ticket.id);
  });
});
