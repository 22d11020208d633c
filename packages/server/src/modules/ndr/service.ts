import { randomUUID } from 'node:crypto';
import {
  MITRE_TACTICS,
  NDR_SEVERITIES,
  mergeNdrDetection,
  mergeNdrDetections,
  ndrDetectionSchema,
  ndrHostRisk,
  ndrSeverityRank,
  ndrTriageOnEvidence,
  type AlarmEvent,
  type NdrDetection,
  type NdrDnsRecord,
  type NdrFlowRecord,
  type NdrIdsRecord,
  type NdrDetectionList,
  type NdrDetectionListQuery,
  type NdrOverview,
  type NdrOverviewQuery,
  type NdrSeverityCounts,
  type NdrTriage,
} from '@netloom/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { Actor } from '../../http/access';
import * as repo from './repo';
import { detectionOf, detectionRowView, ruleNameOf } from './views';

/** What NDR reads of the analytics store (traffic's evidence reader, wired in the composition root). */
interface HostScope {
  tenantId: string;
  hostIp: string;
  deviceId: string | null;
  from: Date;
  to: Date;
  limit: number;
}
export interface EvidenceReaderPort {
  flows(s: HostScope): Promise<NdrFlowRecord[]>;
  dns(s: HostScope): Promise<NdrDnsRecord[]>;
  ids(s: HostScope): Promise<NdrIdsRecord[]>;
}

/** Alarms go to the tenant's notification channels (the alarms module's outbox, wired in the composition root). */
export type NdrNotify = (tenantId: string, event: AlarmEvent) => Promise<void>;

/** The engine's figures of a tenant, for the overview. */
export type EngineLag = (tenantId: string) => { lagSeconds: number; queued: number };

const DAY = 86_400_000;
const STEPS = [300, 900, 3_600, 3 * 3_600, 6 * 3_600, 86_400];

/** The window a query names, a day before its end by default. */
export function windowOf(q: { start_time?: string | undefined; end_time?: string | undefined }, now: number) {
  const to = q.end_time ? new Date(q.end_time) : new Date(now);
  const from = q.start_time ? new Date(q.start_time) : new Date(to.getTime() - DAY);
  return { from, to };
}

const zeroCounts = (): NdrSeverityCounts => ({ low: 0, medium: 0, high: 0, critical: 0 });
const ALARMING = new Set(['high', 'critical']);

/**
 * NDR's detections: stored from the engine's (and other products') emissions, merged by dedupe
 * key, alarmed when a high or critical one opens; the overview, lists and detail read them.
 */
