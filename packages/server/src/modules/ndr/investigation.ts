import {
  NDR_RECORDS_MAX,
  ndrRiskLevel,
  ndrRuleById,
  type NdrDetectionDetail,
  type NdrHostTimeline,
  type NdrHostTimelineQuery,
  type NdrHosts,
} from '@netloom/domain';
import type { Db } from '../../db/client';
import type { Actor } from '../../http/access';
import { errors } from '../../http/errors';
import * as repo from './repo';
import { windowOf, type EvidenceReaderPort, type NdrService } from './service';
import { paramsOf } from './engine';
import { actionView, detectionRowView } from './views';

/** Records before a detection's first sighting that belong to its story (a beacon's earlier calls). */
const LEAD_MS = 10 * 60_000;
const TRAIL_MS = 60_000;

/** Looking into a detection or a host: the records behind it, read back from the analytics store by host and time. */
export class NdrInvestigation {
  constructor(
    private readonly db: Db,
    private readonly detections: NdrService,
    private readonly evidence: EvidenceReaderPort,
    private readonly now: () => number = Date.now,
  ) {}

  async detection(actor: Actor, id: string): Promise<NdrDetectionDetail> {
    const tenantId = actor.scope.tenantId;
    const row = await repo.findDetection(this.db, tenantId, id);
    if (!row) throw errors.notFound('No such detection.');
    const scope = {
      tenantId,
      hostIp: row.hostIp,
      deviceId: row.deviceId,
      from: new Date(row.firstSeen.getTime() - LEAD_MS),
      to: new Date(row.lastSeen.getTime() + TRAIL_MS),
      limit: NDR_RECORDS_MAX,
    };
    const rule = ndrRuleById(row.ruleId);
    const setting = rule ? (await repo.ruleSettings(this.db, tenantId)).find((s) => s.ruleId === rule.id) : undefined;
    const [flows, dns, ids, actions] = await Promise.all([
      rule && !rule.reads.includes('flow') ? [] : this.evidence.flows(scope),
      rule && !rule.reads.includes('dns') ? [] : this.evidence.dns(scope),
      rule && !rule.reads.includes('ids') ? [] : this.evidence.ids(scope),
      repo.listActions(this.db, tenantId, { detectionId: id }, { offset: 0, limit: 100 }),
    ]);
    const names = await repo.deviceNames(this.db, tenantId, [row.deviceId, ...actions.rows.map((a) => a.deviceId)]);
    return {
      ...detectionRowView(row, names),
      records: { flows, dns, ids },
      rule: { explanation: rule ? rule.explain(paramsOf(rule, setting)) : '' },
      actions: actions.rows.map((a) => actionView(a, names)),
    };
  }

  async hosts(actor: Actor, limit: number): Promise<NdrHosts> {
    const tenantId = actor.scope.tenantId;
    const risks = (await this.detections.hostRisks(tenantId)).slice(0, limit);
    const [names, users, quarantined] = await Promise.all([
      repo.deviceNames(
        this.db,
        tenantId,
        risks.map((r) => r.device_id),
      ),
      this.detections.usersOf(tenantId),
      repo.quarantinedHosts(this.db, tenantId),
    ]);
    return {
      results: risks.map((r) => ({
        ...r,
        device_name: names.get(r.device_id) ?? null,
        level: ndrRiskLevel(r.score),
        worst: r.worst,
        user: users.get(`${r.device_id}|${r.ip}`) ?? null,
        quarantined: quarantined.has(r.ip),
      })),
    };
  }

  /** A host's story in a window: its detections, flows, DNS queries and IDS alerts, and the users behind it. */
  async timeline(actor: Actor, q: NdrHostTimelineQuery): Promise<NdrHostTimeline> {
    const tenantId = actor.scope.tenantId;
    if (q.device_id && !(await repo.findDevice(this.db, tenantId, q.device_id))) throw errors.notFound('No such device.');
    const { from, to } = windowOf(q, this.now());
    const scope = { tenantId, hostIp: q.host_ip, deviceId: q.device_id ?? null, from, to, limit: NDR_RECORDS_MAX };
    const [detections, flows, dns, ids, risks, quarantined] = await Promise.all([
      repo.listDetections(this.db, tenantId, { from, to, host: q.host_ip, deviceId: q.device_id }, { offset: 0, limit: NDR_RECORDS_MAX }),
      this.evidence.flows(scope),
      this.evidence.dns(scope),
      this.evidence.ids(scope),
      this.detections.hostRisks(tenantId, q.host_ip),
      repo.quarantinedHosts(this.db, tenantId),
    ]);
    const risk = risks.find((r) => !q.device_id || r.device_id === q.device_id);
    const deviceId = q.device_id ?? risk?.device_id ?? detections.rows[0]?.deviceId ?? flows[0]?.device_id ?? null;
    const names = await repo.deviceNames(this.db, tenantId, [...(deviceId ? [deviceId] : []), ...detections.rows.map((d) => d.deviceId)]);
    // Newest first: the user mapping on the host's own flows, then what its detections named.
    const users: string[] = [];
    for (const u of [...flows.filter((f) => f.src_ip === q.host_ip).map((f) => f.user), ...detections.rows.map((d) => d.userName)])
      if (u && !users.includes(u)) users.push(u);
    return {
      host: {
        ip: q.host_ip,
        device_id: deviceId,
        device_name: deviceId ? (names.get(deviceId) ?? null) : null,
        score: risk?.score ?? 0,
        level: ndrRiskLevel(risk?.score ?? 0),
        users,
        quarantined: quarantined.has(q.host_ip),
      },
      window: { start: from.toISOString(), end: to.toISOString() },
      detections: detections.rows.map((r) => detectionRowView(r, names)),
      flows,
      dns,
      ids,
    };
  }
}
