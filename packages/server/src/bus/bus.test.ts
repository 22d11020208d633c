import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import type { EventBus } from './event-bus';
import { createMemoryBus } from './memory';
import { createRedisBus } from './redis';
import { topics, type PayloadOf, type Topic } from './topics';

const log = { warn: () => undefined } as unknown as FastifyBaseLogger;
type Factory = () => EventBus;
const factories: [string, Factory][] = [['memory', createMemoryBus]];
if (process.env.TEST_REDIS_URL) factories.push(['redis', () => createRedisBus(process.env.TEST_REDIS_URL!, log)]);

const next = <T extends Topic>(bus: EventBus, topic: T) =>
  new Promise<PayloadOf<T>>((resolve) => {
    void bus.subscribe(topic, resolve);
  });
// A fresh device topic per test: the Redis bus is shared with other runs.
const fresh = () => topics.device(crypto.randomUUID());

describe.each(factories)('event bus (%s)', (kind, make) => {
  const open: EventBus[] = [];
  const bus = () => {
    const b = make();
    open.push(b);
    return b;
  };
  afterEach(async () => {
    await Promise.all(open.splice(0).map((b) => b.close()));
  });

  it('delivers a published payload to every subscriber of the topic, and nothing of other topics', async () => {
    const b = bus();
    const topic = fresh();
    const seen: unknown[] = [];
    await b.subscribe(fresh(), (p) => seen.push(p));
    const a = next(b, topic);
    const c = next(b, topic);
    await new Promise((r) => setTimeout(r, 50));
    await b.publish(topic, { kind: 'job', job_id: 'j1' });
    expect(await a).toEqual({ kind: 'job', job_id: 'j1' });
    expect(await c).toEqual({ kind: 'job', job_id: 'j1' });
    expect(seen).toEqual([]);
  });

  it('stops delivering after unsubscribe', async () => {
    const b = bus();
    const topic = fresh();
    const seen: unknown[] = [];
    const off = await b.subscribe(topic, (p) => seen.push(p));
    await off();
    await b.publish(topic, { kind: 'deactivated' });
    await new Promise((r) => setTimeout(r, 100));
    expect(seen).toEqual([]);
  });

  if (kind === 'redis') {
    it('carries events between two instances', async () => {
      const a = bus();
      const b = bus();
      const topic = fresh();
      const seen: unknown[] = [];
      await b.subscribe(topic, (p) => seen.push(p));
      // On a busy machine either connection can be late: the instances are compared once both say
      // Redis carries their events (until then each delivers only to itself, by design).
      await vi.waitFor(() => expect([a.health().degraded, b.health().degraded]).toEqual([false, false]), { timeout: 20_000, interval: 50 });
      // A subscription made while b's connection was still coming up is made again once it is ready, a
      // moment later: Redis keeps nothing for a channel nobody listens to, so a is asked again until b hears.
      await vi.waitFor(
        async () => {
          if (seen.length === 0) await a.publish(topic, { kind: 'replaced', connection_id: 'from-a' });
          await new Promise((r) => setTimeout(r, 200));
          expect(seen[0]).toEqual({ kind: 'replaced', connection_id: 'from-a' });
        },
        { timeout: 15_000, interval: 0 },
      );
    });

    it('keeps deployments with other prefixes apart on the same Redis', async () => {
      const mine = bus();
      const other = createRedisBus(process.env.TEST_REDIS_URL!, log, 'other-deployment:');
      open.push(other);
      const topic = fresh();
      const overheard: unknown[] = [];
      await other.subscribe(topic, (p) => overheard.push(p));
      const got = next(mine, topic);
      await new Promise((r) => setTimeout(r, 100));
      await mine.publish(topic, { kind: 'replaced', connection_id: 'mine' });
      expect(await got).toEqual({ kind: 'replaced', connection_id: 'mine' });
      await new Promise((r) => setTimeout(r, 100));
      expect(overheard).toEqual([]);
    });
  }
});

describe('bus topics', () => {
  // Checked by the compiler (npm run typecheck): each @ts-expect-error must meet an error.
  it('take only the payload of their topic, and hand subscribers that type', async () => {
    const b = createMemoryBus();
    // @ts-expect-error a session event is not a message for a device
    await b.publish(topics.device('d'), { kind: 'session', id: 's' });
    // @ts-expect-error a device row event needs its row
    await b.publish(topics.tenantDevices('t'), { kind: 'device' });
    // @ts-expect-error only `topics` names a topic
    await b.publish('sessions', { kind: 'session', id: 's' });
    const off = await b.subscribe(topics.sessions(), (event) => {
      // @ts-expect-error session events carry no row
      void event.row;
      void event.id.length;
    });
    await off();
    await b.close();
  });
});
