import { ndrRuleById, type NdrAction, type NdrDetection, type NdrDetectionRow } from '@netloom/domain';
import type { ActionRow, DetectionRow } from './repo';

/** A stored detection as the rules emitted it (what merging and the risk score read). */
export function detectionOf(row: DetectionRow): NdrDetection {
  return {
    rule_id: row.ruleId,
    dedupe_key: row.dedupeKey,
    severity: row.severity,
    confidence: row.confidence,
    host: { ip: row.hostIp, device_id: row.deviceId },
    peer: row.peer,
    peers: row.peers,
    user: row.userName,
    title: row.title,
    summary: row.summary,
    tactics: row.tactics as NdrDetection['tactics'],
    techniques: row.techniques as NdrDetection['techniques'],
    first_seen: row.firstSeen.toISOString(),
    last_seen: row.lastSeen.toISOString(),
    facts: row.facts,
    evidence: row.evidence,
  };
}

/** What a detection's rule is called: NDR's own by its name, another product's by its id. */
export const ruleNameOf = (ruleId: string): string => ndrRuleById(ruleId)?.name ?? ruleId;

export function detectionRowView(row: DetectionRow, deviceNames: Map<string, string>): NdrDetectionRow {
  return {
    ...detectionOf(row),
    id: row.id,
    rule_name: ruleNameOf(row.ruleId),
    occurrences: row.occurrences,
    status: row.status,
    assignee: row.assignee,
    note: row.note,
    reopened: row.reopened,
    updated_at: row.updatedAt.toISOString(),
    updated_by: row.updatedBy,
    device_name: deviceNames.get(row.deviceId) ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

export function actionView(row: ActionRow, deviceNames: Map<string, string>): NdrAction {
  return {
    id: row.id,
    kind: row.kind,
    target: row.target,
    target_type: row.targetType,
    device_id: row.deviceId,
    device_name: deviceNames.get(row.deviceId) ?? null,
    method: row.method,
    mac: row.mac,
    detection_id: row.detectionId,
    note: row.note,
    revision_id: row.revisionId,
    created_at: row.createdAt.toISOString(),
    created_by: row.createdBy,
    undone_at: row.undoneAt?.toISOString() ?? null,
    undone_by: row.undoneBy,
    active: row.undoneAt === null,
  };
}
