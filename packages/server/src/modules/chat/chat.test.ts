import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { chatDocumentSchema, chatInboxSchema, chatMessageSchema, type ChatLiveEvent } from '@netloom/domain';
import { bearer, build, login, testBackends, type TestApp } from '../../test/build';
import { enrolmentKey } from '../../test/agent-client';
import { TestConsole } from '../../test/live-client';
import { auditLog, chatMessages } from '../../db/schema/index';

const ACME_USERS = ['owner@acme.test', 'admin@acme.test', 'editor@acme.test', 'viewer@acme.test', 'guest@acme.test'];

describe.each(testBackends('pglite'))('live chat on %s', (backend) => {
  let t: TestApp;
  let acme: string;
  let globex: string;
  const tokens: Record<string, string> = {};
  const sockets: TestConsole[] = [];

  beforeAll(async () => {
    t = await build(backend);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    acme = (await enrolmentKey(t.app, 'Acme')).tenantId;
    globex = (await enrolmentKey(t.app, 'Globex')).tenantId;
    for (const who of [...ACME_USERS, 'super@demo.test', 'owner@globex.test']) tokens[who] = (await login(t.app, who)).access;
  });
  afterAll(async () => {
    for (const s of sockets) s.ws.close();
    await t.close();
  });

  const call = (who: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v1/${url}`, headers: bearer(tokens[who]!), ...(payload ? { payload } : {}) });
  const send = (who: string, channel: string, body: string, tid = '') =>
    call(who, 'POST', `support/chat/${channel}/messages/${tid && `?tid=${tid}`}`, { body });
  const chatOf = async (who: string, tid = '') => chatDocumentSchema.parse((await call(who, 'GET', `support/chat/${tid && `?tid=${tid}`}`)).json());
  const channel = (doc: Awaited<ReturnType<typeof chatOf>>, name: string) => doc.channels.find((c) => c.channel === name);
  const live = async (who: string, tenantId = acme) => {
    const c = await TestConsole.open(t.app, `/ws/status/${tenantId}?feed=chat`, tokens[who]);
    sockets.push(c);
    // The feed's first word: from now on this socket hears every message.
    await c.waitFor((m) => (m as unknown as { kind?: string }).kind === 'chat_live');
    return c;
  };
  const chatEvents = (c: TestConsole) => (c.messages as unknown as ChatLiveEvent[]).filter((m) => m.kind === 'chat');

  it("shows owners and admins both channels, other users the users' channel, 'start a Conversation' being the console's for an empty one", async () => {
    const owner = await chatOf('owner@acme.test');
    expect(owner.t_info).toEqual({ t_name: 'Acme', t_id: acme });
    expect(owner.channels.map((c) => [c.channel, c.label, c.messages.length, c.unread])).toEqual([
      ['user_admin_chat', 'Chat with Users', 0, 0],
      ['admin_netloom_chat', 'Chat with Netloom', 0, 0],
    ]);
    expect((await chatOf('admin@acme.test')).channels.map((c) => c.channel)).toEqual(['user_admin_chat', 'admin_netloom_chat']);
    expect((await chatOf('viewer@acme.test')).channels.map((c) => c.channel)).toEqual(['user_admin_chat']);
    expect((await chatOf('editor@acme.test')).channels.map((c) => c.channel)).toEqual(['user_admin_chat']);
    expect((await call('guest@acme.test', 'GET', 'support/chat/')).statusCode).toBe(403);
  });

  it("delivers a user's message live to the tenant's consoles, counts it unread for the others until they read it, never for its sender", async () => {
    const ownerSocket = await live('owner@acme.test');
    const viewerSocket = await live('viewer@acme.test');
    const otherTenant = await live('owner@globex.test', globex);

    const sent = await send('viewer@acme.test', 'user_admin_chat', '  The Paris gateway is offline, see https://status.example.com  ');
    expect(sent.statusCode, sent.body).toBe(201);
    const message = chatMessageSchema.parse(sent.json());
    expect(message).toMatchObject({
      user: 'Victor Viewer',
      email: 'viewer@acme.test',
      from: 'user',
      body: 'The Paris gateway is offline, see https://status.example.com',
    });

    const heard = await ownerSocket.waitFor((m) => (m as unknown as ChatLiveEvent).kind === 'chat');
    expect((heard as unknown as ChatLiveEvent).message).toEqual(message);
    await viewerSocket.waitFor((m) => (m as unknown as ChatLiveEvent).kind === 'chat');
    expect(chatEvents(otherTenant)).toEqual([]);

    expect(channel(await chatOf('owner@acme.test'), 'user_admin_chat')).toMatchObject({ unread: 1, messages: [message] });
    expect(channel(await chatOf('viewer@acme.test'), 'user_admin_chat')!.unread).toBe(0);
    expect((await call('owner@acme.test', 'PUT', 'support/chat/user_admin_chat/read/')).statusCode).toBe(204);
    expect(channel(await chatOf('owner@acme.test'), 'user_admin_chat')!.unread).toBe(0);
    // Another tenant's chat is its own.
    expect(channel(await chatOf('owner@globex.test'), 'user_admin_chat')!.messages).toEqual([]);
  });

  it('keeps the product channel from viewers and editors, on the socket too', async () => {
    const viewerSocket = await live('viewer@acme.test');
    const adminSocket = await live('admin@acme.test');
    expect((await send('viewer@acme.test', 'admin_netloom_chat', 'let me in')).statusCode).toBe(403);
    expect((await call('editor@acme.test', 'GET', 'support/chat/admin_netloom_chat/messages/')).statusCode).toBe(403);
    expect((await call('viewer@acme.test', 'PUT', 'support/chat/admin_netloom_chat/read/')).statusCode).toBe(403);

    const sent = await send('owner@acme.test', 'admin_netloom_chat', 'Can you look at our VPN?');
    expect(sent.statusCode).toBe(201);
    await adminSocket.waitFor((m) => (m as unknown as ChatLiveEvent).message?.body === 'Can you look at our VPN?');
    // A later message of the users' channel reaches the viewer after it, had it been sent.
    await send('owner@acme.test', 'user_admin_chat', 'next');
    await viewerSocket.waitFor((m) => (m as unknown as ChatLiveEvent).message?.body === 'next');
    expect(chatEvents(viewerSocket).map((e) => e.message.body)).toEqual(['next']);
  });

  it("gives support an inbox of every tenant's product channel; support answers as 'Support' and never reads the users' channel", async () => {
    await send('owner@globex.test', 'admin_netloom_chat', 'Globex needs help');
    const inbox = chatInboxSchema.parse((await call('super@demo.test', 'GET', 'support/chat-inbox/')).json());
    expect(inbox.map((e) => [e.tenant_name, e.last_message.body, e.unread])).toEqual([
      ['Globex', 'Globex needs help', 1],
      ['Acme', 'Can you look at our VPN?', 1],
    ]);
    expect((await call('owner@acme.test', 'GET', 'support/chat-inbox/')).statusCode).toBe(403);

    const supportView = await chatOf('super@demo.test', acme);
    expect(supportView.channels.map((c) => c.channel)).toEqual(['admin_netloom_chat']);
    expect((await call('super@demo.test', 'GET', `support/chat/user_admin_chat/messages/?tid=${acme}`)).statusCode).toBe(403);

    const ownerSocket = await live('owner@acme.test');
    const answer = await send('super@demo.test', 'admin_netloom_chat', 'Looking at it now', acme);
    expect(answer.statusCode).toBe(201);
    expect(answer.json()).toMatchObject({ user: 'Support', email: null, from: 'Support' });
    const heard = await ownerSocket.waitFor((m) => (m as unknown as ChatLiveEvent).message?.body === 'Looking at it now');
    expect((heard as unknown as ChatLiveEvent).message.from).toBe('Support');

    await call('super@demo.test', 'PUT', `support/chat/admin_netloom_chat/read/?tid=${acme}`);
    const after = chatInboxSchema.parse((await call('super@demo.test', 'GET', 'support/chat-inbox/')).json());
    expect(after.map((e) => [e.tenant_name, e.last_message.body, e.unread])).toEqual([
      ['Acme', 'Looking at it now', 0],
      ['Globex', 'Globex needs help', 1],
    ]);
    expect(channel(await chatOf('owner@acme.test'), 'admin_netloom_chat')!.unread).toBe(1);
  });

  it('refuses a blank, an overlong or an HTML-only-as-text message clearly, and stores text as it was typed', async () => {
    const blank = await send('editor@acme.test', 'user_admin_chat', '   ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors).toEqual({ body: ['Enter a message'] });
    const long = await send('editor@acme.test', 'user_admin_chat', 'x'.repeat(2001));
    expect(long.statusCode).toBe(400);
    const html = await send('editor@acme.test', 'user_admin_chat', '<img src=x onerror=alert(1)>');
    expect(html.json().body).toBe('<img src=x onerror=alert(1)>');
    const count = (await t.app.services.db.select().from(chatMessages).where(eq(chatMessages.tenantId, acme))).length;
    expect(count).toBe(5);
  });

  it('holds one person to 20 messages a minute without silencing a colleague', async () => {
    const answers = [];
    for (let i = 0; i < 21; i++) answers.push((await send('admin@acme.test', 'user_admin_chat', `burst ${i}`)).statusCode);
    expect(answers.filter((s) => s === 201)).toHaveLength(20);
    expect(answers.at(-1)).toBe(429);
    expect((await send('editor@acme.test', 'user_admin_chat', 'still here')).statusCode).toBe(201);
  });

  it('pages older messages with before', async () => {
    // A long conversation of six days ago, written straight to the table (the rate limit holds people, not this test).
    const base = Date.now() - 6 * 24 * 3600_000;
    await t.app.services.db.insert(chatMessages).values(
      Array.from({ length: 40 }, (_, i) => ({
        id: crypto.randomUUID(),
        tenantId: acme,
        channel: 'user_admin_chat',
        authorName: 'Edith Editor',
        authorEmail: 'editor@acme.test',
        body: `old ${i}`,
        createdAt: new Date(base + i * 1000),
      })),
    );
    const doc = await chatOf('owner@acme.test');
    const users = channel(doc, 'user_admin_chat')!;
    expect(users.messages).toHaveLength(50);
    expect(users.has_more).toBe(true);
    const older = (
      await call('owner@acme.test', 'GET', `support/chat/user_admin_chat/messages/?before=${encodeURIComponent(users.messages[0]!.timestamp)}`)
    ).json();
    // 64 in all: the first page the newest 50, the next the 14 before them, oldest first, and no more.
    expect(older.messages.map((m: { body: string }) => m.body)).toEqual(Array.from({ length: 14 }, (_, i) => `old ${i}`));
    expect(older.has_more).toBe(false);
  });

  it('lets super admins set the retention, audited, and the sweep deletes what is older', async () => {
    expect((await call('super@demo.test', 'GET', 'support/chat-settings/')).json()).toEqual({ retention_days: 365 });
    expect((await call('owner@acme.test', 'PUT', 'support/chat-settings/', { retention_days: 1 })).statusCode).toBe(403);
    expect((await call('super@demo.test', 'PUT', 'support/chat-settings/', { retention_days: 0 })).statusCode).toBe(400);
    expect((await call('super@demo.test', 'PUT', 'support/chat-settings/', { retention_days: 7 })).json()).toEqual({ retention_days: 7 });
    const audits = await t.app.services.db.select().from(auditLog).where(eq(auditLog.action, 'chat.settings_changed'));
    expect(audits.map((a) => a.details)).toEqual([{ retention_days: 7 }]);

    const db = t.app.services.db;
    const [old] = await db.select().from(chatMessages).where(eq(chatMessages.body, 'Globex needs help'));
    await db
      .update(chatMessages)
      .set({ createdAt: new Date(Date.now() - 8 * 24 * 3600_000) })
      .where(eq(chatMessages.id, old!.id));
    // The 40 of six days ago stay; Globex's message of 8 days ago goes.
    expect(await t.app.services.chat.sweep()).toBe(1);
    expect(channel(await chatOf('owner@globex.test'), 'admin_netloom_chat')!.messages).toEqual([]);
  });
});
