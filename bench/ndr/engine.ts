/**
 * bench:ndr, part 1b: NDR's engine alone, in this process, fed at a set rate as the ingest's
 * evidence tap feeds it. The server's NdrEngine with every rule of NDR_RULE_LIST, its tenants'
 * settings and rule states read from and saved to a scratch PostgreSQL database, and its
 * detections stored by the server's NdrService (merged by dedupe key; a high or critical one that
 * opens is counted as an alarm here instead of going to channels). The evidence is the demo
 * fleet's day (part 2's: flows and DNS queries as the tap hands them, each with its organisation),
 * in its order, handed over every 250 ms (the ingest's flush) in per-tenant batches at `rate`
 * records a second. Sampled every second: each tenant's lag as the console shows it
 * (NdrEngine.lag: the age of its oldest waiting evidence); at the end the engine's own figures
 * (the slowest batch from hand-over to its detections stored, records stepped and dropped).
 */
import { inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { NdrEvidence } from '@netloom/domain';
import { openDatabase } from '../../packages/server/src/db/client';
import { ndrDetections, tenants } from '../../packages/server/src/db/schema/index';
import { NdrEngine, NdrService } from '../../packages/server/src/modules/ndr/index';
import { prepareDatabase, scratchPostgres } from '../live/prepare';
import { sleep } from '../live/proc';

export interface EngineOptions {
  adminUrl: string;
  rate: number;
  seconds: number;
  replay: readonly { tenant: string; evidence: NdrEvidence }[];
  log: (text: string) => void;
  logger: FastifyBaseLogger;
}

export interface EngineResult {
  fed: number;
  fedPerS: number;
  /** How late the feeder handed a tick's records over, worst case (ms): the event loop was the engine's meanwhile. */
  feederSlipMs: number;
  /** NdrEngine.lag sampled every second over the tenants (s). */
  lagSamples: number[];
  maxLagMs: number;
  /** From the feed's end until every record was stepped (s). */
  drainS: number;
  stepped: number;
  dropped: number;
  emitted: number;
  failures: number;
  stored: { severity: string; count: number }[];
  alarms: number;
  cpuPct: number;
}

const TICK_MS = 250;
const PASSWORD = 'bench-ndr-password';

export async function runEngine(o: EngineOptions): Promise<EngineResult> {
  const scratch = await scratchPostgres(o.adminUrl, 'netloom_bench_ndr');
  try {
    await prepareDatabase({ kind: 'postgres', url: scratch.url }, PASSWORD, 2);
    const database = await openDatabase({ kind: 'postgres', url: scratch.url });
    try {
      const { db } = database;
      const rows = await db
        .select({ id: tenants.id, name: tenants.name })
        .from(tenants)
        .where(inArray(tenants.name, ['Acme', 'Globex']));
      const tenantId = new Map(rows.map((r) => [r.name, r.id]));
      let alarms = 0;
      const ndr: NdrService = new NdrService(
        db,
        async () => {
          alarms++;
        },
        (id) => engine.lag(id),
        o.logger,
      );
      const engine = new NdrEngine(db, (id, detections) => ndr.record(id, detections), o.logger);
      engine.start();

      const total = Math.min(o.replay.length, Math.round(o.rate * o.seconds));
      o.log(`engine: feeding ${total.toLocaleString('en')} records at ${o.rate.toLocaleString('en')}/s in ${TICK_MS} ms hand-overs…`);
      const lagSamples: number[] = [];
      const sampler = setInterval(() => {
        for (const id of tenantId.values()) lagSamples.push(engine.lag(id).lagSeconds);
      }, 1000);
      const cpu0 = process.cpuUsage();
      const start = performance.now();
      let fed = 0;
      let slip = 0;
      for (let tick = 1; fed < total; tick++) {
        const due = start + tick * TICK_MS;
        const wait = due - performance.now();
        if (wait > 0) await sleep(wait);
        slip = Math.max(slip, performance.now() - due);
        const upTo = Math.min(total, Math.round(((tick * TICK_MS) / 1000) * o.rate));
        const byTenant = new Map<string, NdrEvidence[]>();
        for (; fed < upTo; fed++) {
          const { tenant, evidence } = o.replay[fed]!;
          const list = byTenant.get(tenant);
          if (list) list.push(evidence);
          else byTenant.set(tenant, [evidence]);
        }
        for (const [tenant, evidence] of byTenant) engine.accept(tenantId.get(tenant)!, evidence);
      }
      const feedS = (performance.now() - start) / 1000;
      const fedAt = performance.now();
      await engine.idle();
      const drainS = (performance.now() - fedAt) / 1000;
      clearInterval(sampler);
      const cpu = process.cpuUsage(cpu0);
      const wallS = (performance.now() - start) / 1000;
      await engine.close();
      const stored = await db
        .select({ severity: ndrDetections.severity, count: sql<number>`count(*)::int` })
        .from(ndrDetections)
        .groupBy(ndrDetections.severity)
        .orderBy(ndrDetections.severity);
      return {
        fed,
        fedPerS: fed / feedS,
        feederSlipMs: slip,
        lagSamples,
        maxLagMs: engine.stats.maxLagMs,
        drainS,
        stepped: engine.stats.recordsStepped,
        dropped: engine.stats.recordsDropped,
        emitted: engine.stats.detectionsEmitted,
        failures: engine.stats.failures,
        stored,
        alarms,
        cpuPct: ((cpu.user + cpu.system) / 1e6 / wallS) * 100,
      };
    } finally {
      await database.close();
    }
  } finally {
    await scratch.drop();
  }
}
