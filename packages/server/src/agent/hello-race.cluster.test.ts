import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { DEVICE_PATHS } from '@netloom/domain';
import { devices } from '../db/schema/index';
import { addDevice } from '../fleet/test-fixtures';
import { bearer, build, login, type TestApp } from '../test/build';
import { enrolmentKey, TestAgent } from '../test/agent-client';

/**
 * A device removed while its hello is under way, on PostgreSQL with the Redis bus (whose subscribe
 * and publish are network round trips, as in production): whatever the interleaving, the removal
 * wins. Timing-driven (nothing stubbed), so it tries many interleavings rather than one.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL || !process.env.TEST_REDIS_URL)(
  'unclaim during the hello (PostgreSQL + Redis) (needs TEST_DATABASE_URL and TEST_REDIS_URL)',
  () => {
    let t: TestApp;
    const agents: TestAgent[] = [];

    beforeAll(async () => {
      t = await build('postgres', (c) => ({ ...c, redisUrl: process.env.TEST_REDIS_URL! }));
      await t.app.listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(async () => {
      for (const a of agents) a.ws.terminate();
      await t.close();
    });

    it('never leaves a connection open on a removed device, nor brings the removed device back as it was', async () => {
      const { key, tenantId } = await enrolmentKey(t.app, 'Acme');
      const owner = (await login(t.app, 'owner@acme.test')).access;
      const db = t.app.services.db;
      // Known and waiting for approval, so their hello rewrites their row: the widest window there is.
      const pending = await Promise.all(Array.from({ length: 40 }, (_, i) => addDevice(db, tenantId, { approved: false, lastSeq: 5, serial: `SN-RACE-${i}` })));
      await Promise.all(
        pending.map(async (d, i) => {
          const agent = await TestAgent.connect(t.app);
          agents.push(agent);
          agent.hello({ kind: 'enrol', enrolment_key: key }, { serial: d.serial });
          await new Promise((r) => setTimeout(r, i % 10));
          const res = await t.app.inject({ method: 'POST', url: `/api/v1/${DEVICE_PATHS.unclaim(d.id)}`, headers: bearer(owner) });
          expect(res.statusCode).toBe(200);
        }),
      );
      await new Promise((r) => setTimeout(r, 500));
      const rows = await db
        .select()
        .from(devices)
        .where(
          inArray(
            devices.id,
            pending.map((d) => d.id),
          ),
        );
      const wrong = pending.flatMap((d, i) => {
        const row = rows.find((r) => r.id === d.id)!;
        const open = agents[i]!.ws.readyState === agents[i]!.ws.OPEN;
        // Open is right only for a device that enrolled afresh after its removal (a new life: its seqs start over).
        if (open && !row.claimed) return [`${d.serial}: connected, but removed`];
        if (row.claimed && row.lastSeq !== -1) return [`${d.serial}: back in the inventory as it was before its removal`];
        return [];
      });
      expect(wrong).toEqual([]);
      expect(await db.select().from(devices).where(eq(devices.tenantId, tenantId))).not.toHaveLength(0);
    });
  },
);
