import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema, channelSchema, deliveryListSchema, webhookMayReach } from '@netloom/domain';
import { bearer, build, login, testBackends, type TestApp } from '../../test/build';
import type { ResolvedAddress } from './webhook-target';

const PUBLIC_V4 = '93.184.216.34';
const PUBLIC_V6 = '2606:2800:220:1:248:1893:25c8:1946';
/**
 * Where a send that passed the check connects: a loopback address this server counts as public,
 * standing in for a public host so that no test packet leaves the machine. Nothing listens there
 * (the receiver is on 127.0.0.1), so a connection to it is refused.
 */
const STAND_IN_PUBLIC = '127.0.0.2';
const mayReachInTest = (address: string) => address === STAND_IN_PUBLIC || webhookMayReach(address);

/**
 * Webhooks on a server that refuses private targets (the default): what is refused when a channel
 * is saved, and what a send connects to. Names are resolved by the test: `lookups` lists each
 * question, and a name's answers are taken in order (the last one repeats).
 */
describe.each(testBackends('pglite'))('webhook targets on %s', (backend) => {
  let t: TestApp;
  let token: string;
  let receiver: Server;
  let port: number;
  const received: string[] = [];
  const lookups: string[] = [];
  const answers: Record<string, ResolvedAddress[][]> = {
    'localhost.acme.test': [[{ address: '127.0.0.1', family: 4 }]],
    'intranet.acme.test': [[{ address: '10.0.0.5', family: 4 }]],
    'metadata.acme.test': [[{ address: '169.254.169.254', family: 4 }]],
    // One public address and one private: the name may not be used.
    'mixed.acme.test': [
      [
        { address: PUBLIC_V4, family: 4 },
        { address: 'fd00::5', family: 6 },
      ],
    ],
    'hooks.example.test': [
      [
        { address: PUBLIC_V4, family: 4 },
        { address: PUBLIC_V6, family: 6 },
      ],
    ],
    // Public when saved and when checked for the send; loopback (this test's receiver) afterwards.
    'rebind.example.test': [[{ address: STAND_IN_PUBLIC, family: 4 }], [{ address: STAND_IN_PUBLIC, family: 4 }], [{ address: '127.0.0.1', family: 4 }]],
    // Public when saved, private when sent.
    'flip.example.test': [[{ address: STAND_IN_PUBLIC, family: 4 }], [{ address: '10.0.0.8', family: 4 }]],
  };
  const resolveHost = async (host: string) => {
    const asked = lookups.filter((h) => h === host).length;
    lookups.push(host);
    const list = answers[host];
    if (!list) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return list[Math.min(asked, list.length - 1)]!;
  };

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      received.push(`${req.method} ${req.headers.host}${req.url}`);
      res.end();
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    port = (receiver.address() as AddressInfo).port;
    // One try per delivery within the test: the retry is a minute away.
    t = await build(backend, (c) => ({ ...c, notifications: { ...c.notifications, pollMs: 100, firstBackoffMs: 60_000, timeoutMs: 500 } }), undefined, {
      resolveHost,
      webhookMayReach: mayReachInTest,
    });
    token = (await login(t.app, 'owner@acme.test')).access;
  });
  afterAll(async () => {
    await t.close();
    receiver.close();
  });

  const save = (target: string, id?: string) =>
    t.app.inject({
      method: id ? 'PUT' : 'POST',
      url: `/api/v1/notification-channels/${id ? `${id}/` : ''}`,
      headers: bearer(token),
      payload: { name: 'Hook', kind: 'webhook', target },
    });
  const channelCount = async () =>
    ((await t.app.inject({ method: 'GET', url: '/api/v1/notification-channels/', headers: bearer(token) })).json() as unknown[]).length;
  /** Queues a test notification and waits for its first try to be recorded. */
  const firstTry = async (channelId: string) => {
    expect((await t.app.inject({ method: 'POST', url: `/api/v1/notification-channels/${channelId}/test/`, headers: bearer(token) })).statusCode).toBe(202);
    let delivery: ReturnType<typeof deliveryListSchema.parse>['results'][number] | undefined;
    await expect
      .poll(
        async () => {
          const log = deliveryListSchema.parse(
            (await t.app.inject({ method: 'GET', url: `/api/v1/notification-channels/${channelId}/deliveries/`, headers: bearer(token) })).json(),
          );
          delivery = log.results[0];
          // A try counts as made when claimed; its outcome (an answer, or why there was none) lands after.
          const outcome = delivery && (delivery.state !== 'pending' || delivery.error !== null || delivery.status_code !== null);
          return outcome ? delivery!.attempts : 0;
        },
        { timeout: 5_000 },
      )
      .toBe(1);
    return delivery!;
  };

  it('refuses a private, loopback or link-local target when the channel is saved, and says why under the field', async () => {
    const before = await channelCount();
    for (const target of [
      `http://127.0.0.1:${port}/hook`,
      'http://10.1.2.3/hook',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]/hook',
      'http://[::ffff:127.0.0.1]/hook',
      'http://[fd12::1]/hook',
      'https://localhost.acme.test/hook',
      'https://intranet.acme.test/hook',
      'https://metadata.acme.test/hook',
      'https://mixed.acme.test/hook',
    ]) {
      const res = await save(target);
      expect(res.statusCode, target).toBe(400);
      const body = apiErrorSchema.parse(res.json());
      expect(body.code).toBe('invalid');
      expect(body.detail, target).toMatch(/private or local address/);
      expect(body.errors?.target?.[0], target).toMatch(/is a private or local address: webhooks are sent to public addresses only/);
    }
    expect(await channelCount()).toBe(before);

    // Changing a saved channel's URL to a private one is refused too; the channel keeps its URL.
    const saved = channelSchema.parse((await save(`http://${PUBLIC_V4}/hook`)).json());
    const moved = await save('https://intranet.acme.test/hook', saved.id);
    expect(moved.statusCode).toBe(400);
    expect(moved.json().errors.target[0]).toMatch(/intranet\.acme\.test is a private or local address/);
    const list = channelSchema.array().parse((await t.app.inject({ method: 'GET', url: '/api/v1/notification-channels/', headers: bearer(token) })).json());
    expect(list.find((c) => c.id === saved.id)?.target).toBe(`http://${PUBLIC_V4}/hook`);
  });

  it('accepts public IPv4 and IPv6 targets, also an IPv4 one written as IPv4-mapped IPv6', async () => {
    for (const target of [
      `http://${PUBLIC_V4}/hook`,
      `https://[${PUBLIC_V6}]/hook`,
      `http://[::ffff:${PUBLIC_V4}]/hook`,
      'https://hooks.example.test/notify',
    ]) {
      const res = await save(target);
      expect(res.statusCode, `${target}: ${res.body}`).toBe(201);
    }
  });

  it('sends to the public address that was checked, even when the name answers loopback the next time (DNS rebinding)', async () => {
    const channel = channelSchema.parse((await save(`http://rebind.example.test:${port}/hook`)).json());
    const delivery = await firstTry(channel.id);
    // Checked once when saved and once for the send; the connection asked nobody again and went
    // to the checked address (where nothing listens), not to the receiver the third answer names.
    expect(lookups.filter((h) => h === 'rebind.example.test')).toHaveLength(2);
    expect(received).toEqual([]);
    expect(delivery).toMatchObject({ state: 'pending', status_code: null });
    expect(delivery.error).toContain(STAND_IN_PUBLIC);
    expect(delivery.error).not.toMatch(/private/);
  });

  it('checks again when sending: a name that turned private since it was saved is not called', async () => {
    const channel = channelSchema.parse((await save(`http://flip.example.test:${port}/hook`)).json());
    const delivery = await firstTry(channel.id);
    expect(delivery.error).toBe('refused: flip.example.test is a private or local address: webhooks are sent to public addresses only');
    expect(received).toEqual([]);
  });
});
