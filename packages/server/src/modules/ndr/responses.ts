import { randomUUID } from 'node:crypto';
import {
  applyNdrDomainBlock,
  applyNdrFirewallAction,
  ndrActionInputSchema,
  ndrNacDecision,
  ndrResponseActionInputSchema,
  undoNdrDomainBlock,
  undoNdrFirewallAction,
  type ContentFilterSection,
  type FirewallSection,
  type NdrAction,
  type NdrActionInput,
  type NdrActionList,
  type NdrResponseAction,
} from '@netloom/domain';
import type { Db } from '../../db/client';
import { audit, type Actor } from '../../http/access';
import { AppError, errors } from '../../http/errors';
import * as repo from './repo';
import { actionView } from './views';

/** What response actions need of the configuration engine (modules/config's service, wired in the composition root). */
export interface NdrConfigPort {
  /** The device's document as it stands (its sections, the templates' merged in). */
  document(actor: Actor, deviceId: string): Promise<{ firewall?: FirewallSection; content_filter?: ContentFilterSection }>;
  /** Saves one section as a new revision and pushes it; answers the revision made. */
  saveSection(actor: Actor, deviceId: string, family: 'firewall' | 'content_filter', section: unknown, message: string): Promise<{ revisionId: string | null }>;
}

/** What a quarantine by NAC needs of zero trust's NAC decisions (modules/ztna-activity, wired in the composition root). */
export interface NdrNacPort {
  decide(actor: Actor, body: { macs: string[]; decision: 'allow' | 'block' | 'quarantine' }): Promise<unknown>;
}

interface Undo {
  /** A domain block: whether the action added the domain (it was not blocked already). */
  added?: boolean;
  /** A quarantine by NAC: the host's decision before it. */
  previousDecision?: string | null;
}

const describe = (a: NdrResponseAction) =>
  a.kind === 'quarantine_host' ? `NDR: quarantine ${a.host_ip}` : `NDR: block ${a.target.type === 'domain' ? a.target.value : a.target.value}`;

/**
 * Response actions pushed as configuration: a host quarantined (its NAC decision, or firewall
 * rules on its gateway) or a destination blocked (firewall rules, or the gateway's content
 * filter for a domain). Each is audited and undoable; undoing takes out exactly what it added.
 */
export class NdrResponses {
  constructor(
    private readonly db: Db,
    private readonly config: NdrConfigPort,
    private readonly nac: NdrNacPort,
  ) {}

  async list(actor: Actor, q: { active?: 'true' | 'false' | undefined; host?: string | undefined; page: number; page_size: number }): Promise<NdrActionList> {
    const tenantId = actor.scope.tenantId;
    const page = await repo.listActions(
      this.db,
      tenantId,
      { active: q.active === undefined ? undefined : q.active === 'true', target: q.host },
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
      results: page.rows.map((r) => actionView(r, names)),
    };
  }

