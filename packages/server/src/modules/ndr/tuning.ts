import {
  NDR_RULE_LIST,
  mitreTactic,
  mitreTechniqueTitle,
  mitreUrl,
  ndrDetectionPatchSchema,
  ndrRuleById,
  ndrTriage,
  type NdrDetectionPatch,
  type NdrDetectionRow,
  type NdrRulePatch,
  type NdrRuleRow,
  type NdrRules,
  type NdrSuppression,
  type NdrTriageAction,
  type NdrTriage,
  type MitreTacticId,
  type MitreTechniqueId,
  type NdrRule,
} from '@netloom/domain';
import type { Db } from '../../db/client';
import { audit, type Actor } from '../../http/access';
import { AppError, errors } from '../../http/errors';
import * as repo from './repo';
import { paramsOf } from './engine';
import { triageOf } from './service';
import { detectionRowView } from './views';

/** The engine hears of a tenant's changed rule settings (wired to NdrEngine.settingsChanged). */
export type SettingsChanged = (tenantId: string) => void;

const sameSilence = (a: NdrSuppression, b: NdrSuppression) => a.rule_id === b.rule_id && a.host_ip === b.host_ip && a.peer === b.peer;

/** The parameters as the console shows them: the suppressions have their own list. */
function shown(params: unknown): Record<string, unknown> {
  const { suppressions: _, ...rest } = params as Record<string, unknown>;
  return rest;
}

function ruleRow(rule: NdrRule, s: repo.RuleSettingRow | undefined, open: number): NdrRuleRow {
  const params = paramsOf(rule, s);
  return {
    id: rule.id as NdrRuleRow['id'],
    name: rule.name,
    severity: rule.severity,
    tactics: rule.tactics.map((id: MitreTacticId) => ({ id, name: mitreTactic(id).name, url: mitreUrl(id) })),
    techniques: rule.techniques.map((id: MitreTechniqueId) => ({ id, name: mitreTechniqueTitle(id), url: mitreUrl(id) })),
    reads: [...rule.reads],
    explanation: rule.explain(params),
    enabled: s?.enabled ?? true,
    params: shown(params),
    defaults: shown(rule.defaults()),
    overrides: s?.params ?? {},
    suppressions: s?.suppressions ?? [],
    detections_open: open,
  };
}

/** Triage of detections (a false positive tunes the rule for the host) and the tenant's tuning of each rule. */
export class NdrTuning {
  constructor(
    private readonly db: Db,
    private readonly settingsChanged: SettingsChanged,
  ) {}

