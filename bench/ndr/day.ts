/**
 * bench:ndr, part 2: one simulated day of the demo fleet's ordinary traffic through NDR's rules.
 *
 * The demo fleet's gateways (`npm start`: Acme 6, Globex 1; seed 1 as a fresh demo's, each built
 * as the simulator's fleet builds it) run on a simulated clock over one UTC day at 1-minute steps.
 * Each minute, each gateway's flows (GatewayBehaviour.flows, what its NetFlow export sends) and its
 * resolver's queries (its DnsLog, kept consistent with the flows) are enriched as ingest does
 * (countries from the GeoIP list) and handed to the server's own EvidenceTap, which turns them into
 * NDR evidence as it does for every stored batch. Each tenant's evidence of the minute is one batch
 * for every rule of NDR_RULE_LIST with its default parameters (as the engine's paramsOf parses them),
 * each rule keeping its state from batch to batch. The detections are merged by dedupe key as the
 * NDR service stores them: what a console would list for that day.
 */
import { mergeNdrDetection, NDR_RULE_LIST, type NdrDetection, type NdrEvidence, type NdrRuleState } from '@netloom/domain';
import type { FastifyBaseLogger } from 'fastify';
import { GatewayBehaviour, gatewayProfile, mulberry32, seedFrom } from '../../packages/simulator/src/index';
import { bgpProfileOf } from '../../packages/simulator/src/status-model';
import { paramsOf } from '../../packages/server/src/modules/ndr/engine';
import { enrich, type FlowSource } from '../../packages/server/src/modules/traffic/enrich';
import { EvidenceTap } from '../../packages/server/src/modules/traffic/evidence-tap';
import { openCountryLookup } from '../../packages/server/src/modules/traffic/geoip';
import type { FlowBatchToStore } from '../../packages/server/src/modules/traffic/store';

/** The demo fleet's gateways per organisation (packages/server/src/demo/demo-fleet.ts), with its app connectors. */
const DEMO_GATEWAYS = [
  { tenant: 'Acme', emailDomain: 'acme.test', gateways: 6, appConnectors: 2 },
  { tenant: 'Globex', emailDomain: 'globex.test', gateways: 1, appConnectors: 1 },
];
const DEMO_SEED = 1;
const MIN = 60_000;

export interface DayOptions {
  /** Simulated hours from `startMs` (24: one day). */
  hours: number;
  startMs: number;
  /** Evidence to keep, in its order, for the engine part's replay. */
  keep: number;
  log: (text: string) => void;
  logger: FastifyBaseLogger;
}

interface DayDetection {
  tenant: string;
  gateway: string;
  detection: NdrDetection;
}

export interface DayResult {
  gateways: number;
  flows: number;
  dnsQueries: number;
  /** Detections as stored (merged by dedupe key). */
  detections: DayDetection[];
  generateS: number;
  stepS: number;
  /** The first `keep` evidence records of the day with their tenant's name, in their order. */
  replay: { tenant: string; evidence: NdrEvidence }[];
}

interface Gateway {
  tenant: string;
  name: string;
  behaviour: GatewayBehaviour;
  source: FlowSource;
}

export async function runDay(o: DayOptions): Promise<DayResult> {
  const geo = await openCountryLookup();
  let sim = o.startMs;
  const gateways: Gateway[] = DEMO_GATEWAYS.flatMap((t) =>
    Array.from({ length: t.gateways }, (_, i) => {
      const random = mulberry32(seedFrom(DEMO_SEED, t.emailDomain, 'gateway', i));
      const profile = gatewayProfile(random, i);
      const behaviour = new GatewayBehaviour(profile, random, undefined, bgpProfileOf(profile, i), () => sim, {
        appConnector: i < t.appConnectors,
        iotSite: false,
      });
      const id = crypto.randomUUID();
      const source: FlowSource = { id, enrolment: 1, tenantId: t.tenant, kind: 'gateway', networkId: null, username: null, siteCountry: null };
      return { tenant: t.tenant, name: `${t.tenant} ${profile.name}`, behaviour, source };
    }),
  );
  const byDevice = new Map(gateways.map((g) => [g.source.id, g]));

  const tap = new EvidenceTap(o.logger);
  let minuteEvidence = new Map<string, NdrEvidence[]>();
  tap.onEvidence((tenantId, evidence) => {
    const list = minuteEvidence.get(tenantId);
    if (list) list.push(...evidence);
    else minuteEvidence.set(tenantId, [...evidence]);
  });

  const rules = new Map(
    DEMO_GATEWAYS.map((t) => [
      t.tenant,
      NDR_RULE_LIST.map((rule) => ({ rule, params: paramsOf(rule, undefined), state: undefined as NdrRuleState | undefined })),
    ]),
  );
  const stored = new Map<string, DayDetection>();
  const replay: DayResult['replay'] = [];
  let flows = 0;
  let dnsQueries = 0;
  let generateMs = 0;
  let stepMs = 0;
  let seq = 0;
  const minutes = Math.round(o.hours * 60);
  for (let m = 1; m <= minutes; m++) {
    sim = o.startMs + m * MIN;
    const at = new Date(sim);
    const t0 = performance.now();
    const batches: FlowBatchToStore[] = gateways.map((g) => {
      if (g.source.siteCountry === null && g.behaviour.publicIp) g.source.siteCountry = geo.country(g.behaviour.publicIp);
      const records = g.behaviour.flows(at, 60);
      const queries = g.behaviour.dnsQueries();
      flows += records.length;
      dnsQueries += queries.length;
      seq++;
      return {
        deviceId: g.source.id,
        enrolment: 1,
        seq,
        flows: records.map((r) => enrich(r, g.source, geo)),
        urlEvents: [],
        ztnaSessions: [],
        dnsQueries: queries.map((query, n) => ({ tenantId: g.tenant, deviceId: g.source.id, at: new Date(query.at), seq, n, query })),
      };
    });
    minuteEvidence = new Map();
    tap.stored(batches);
    const t1 = performance.now();
    generateMs += t1 - t0;
    for (const [tenant, evidence] of minuteEvidence) {
      for (const r of rules.get(tenant)!) {
        const result = r.rule.step(r.state, evidence, r.params, sim);
        r.state = result.state;
        for (const d of result.detections) {
          const key = `${tenant}|${d.dedupe_key}`;
          const earlier = stored.get(key);
          stored.set(key, {
            tenant,
            gateway: byDevice.get(d.host.device_id)?.name ?? d.host.device_id,
            detection: earlier ? mergeNdrDetection(earlier.detection, d) : d,
          });
        }
      }
      for (const e of evidence) if (replay.length < o.keep) replay.push({ tenant, evidence: e });
    }
    stepMs += performance.now() - t1;
    if (m % 120 === 0)
      o.log(`day: ${m / 60} h simulated, ${flows.toLocaleString('en')} flows, ${dnsQueries.toLocaleString('en')} DNS queries, ${stored.size} detections`);
  }
  return { gateways: gateways.length, flows, dnsQueries, detections: [...stored.values()], generateS: generateMs / 1000, stepS: stepMs / 1000, replay };
}