  async take(actor: Actor, body: NdrActionInput): Promise<NdrAction> {
    const input = ndrActionInputSchema.parse(body);
    const tenantId = actor.scope.tenantId;
    const device = await repo.findDevice(this.db, tenantId, input.device_id);
    if (!device) throw errors.notFound('No such device.');
    if (input.detection_id && !(await repo.findDetection(this.db, tenantId, input.detection_id))) throw errors.notFound('No such detection.');
    const id = randomUUID();
    let mac = input.kind === 'quarantine_host' ? (input.mac ?? null) : null;
    if (input.kind === 'quarantine_host' && input.method === 'nac' && !mac) mac = await repo.macOfHost(this.db, tenantId, input.host_ip);
    const parsed = ndrResponseActionInputSchema.safeParse(
      input.kind === 'quarantine_host'
        ? { kind: input.kind, id, device_id: input.device_id, host_ip: input.host_ip, method: input.method, ...(mac && { mac }) }
        : { kind: input.kind, id, device_id: input.device_id, target: input.target },
    );
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const field = issue.path.join('.') === 'mac' ? 'mac' : issue.path.join('.');
      throw errors.invalid({
        [field]: [issue.path.join('.') === 'mac' ? 'A quarantine by NAC needs the host’s MAC address (none seen at this address)' : issue.message],
      });
    }
    const action = parsed.data;
    const method = action.kind === 'quarantine_host' ? action.method : action.target.type === 'domain' ? 'dns' : 'firewall';
    if (method !== 'nac' && device.kind !== 'gateway') throw errors.invalid({ device_id: ['Firewall rules and domain blocks are a gateway’s'] });
    const undo: Undo = {};
    let revisionId: string | null = null;
    if (method === 'nac') {
      undo.previousDecision = await repo.nacDecisionOf(this.db, tenantId, mac!);
      if (undo.previousDecision === null) throw errors.invalid({ mac: ['No gateway of the organisation has seen this MAC address'] });
      await this.nac.decide(actor, ndrNacDecision(action)!);
    } else if (method === 'firewall') {
      const doc = await this.config.document(actor, action.device_id);
      const edit = applyNdrFirewallAction(doc.firewall, action);
      if (!edit.ok) throw new AppError(409, edit.code, edit.message);
      if (edit.changed) revisionId = (await this.config.saveSection(actor, action.device_id, 'firewall', edit.section, describe(action))).revisionId;
    } else {
      const doc = await this.config.document(actor, action.device_id);
      const edit = applyNdrDomainBlock(doc.content_filter, action);
      if (!edit.ok) throw new AppError(409, edit.code, edit.message);
      undo.added = edit.added;
      if (edit.added) revisionId = (await this.config.saveSection(actor, action.device_id, 'content_filter', edit.section, describe(action))).revisionId;
    }
    await this.db.transaction(async (tx) => {
      await repo.insertAction(tx as unknown as Db, {
        id,
        tenantId,
        kind: action.kind,
        target: action.kind === 'quarantine_host' ? action.host_ip : action.target.value,
        targetType: action.kind === 'quarantine_host' ? 'host' : action.target.type,
        deviceId: action.device_id,
        method,
        mac,
        detectionId: input.detection_id ?? null,
        note: input.note ?? '',
        undo: undo as Record<string, unknown>,
        revisionId,
        createdBy: actor.email,
      });
      await audit(tx as unknown as Db, actor, 'ndr.action_taken', id, { kind: action.kind, method, device: action.device_id, target: describe(action) });
    });
    return this.one(tenantId, id);
  }

  async undo(actor: Actor, id: string): Promise<NdrAction> {
    const tenantId = actor.scope.tenantId;
    const row = await repo.findAction(this.db, tenantId, id);
    if (!row) throw errors.notFound('No such response action.');
    // Undoing twice changes nothing more.
    if (row.undoneAt) return this.one(tenantId, id);
    const action = actionOf(row);
    const undo = row.undo as Undo;
    if (row.method === 'nac') {
      const before = undo.previousDecision;
      // A host nobody had decided on goes back to allowed: NAC has no way back to 'pending'.
      await this.nac.decide(actor, { macs: [row.mac!], decision: before === 'block' || before === 'quarantine' ? before : 'allow' });
    } else if (await repo.findDevice(this.db, tenantId, row.deviceId)) {
      const doc = await this.config.document(actor, row.deviceId);
      if (row.method === 'firewall') {
        const next = undoNdrFirewallAction(doc.firewall, action);
        if (next && JSON.stringify(next) !== JSON.stringify(doc.firewall))
          await this.config.saveSection(actor, row.deviceId, 'firewall', next, `${describe(action)} undone`);
      } else {
        const next = undoNdrDomainBlock(doc.content_filter, action, undo.added === true);
        if (next && next !== doc.content_filter) await this.config.saveSection(actor, row.deviceId, 'content_filter', next, `${describe(action)} undone`);
      }
    }
    await this.db.transaction(async (tx) => {
      await repo.markUndone(tx as unknown as Db, tenantId, id, actor.email);
      await audit(tx as unknown as Db, actor, 'ndr.action_undone', id, { kind: row.kind, method: row.method, target: row.target });
    });
    return this.one(tenantId, id);
  }

  private async one(tenantId: string, id: string): Promise<NdrAction> {
    const row = (await repo.findAction(this.db, tenantId, id))!;
    return actionView(row, await repo.deviceNames(this.db, tenantId, [row.deviceId]));
  }
}

/** The stored action as the domain's rules read it (its derived rule ids come from its id). */
function actionOf(row: repo.ActionRow): NdrResponseAction {
  if (row.kind === 'quarantine_host')
    return {
      kind: 'quarantine_host',
      id: row.id,
      device_id: row.deviceId,
      host_ip: row.target,
      method: row.method === 'nac' ? 'nac' : 'firewall',
      ...(row.mac && { mac: row.mac }),
    };
  const type = row.targetType === 'host' ? 'ip' : row.targetType;
  return {
    kind: 'block_destination',
    id: row.id,
    device_id: row.deviceId,
    target: { type, value: row.target } as Extract<NdrResponseAction, { kind: 'block_destination' }>['target'],
  };
}
