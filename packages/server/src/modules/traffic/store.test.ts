import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import { devices } from '../../db/schema/index';
import { DEFAULT_ANALYTICS_RETENTION, FLOW_DIMENSIONS, type FlowRecord } from '@netloom/domain';
import { build, testBackends, type TestApp } from '../../test/build';
import { enrolmentKey, TestAgent } from '../../test/agent-client';
import { enrich } from './enrich';
import { analyticsStoreOn } from '../../composition/analytics-store';
import type { PgAnalyticsStore } from './pg-store';
import type { Scope } from './store';
import { flowRecord } from './test-records';

const noGeo = { country: () => null };
const HOUR = 3_600_000;

describe.each(testBackends('partitions'))('analytics store on %s', (backend) => {
  let t: TestApp;
  let store: PgAnalyticsStore;
  let tenantId: string;
  let deviceId: string;
  let enrolment: number;
  let seq = 0;
  const agents: TestAgent[] = [];

  beforeAll(async () => {
    t = await build(backend);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    store = analyticsStoreOn(t.app.services.db, () => DEFAULT_ANALYTICS_RETENTION);
    const acme = await enrolmentKey(t.app, 'Acme');
    tenantId = acme.tenantId;
    const agent = await TestAgent.connect(t.app);
    agents.push(agent);
    agent.hello({ kind: 'enrol', enrolment_key: acme.key }, { serial: 'SN-STORE', name: 'store' });
    deviceId = ((await agent.next('welcome')) as { device_id: string }).device_id;
    enrolment = (await t.app.services.db.select({ n: devices.enrolment }).from(devices).where(eq(devices.id, deviceId)))[0]!.n;
  });
  afterAll(async () => {
    for (const a of agents) a.ws.terminate();
    await t.close();
  });

  const source = () => ({ id: deviceId, enrolment, tenantId, kind: 'gateway' as const, networkId: null, username: null, siteCountry: 'IN' });
  const ingest = (records: FlowRecord[]) =>
    store.ingest([{ deviceId, enrolment, seq: ++seq, flows: records.map((r) => enrich(r, source(), noGeo)), urlEvents: [], ztnaSessions: [] }]);
  const scope = (from: Date, to: Date): Scope => ({ tenantId, product: 'sdwan', from, to, deviceIds: null });
  const byKey = async (level: 'raw' | 'minute' | 'hour' | 'day', s: Scope, dim: (typeof FLOW_DIMENSIONS)[number]) =>
    Object.fromEntries((await store.top(level, s, dim, 10_000, [])).map((r) => [r.key, [r.bytesOut, r.bytesIn, r.packets, r.flows]]));

  it('keeps rollups equal to the raw records summed, for every dimension at every level', async () => {
    // One UTC day that started within the raw retention, so every level holds all of it.
    const day = new Date(Math.floor((Date.now() - HOUR) / (24 * HOUR)) * 24 * HOUR);
    const record = fc.record({
      minute: fc.integer({ min: 0, max: Math.floor((Date.now() - day.getTime()) / 60_000) - 1 }),
      app: fc.constantFrom('www.youtube.com', 'zoom.us', 'teams.microsoft.com', undefined),
      client: fc.integer({ min: 2, max: 9 }),
      dstPort: fc.constantFrom(443, 53, 22, 51820),
      protocol: fc.constantFrom(6, 17),
      srcPort: fc.constantFrom(123, 40000, 60000),
      bytes: fc.nat({ max: 5_000_000 }),
      user: fc.constantFrom('ana@acme.test', undefined),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(record, { minLength: 1, maxLength: 30 }), { minLength: 1, maxLength: 4 }), async (batches) => {
        for (const batch of batches) {
          await ingest(
            batch.map((r) => {
              const at = new Date(Math.max(day.getTime(), day.getTime() + r.minute * 60_000 + 30_000));
              return flowRecord(
                {
                  application: r.app,
                  src_ip: `192.168.1.${r.client}`,
                  src_port: r.srcPort,
                  dst_port: r.dstPort,
                  protocol: r.protocol,
                  src_bytes: Math.floor(r.bytes / 10),
                  dst_bytes: r.bytes,
                  user: r.user,
                },
                at,
              );
            }),
          );
        }
        // The whole day (answered from the coarsest table under each level), and for each level a
        // window on its own buckets that holds no whole bucket of the next level up (so its own table answers).
        const at = (ms: number) => new Date(day.getTime() + ms);
        const windows = [
          ...(['minute', 'hour', 'day'] as const).map((level) => ({ level, s: scope(day, at(24 * HOUR)) })),
          { level: 'minute' as const, s: scope(at(77 * 60_000), at(22 * HOUR + 43 * 60_000)) },
          { level: 'minute' as const, s: scope(at(HOUR + 10 * 60_000), at(HOUR + 50 * 60_000)) },
          { level: 'hour' as const, s: scope(at(2 * HOUR), at(22 * HOUR)) },
        ];
        for (const { level, s } of windows) {
          for (const dim of FLOW_DIMENSIONS)
            expect(await byKey(level, s, dim), `${dim} at ${level} from ${s.from.toISOString()}`).toEqual(await byKey('raw', s, dim));
        }
      }),
      { numRuns: 6 },
    );
  });

  it("stores nothing of a late batch from the device's earlier life in the inventory", async () => {
    const flows = [enrich(flowRecord({ application: 'old-life.example' }), source(), noGeo)];
    expect(await store.ingest([{ deviceId, enrolment: enrolment - 1, seq: ++seq, flows, urlEvents: [], ztnaSessions: [] }])).toEqual(new Set());
    const s = scope(new Date(Date.now() - HOUR), new Date(Date.now() + HOUR));
    expect((await byKey('raw', s, 'site'))['old-life.example']).toBeUndefined();
    expect((await byKey('minute', s, 'site'))['old-life.example']).toBeUndefined();
  });

  it('drops raw partitions past their retention and keeps the rollups that cover them', async () => {
    // Mid-hour, so the window an hour either side holds the flow's whole hour bucket whatever the clock says.
    const at = new Date(Math.floor((Date.now() - 30 * HOUR) / HOUR) * HOUR + HOUR / 2);
    await ingest([flowRecord({ application: 'www.bbc.co.uk', dst_bytes: 777 }, at)]);
    const s = scope(new Date(at.getTime() - HOUR), new Date(at.getTime() + HOUR));
    expect((await byKey('raw', s, 'site'))['bbc.co.uk']).toBeDefined();
    const partitions = async (table: string) =>
      (
        (await t.app.services.db.execute(
          sql`select count(*)::int as n from pg_inherits i join pg_class p on p.oid = i.inhparent where p.relname = ${table}`,
        )) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0]!.n;
    const rawBefore = await partitions('flow_records');
    // Three days on: the raw day of `at` is past 48 h, its minute rollups are not past 7 days.
    const dropped = await store.dropExpired(new Date(Date.now() + 3 * 24 * HOUR), DEFAULT_ANALYTICS_RETENTION);
    expect(dropped).toBeGreaterThan(0);
    expect(await partitions('flow_records')).toBeLessThan(rawBefore);
    expect((await byKey('raw', s, 'site'))['bbc.co.uk']).toBeUndefined();
    expect((await byKey('minute', s, 'site'))['bbc.co.uk']).toEqual([1000, 777, 22, 1]);
    expect((await byKey('hour', s, 'site'))['bbc.co.uk']).toEqual([1000, 777, 22, 1]);
  });
});