  async triage(actor: Actor, id: string, body: NdrDetectionPatch): Promise<NdrDetectionRow> {
    const patch = ndrDetectionPatchSchema.parse(body);
    const tenantId = actor.scope.tenantId;
    const at = new Date().toISOString();
    let tuned = false;
    await this.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      const row = await repo.findDetection(db, tenantId, id, true);
      if (!row) throw errors.notFound('No such detection.');
      const detection = { rule_id: row.ruleId, host: { ip: row.hostIp, device_id: row.deviceId }, peer: row.peer };
      let triage: NdrTriage = triageOf(row);
      const actions: NdrTriageAction[] = [];
      if (patch.status !== undefined && !(patch.status === 'new' && triage.status === 'new'))
        actions.push(actionOf(patch.status, patch.note ?? '', patch.scope));
      if (patch.assignee !== undefined) actions.push({ type: 'assign', assignee: patch.assignee });
      let suppression: NdrSuppression | undefined;
      let lift = false;
      for (const action of actions) {
        const result = ndrTriage(detection, triage, action, actor.email, at);
        if (!result.ok) throw new AppError(409, result.code, result.message);
        triage = result.triage;
        suppression = result.suppression ?? suppression;
        lift ||= result.liftSuppression === true;
      }
      if (suppression || lift) {
        const setting = (await repo.lockRuleSetting(db, tenantId, row.ruleId))!;
        // Reopening lifts what the false positive left: the rule's silence of the host, for its peer or for every peer.
        const silences = setting.suppressions.filter(
          (s) => !(lift && s.rule_id === row.ruleId && s.host_ip === row.hostIp && (s.peer === row.peer || s.peer === null)),
        );
        if (suppression && !silences.some((s) => sameSilence(s, suppression))) silences.push(suppression);
        await repo.saveRuleSetting(db, { ...setting, suppressions: silences, updatedBy: actor.email });
        tuned = true;
      }
      await repo.updateDetection(db, tenantId, id, {
        status: triage.status,
        assignee: triage.assignee,
        note: triage.note,
        reopened: triage.reopened,
        updatedAt: new Date(at),
        updatedBy: actor.email,
      });
      await audit(db, actor, 'ndr.detection_triaged', id, {
        rule: row.ruleId,
        host: row.hostIp,
        ...(patch.status !== undefined && { status: triage.status }),
        ...(patch.assignee !== undefined && { assignee: triage.assignee }),
        ...(suppression && { suppressed: { host: suppression.host_ip, peer: suppression.peer } }),
      });
    });
    if (tuned) this.settingsChanged(tenantId);
    const row = (await repo.findDetection(this.db, tenantId, id))!;
    return detectionRowView(row, await repo.deviceNames(this.db, tenantId, [row.deviceId]));
  }

  async rules(actor: Actor): Promise<NdrRules> {
    const tenantId = actor.scope.tenantId;
    const [settings, open] = await Promise.all([repo.ruleSettings(this.db, tenantId), repo.openCountsByRule(this.db, tenantId)]);
    const byRule = new Map(settings.map((s) => [s.ruleId, s]));
    return { results: NDR_RULE_LIST.map((rule) => ruleRow(rule, byRule.get(rule.id), open.get(rule.id) ?? 0)) };
  }

  async updateRule(actor: Actor, ruleId: string, patch: NdrRulePatch): Promise<NdrRuleRow> {
    const rule = ndrRuleById(ruleId);
    if (!rule) throw errors.notFound('No such rule.');
    const tenantId = actor.scope.tenantId;
    await this.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      const setting = (await repo.lockRuleSetting(db, tenantId, ruleId))!;
      const params = patch.params === undefined ? setting.params : (patch.params ?? {});
      // A suppression sent without reason or expiry gets the schema's defaults, as a stored one has them.
      const suppressions = patch.suppressions?.map((s) => ({ reason: '', expires_at: null, ...s })) ?? setting.suppressions;
      const stray = suppressions.findIndex((s) => s.rule_id !== ruleId);
      if (stray >= 0) throw errors.invalid({ [`suppressions.${stray}.rule_id`]: [`A suppression of this rule names it: ${ruleId}`] });
      if ('suppressions' in params) throw errors.invalid({ 'params.suppressions': ['Suppressions have their own field'] });
      const checked = rule.paramsSchema.safeParse({ ...params, suppressions });
      if (!checked.success)
        throw errors.invalid(Object.fromEntries(checked.error.issues.map((i) => [['params', ...i.path.map(String)].join('.'), [i.message]])));
      await repo.saveRuleSetting(db, { ...setting, enabled: patch.enabled ?? setting.enabled, params, suppressions, updatedBy: actor.email });
      await audit(db, actor, 'ndr.rule_changed', null, {
        rule: ruleId,
        ...(patch.enabled !== undefined && { enabled: patch.enabled }),
        ...(patch.params !== undefined && { params }),
        ...(patch.suppressions !== undefined && { suppressions: suppressions.length }),
      });
    });
    this.settingsChanged(tenantId);
    const settings = await repo.ruleSettings(this.db, tenantId);
    const open = await repo.openCountsByRule(this.db, tenantId);
    return ruleRow(
      rule,
      settings.find((s) => s.ruleId === ruleId),
      open.get(ruleId) ?? 0,
    );
  }
}

function actionOf(status: 'new' | 'acknowledged' | 'resolved' | 'false_positive', note: string, scope?: 'peer' | 'host'): NdrTriageAction {
  switch (status) {
    case 'new':
      return { type: 'reopen', note };
    case 'acknowledged':
      return { type: 'acknowledge', note };
    case 'resolved':
      return { type: 'resolve', note };
    case 'false_positive':
      return { type: 'false_positive', note, scope: scope ?? 'peer' };
  }
}