export class NdrService {
  constructor(
    private readonly db: Db,
    private readonly notify: NdrNotify,
    private readonly lag: EngineLag,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Stores detections of a tenant: a new dedupe key is a new detection; a known one is updated
   * (its span, evidence, occurrences), and reopened when it was resolved. A high or critical one
   * that opens (new or reopened) is an alarm on the tenant's channels.
   */
  async record(tenantId: string, emitted: NdrDetection[]): Promise<void> {
    const valid = emitted.filter((d) => {
      const ok = ndrDetectionSchema.safeParse(d).success;
      if (!ok) this.log.warn({ tenant: tenantId, rule: d.rule_id }, 'an NDR detection that is not valid was not stored');
      return ok;
    });
    const detections = mergeNdrDetections(valid);
    if (detections.length === 0) return;
    const at = new Date(this.now());
    const opened = await this.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      const existing = new Map(
        (
          await repo.detectionsByKeys(
            db,
            tenantId,
            detections.map((d) => d.dedupe_key),
          )
        ).map((r) => [r.dedupeKey, r]),
      );
      const inserts: repo.DetectionInsert[] = [];
      const alarms: NdrDetection[] = [];
      for (const d of detections) {
        const row = existing.get(d.dedupe_key);
        if (!row) {
          inserts.push({ id: randomUUID(), tenantId, ...columnsOf(d), occurrences: 1, createdAt: at, updatedAt: at });
          if (ALARMING.has(d.severity)) alarms.push(d);
          continue;
        }
        const merged = mergeNdrDetection(detectionOf(row), d);
        const triage = ndrTriageOnEvidence(triageOf(row), at.toISOString());
        await repo.updateDetection(db, tenantId, row.id, {
          ...columnsOf(merged),
          occurrences: row.occurrences + 1,
          ...(triage.reopened && { status: triage.triage.status, reopened: triage.triage.reopened, updatedAt: at, updatedBy: null }),
        });
        if (triage.reopened && ALARMING.has(merged.severity)) alarms.push(merged);
      }
      await repo.insertDetections(db, inserts);
      return alarms;
    });
    for (const d of opened) {
      try {
        await this.notify(tenantId, alarmOf(tenantId, d, at));
      } catch (err) {
        this.log.warn({ err, tenant: tenantId }, 'NDR alarm not queued for the channels');
      }
    }
  }

  async overview(actor: Actor, q: NdrOverviewQuery): Promise<NdrOverview> {
    const tenantId = actor.scope.tenantId;
    const { from, to } = windowOf(q, this.now());
    const span = (to.getTime() - from.getTime()) / 1000;
    const step = STEPS.find((s) => span / s <= 96) ?? 86_400;
    const start = Math.floor(from.getTime() / (step * 1000)) * step * 1000;
    const buckets = new Map<number, NdrSeverityCounts>();
    for (let t = start; t <= to.getTime(); t += step * 1000) buckets.set(t, zeroCounts());
    const bySeverity = zeroCounts();
    const byStatus = { new: 0, acknowledged: 0, resolved: 0, false_positive: 0 };
    const byTactic = new Map<string, number>();
    const tacticSeries = new Map<string, number>();
    for (const r of await repo.overviewRows(this.db, tenantId, from, to)) {
      bySeverity[r.severity]++;
      byStatus[r.status]++;
      const bucket = Math.floor(r.firstSeen.getTime() / (step * 1000)) * step * 1000;
      const counts = buckets.get(bucket);
      if (counts) counts[r.severity]++;
      for (const t of r.tactics) {
        byTactic.set(t, (byTactic.get(t) ?? 0) + 1);
        if (counts) tacticSeries.set(`${bucket}|${t}`, (tacticSeries.get(`${bucket}|${t}`) ?? 0) + 1);
      }
    }
    const tacticName = new Map<string, string>(MITRE_TACTICS.map((t) => [t.id, t.name]));
    const risks = await this.hostRisks(tenantId);
    const lag = this.lag(tenantId);
    return {
      window: { start: from.toISOString(), end: to.toISOString(), step_seconds: step },
      by_severity: bySeverity,
      by_status: byStatus,
      by_tactic: [...byTactic]
        .map(([tactic, count]) => ({ tactic: tactic as NdrOverview['by_tactic'][number]['tactic'], name: tacticName.get(tactic) ?? tactic, count }))
        .sort((a, b) => b.count - a.count || a.tactic.localeCompare(b.tactic)),
      series: [...buckets].map(([at, counts]) => ({ at: new Date(at).toISOString(), ...counts })),
      tactic_series: [...tacticSeries].map(([key, count]) => {
        const [at, tactic] = key.split('|') as [string, NdrOverview['tactic_series'][number]['tactic']];
        return { at: new Date(Number(at)).toISOString(), tactic, count };
      }),
      hosts_at_risk: risks.length,
      open: await repo.openCount(this.db, tenantId),
      engine: { lag_seconds: Math.round(lag.lagSeconds * 10) / 10, queued: lag.queued },
    };
  }

  async list(actor: Actor, q: NdrDetectionListQuery): Promise<NdrDetectionList> {
    const tenantId = actor.scope.tenantId;
    const { from, to } = windowOf(q, this.now());
    const page = await repo.listDetections(
      this.db,
      tenantId,
      { from, to, severity: q.severity, status: q.status, ruleId: q.rule_id, tactic: q.tactic, host: q.host, deviceId: q.device_id },
      { offset: (q.page - 1) * q.page_size, limit: q.page_size },
    );
    const names = await repo.deviceNames(
      this.db,
      tenantId,
      page.rows.map((r) => r.deviceId),
    );
    return {
      count: page.count,
      next: q.page * q.page_size < page.count ? String(q.page + 1) : null,
      previous: q.page > 1 ? String(q.page - 1) : null,
      results: page.rows.map((r) => detectionRowView(r, names)),
    };
  }

  /** Every host's decaying risk, riskiest first (detections of the last two weeks: older ones have decayed to nothing). */
  async hostRisks(tenantId: string, hostIp?: string) {
    const rows = await repo.riskRows(this.db, tenantId, new Date(this.now() - 14 * DAY), hostIp);
    return ndrHostRisk(
      rows.map((r) => ({ ...detectionOf(r), status: r.status })),
      this.now(),
    );
  }

  /** The user behind each host, from its latest detection that named one. */
  async usersOf(tenantId: string): Promise<Map<string, string>> {
    const rows = await repo.riskRows(this.db, tenantId, new Date(this.now() - 14 * DAY));
    const users = new Map<string, { user: string; at: number }>();
    for (const r of rows) {
      if (!r.userName) continue;
      const key = `${r.deviceId}|${r.hostIp}`;
      const before = users.get(key);
      if (!before || before.at < r.lastSeen.getTime()) users.set(key, { user: r.userName, at: r.lastSeen.getTime() });
    }
    return new Map([...users].map(([k, v]) => [k, v.user]));
  }
}

export function triageOf(row: repo.DetectionRow): NdrTriage {
  return {
    status: row.status,
    assignee: row.assignee,
    updated_at: row.updatedAt.toISOString(),
    updated_by: row.updatedBy,
    reopened: row.reopened,
    note: row.note,
  };
}

function columnsOf(d: NdrDetection) {
  return {
    ruleId: d.rule_id,
    dedupeKey: d.dedupe_key,
    severity: d.severity,
    confidence: d.confidence,
    hostIp: d.host.ip,
    deviceId: d.host.device_id,
    peer: d.peer,
    peers: d.peers,
    userName: d.user,
    title: d.title,
    summary: d.summary,
    tactics: d.tactics,
    techniques: d.techniques,
    firstSeen: new Date(d.first_seen),
    lastSeen: new Date(d.last_seen),
    facts: d.facts,
    evidence: d.evidence,
  };
}

/** A detection that opened, as the channels carry an alarm: the host as the subject, the rule's title as the alarm. */
function alarmOf(tenantId: string, d: NdrDetection, at: Date): AlarmEvent {
  return {
    id: randomUUID(),
    test: false,
    tenant_id: tenantId,
    device_id: d.host.device_id,
    device_name: `NDR · ${d.host.ip}`,
    device_serial: null,
    kind: 'device',
    interface: null,
    state: 'Alerting',
    severity: ndrSeverityRank(d.severity) >= NDR_SEVERITIES.indexOf('critical') ? 'critical' : 'major',
    alarm: `${ruleNameOf(d.rule_id)}: ${d.title}`,
    detail: d.summary,
    time: at.toISOString(),
  };
}
