import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import type { EventBus } from './event-bus';
import { createMemoryBus } from './memory';
import { createRedisBus } from './redis';

const log = { warn: () => undefined } as unknown as FastifyBaseLogger;
type Factory = () => EventBus;
const factories: [string, Factory][] = [['memory', createMemoryBus]];
if (process.env.TEST_REDIS_URL) factories.push(['redis', () => createRedisBus(process.env.TEST_REDIS_URL!, log)]);

const next = (bus: EventBus, topic: string) =>
  new Promise<unknown>((resolve) => {
    void bus.subscribe(topic, resolve);
  });

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
    const topic = `t-${crypto.randomUUID()}`;
    const seen: unknown[] = [];
    await b.subscribe(`${topic}-other`, (p) => seen.push(p));
    const a = next(b, topic);
    const c = next(b, topic);
    await new Promise((r) => setTimeout(r, 50));
    await b.publish(topic, { n: 1 });
    expect(await a).toEqual({ n: 1 });
    expect(await c).toEqual({ n: 1 });
    expect(seen).toEqual([]);
  });

  it('stops delivering after unsubscribe', async () => {
    const b = bus();
    const topic = `t-${crypto.randomUUID()}`;
    const seen: unknown[] = [];
    const off = await b.subscribe(topic, (p) => seen.push(p));
    await off();
    await b.publish(topic, 'x');
    await new Promise((r) => setTimeout(r, 100));
    expect(seen).toEqual([]);
  });

  if (kind === 'redis') {
    it('carries events between two instances', async () => {
      const a = bus();
      const b = bus();
      const topic = `t-${crypto.randomUUID()}`;
      const got = next(b, topic);
      await new Promise((r) => setTimeout(r, 100));
      await a.publish(topic, { from: 'a' });
      expect(await got).toEqual({ from: 'a' });
    });
  }
});
