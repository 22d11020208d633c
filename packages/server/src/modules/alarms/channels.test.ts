import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  alarmEventSchema,
  channelListSchema,
  channelSchema,
  channelSecretSchema,
  createdChannelSchema,
  deliveryListSchema,
  logListSchema,
  WEBHOOK_SIGNATURE_HEADER,
} from '@netloom/domain';
import { bearer, build, login, testBackends, type TestApp } from '../../test/build';
import { enrolmentKey, TestAgent } from '../../test/agent-client';
import { signBody } from './delivery-worker';

interface Received {
  headers: IncomingMessage['headers'];
  body: string;
}

/** A webhook receiver that answers the statuses it is told, in order, then 200. */
function receiver(): Promise<{ server: Server; url: string; got: Received[]; answers: number[] }> {
  const got: Received[] = [];
  const answers: number[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      got.push({ headers: req.headers, body });
      res.statusCode = answers.shift() ?? 200;
      res.end();
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, got, answers })),
  );
}

describe.each(testBackends('pglite'))('notification channels on %s', (backend) => {
  let t: TestApp;
  let hook: Awaited<ReturnType<typeof receiver>>;
  let key: string;
  const tokens: Record<string, string> = {};
  const closers: { close(): void }[] = [];
  /**
   * The names webhooks resolve, asked in order. hooks.acme.test is the receiver (loopback: this
   * suite allows private targets) for its first two lookups, the save's check and the send's;
   * asked a third time, it names a loopback address where nothing listens.
   */
  const lookups: string[] = [];
  const resolveHost = async (host: string) => {
    lookups.push(host);
    if (host !== 'hooks.acme.test') throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return [{ address: lookups.filter((h) => h === host).length <= 2 ? '127.0.0.1' : '127.0.0.2', family: 4 as const }];
  };

  beforeAll(async () => {
    hook = await receiver();
    t = await build(backend, (c) => ({ ...c, notifications: { ...c.notifications, pollMs: 100, firstBackoffMs: 200, allowPrivateTargets: true } }), undefined, {
      resolveHost,
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    key = (await enrolmentKey(t.app, 'Acme')).key;
    for (const who of ['owner@acme.test', 'editor@acme.test', 'owner@globex.test']) tokens[who] = (await login(t.app, who)).access;
  });
  afterAll(async () => {
    for (const c of closers) c.close();
    await t.close();
    hook.server.close();
  });

  const call = (who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url: `/api/v1/${url}`, headers: bearer(tokens[who]!), ...(payload !== undefined ? { payload: payload as object } : {}) });

  it('a WAN down reaches a signed webhook once (retried after a 500) and an e-mail; recovery goes only where OK is wanted', async () => {
    const webhook = createdChannelSchema.parse(
      (
        await call('owner@acme.test', 'POST', 'notification-channels/', { name: 'NOC hook', kind: 'webhook', target: hook.url, states: ['Alerting', 'OK'] })
      ).json(),
    );
    expect(webhook.secret).toMatch(/.{20,}/);
    const mail = await call('owner@acme.test', 'POST', 'notification-channels/', {
      name: 'On call',
      kind: 'email',
      target: 'noc@acme.test',
      alarm_kinds: ['wan'],
      states: ['Alerting'],
    });
    expect(mail.statusCode).toBe(201);

    hook.answers.push(500);
    const agent = await TestAgent.connect(t.app);
    closers.push(agent);
    agent.hello({ kind: 'enrol', enrolment_key: key }, { serial: 'SN-CHANNEL', name: 'edge-channel' });
    await agent.next('welcome');
    agent.heartbeat({ wan: [{ name: 'WAN1', status: 'down', ifname: 'eth0', weight: 1 }] });
    await agent.next('ack');

    // The first try got a 500, the second a 200: the same delivery, signed with the channel's secret.
    await expect.poll(() => hook.got.length, { timeout: 5_000 }).toBe(2);
    const [first, second] = hook.got;
    expect(second!.body).toBe(first!.body);
    expect(second!.headers['x-netloom-delivery']).toBe(first!.headers['x-netloom-delivery']);
    expect(second!.headers[WEBHOOK_SIGNATURE_HEADER]).toBe(signBody(webhook.secret!, second!.body));
    expect(alarmEventSchema.parse(JSON.parse(second!.body))).toMatchObject({
      test: false,
      device_name: 'edge-channel',
      device_serial: 'SN-CHANNEL',
      kind: 'wan',
      state: 'Alerting',
      severity: 'major',
      interface: 'WAN1',
    });
    await expect.poll(() => t.app.mailer.outbox.filter((m) => m.to === 'noc@acme.test').length).toBe(1);
    expect(t.app.mailer.outbox.find((m) => m.to === 'noc@acme.test')!.subject).toBe('[Netloom] Major Alerting – edge-channel: WAN WAN1 down');
    expect(t.app.mailer.outbox.find((m) => m.to === 'noc@acme.test')!.text).toContain('Severity: Major');
    // Another gateway may be called edge-channel too: the serial says which one this is.
    expect(t.app.mailer.outbox.find((m) => m.to === 'noc@acme.test')!.text).toContain('Device serial: SN-CHANNEL');

    // The hook has answered; the worker writes the outcome a moment later (on a busy machine, more than a moment).
    const firstDelivery = async () =>
      deliveryListSchema.parse((await call('owner@acme.test', 'GET', `notification-channels/${webhook.id}/deliveries/`)).json()).results[0];
    await expect.poll(async () => (await firstDelivery())?.state, { timeout: 10_000 }).toBe('delivered');
    expect(await firstDelivery()).toMatchObject({ state: 'delivered', attempts: 2, status_code: 200, summary: 'edge-channel: WAN WAN1 down' });

    // Back up: the webhook wants OK too, the e-mail only Alerting.
    agent.heartbeat({ wan: [{ name: 'WAN1', status: 'up', ifname: 'eth0', weight: 1 }] });
    await agent.next('ack');
    await expect.poll(() => hook.got.length, { timeout: 5_000 }).toBe(3);
    expect(JSON.parse(hook.got[2]!.body)).toMatchObject({ state: 'OK' });
    await new Promise((r) => setTimeout(r, 500));
    expect(t.app.mailer.outbox.filter((m) => m.to === 'noc@acme.test')).toHaveLength(1);
    expect(hook.got).toHaveLength(3);
  });

  it('a channel with a minimum severity carries only alarms at or above it', async () => {
    const critical = channelSchema.parse(
      (
        await call('owner@acme.test', 'POST', 'notification-channels/', { name: 'Pager', kind: 'email', target: 'pager@acme.test', min_severity: 'critical' })
      ).json(),
    );
    expect(critical.min_severity).toBe('critical');
    const agent = await TestAgent.connect(t.app);
    closers.push(agent);
    agent.hello({ kind: 'enrol', enrolment_key: key }, { serial: 'SN-SEVERITY', name: 'edge-severity' });
    await agent.next('welcome');
    // A WAN link down is major: not for the pager. The gateway gone is critical: paged.
    agent.heartbeat({ wan: [{ name: 'WAN1', status: 'down', ifname: 'eth0', weight: 1 }] });
    await agent.next('ack');
    agent.close(1000);
    await agent.closed;
    await expect
      .poll(() => t.app.mailer.outbox.filter((m) => m.to === 'pager@acme.test').map((m) => m.subject), { timeout: 5_000 })
      .toEqual(['[Netloom] Critical Alerting – edge-severity: Device unreachable']);
    const log = deliveryListSchema.parse((await call('owner@acme.test', 'GET', `notification-channels/${critical.id}/deliveries/`)).json());
    expect(log.results.map((d) => d.summary)).toEqual(['edge-severity: Device unreachable']);
    expect(
      (await call('owner@acme.test', 'POST', 'notification-channels/', { name: 'x', kind: 'email', target: 'x@acme.test', min_severity: 'huge' })).statusCode,
    ).toBe(400);
  });

  it('Send test queues a test delivery; editors and other tenants cannot see or touch channels; bad bodies are 400', async () => {
    const created = createdChannelSchema.parse(
      (await call('owner@acme.test', 'POST', 'notification-channels/', { name: 'Test hook', kind: 'webhook', target: hook.url })).json(),
    );
    const before = hook.got.length;
    const test = await call('owner@acme.test', 'POST', `notification-channels/${created.id}/test/`);
    expect(test.statusCode).toBe(202);
    // One test delivery arrives (an earlier test's alarm retry may land beside it: counted apart).
    const tests = () => hook.got.slice(before).filter((r) => r.headers['x-netloom-event'] === 'test');
    await expect.poll(() => tests().length, { timeout: 5_000 }).toBe(1);
    expect(JSON.parse(tests()[0]!.body)).toMatchObject({ test: true });

    expect((await call('editor@acme.test', 'GET', 'notification-channels/')).statusCode).toBe(403);
    expect((await call('owner@globex.test', 'GET', 'notification-channels/')).json()).toEqual([]);
    expect((await call('owner@globex.test', 'POST', `notification-channels/${created.id}/test/`)).statusCode).toBe(404);
    expect((await call('owner@globex.test', 'DELETE', `notification-channels/${created.id}/`)).statusCode).toBe(404);
    expect((await call('owner@globex.test', 'GET', `notification-channels/${created.id}/deliveries/`)).statusCode).toBe(404);

    const bad = await call('owner@acme.test', 'POST', 'notification-channels/', { name: 'x', kind: 'email', target: 'not-an-address' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('target');
    const count = ((await call('owner@acme.test', 'GET', 'notification-channels/')).json() as unknown[]).length;
    expect((await call('owner@acme.test', 'POST', 'notification-channels/', { name: 'x', kind: 'webhook', target: 'ftp://x' })).statusCode).toBe(400);
    expect(((await call('owner@acme.test', 'GET', 'notification-channels/')).json() as unknown[]).length).toBe(count);

    // Edited, the webhook keeps its secret (and does not repeat it); deleted, it is gone.
    const put = await call('owner@acme.test', 'PUT', `notification-channels/${created.id}/`, { name: 'Renamed', kind: 'webhook', target: hook.url });
    const edited = channelSchema.parse(put.json());
    expect(edited).toMatchObject({ name: 'Renamed', signed: true });
    expect(put.json()).not.toHaveProperty('secret');
    const signedWith = async () => {
      const at = hook.got.length;
      expect((await call('owner@acme.test', 'POST', `notification-channels/${created.id}/test/`)).statusCode).toBe(202);
      await expect.poll(() => hook.got.slice(at).find((r) => r.headers['x-netloom-event'] === 'test'), { timeout: 5_000 }).toBeTruthy();
      const got = hook.got.slice(at).find((r) => r.headers['x-netloom-event'] === 'test')!;
      return got.headers[WEBHOOK_SIGNATURE_HEADER] === signBody(created.secret!, got.body) ? 'old' : got.headers[WEBHOOK_SIGNATURE_HEADER];
    };
    expect(await signedWith()).toBe('old');
    await call('owner@acme.test', 'PUT', `notification-channels/${created.id}/`, { name: 'Renamed', kind: 'webhook', target: hook.url, enabled: false });
    expect((await call('owner@acme.test', 'DELETE', `notification-channels/${created.id}/`)).statusCode).toBe(204);
    expect((await call('owner@acme.test', 'GET', `notification-channels/${created.id}/deliveries/`)).statusCode).toBe(404);
  });

  it("rotates a webhook's signing secret: shown once, signs from then on, audited without the secret; only owners and admins, only webhooks", async () => {
    const created = createdChannelSchema.parse(
      (await call('owner@acme.test', 'POST', 'notification-channels/', { name: 'Rotating hook', kind: 'webhook', target: hook.url })).json(),
    );
    // Lists show that it signs, never the secret.
    const listed = await call('owner@acme.test', 'GET', 'notification-channels/');
    expect(channelListSchema.parse(listed.json()).find((c) => c.id === created.id)).toMatchObject({ signed: true });
    expect(listed.body).not.toContain(created.secret!);

    const rotated = await call('owner@acme.test', 'POST', `notification-channels/${created.id}/rotate-secret/`);
    expect(rotated.statusCode, rotated.body).toBe(200);
    const { secret } = channelSecretSchema.parse(rotated.json());
    expect(secret).toMatch(/.{20,}/);
    expect(secret).not.toBe(created.secret);
    const at = hook.got.length;
    expect((await call('owner@acme.test', 'POST', `notification-channels/${created.id}/test/`)).statusCode).toBe(202);
    const test = () => hook.got.slice(at).find((r) => r.headers['x-netloom-event'] === 'test');
    await expect.poll(test, { timeout: 5_000 }).toBeTruthy();
    expect(test()!.headers[WEBHOOK_SIGNATURE_HEADER]).toBe(signBody(secret, test()!.body));

    const logs = logListSchema.parse((await call('owner@acme.test', 'GET', 'logs/activity-logs/?page_size=0')).json()).results;
    const row = logs.find((l) => l.action === 'notification_channel.secret_rotated' && l.target === created.id);
    expect(row).toMatchObject({ user: 'owner@acme.test', details: { name: 'Rotating hook' } });
    expect(JSON.stringify(logs)).not.toContain(secret);

    expect((await call('editor@acme.test', 'POST', `notification-channels/${created.id}/rotate-secret/`)).statusCode).toBe(403);
    expect((await call('owner@globex.test', 'POST', `notification-channels/${created.id}/rotate-secret/`)).statusCode).toBe(404);
    expect((await call('owner@acme.test', 'POST', `notification-channels/${crypto.randomUUID()}/rotate-secret/`)).statusCode).toBe(404);
    const mail = createdChannelSchema.parse(
      (await call('owner@acme.test', 'POST', 'notification-channels/', { name: 'Mail only', kind: 'email', target: 'mail-only@acme.test' })).json(),
    );
    expect(mail).toMatchObject({ secret: null, signed: false });
    const refused = await call('owner@acme.test', 'POST', `notification-channels/${mail.id}/rotate-secret/`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'conflict', detail: 'An e-mail channel has no signing secret.' });
  });

  it("resolves a webhook's name once per try and connects to that address, keeping the name in the request", async () => {
    const url = new URL(hook.url);
    url.hostname = 'hooks.acme.test';
    const created = await call('owner@acme.test', 'POST', 'notification-channels/', { name: 'Named hook', kind: 'webhook', target: url.href });
    expect(created.statusCode, created.body).toBe(201);
    expect(lookups).toEqual(['hooks.acme.test']);
    const before = hook.got.length;
    expect((await call('owner@acme.test', 'POST', `notification-channels/${channelSchema.parse(created.json()).id}/test/`)).statusCode).toBe(202);
    await expect.poll(() => hook.got.length, { timeout: 5_000 }).toBe(before + 1);
    expect(hook.got.at(-1)!.headers.host).toBe(url.host);
    expect(lookups).toEqual(['hooks.acme.test', 'hooks.acme.test']);

    // A name that does not resolve is refused when saved, with the reason under the field.
    const unknown = await call('owner@acme.test', 'POST', 'notification-channels/', { name: 'Typo', kind: 'webhook', target: 'https://hoks.acme.test/x' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'invalid', errors: { target: [expect.stringContaining('hoks.acme.test could not be resolved')] } });
  });
});
