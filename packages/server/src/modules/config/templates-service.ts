import {
  maskSecrets,
  restoreSecrets,
  SECRET_NOT_GIVEN,
  unrestoredSecrets,
  MAX_TEMPLATE_VARIABLES,
  OPERATION_DEVICE_STATES,
  checkTemplateSection,
  operationDeviceState,
  operationDone,
  templateVariables,
  tooManyVariablesMessage,
  type ConfigBinding,
  type ConfigDocument,
  type ConfigFamily,
  type ConfigOperation,
  type ConfigOperationSummary,
  type ConfigTemplate,
  type TemplatePreview,
} from '@netloom/domain';
import type { BindingTarget } from '../../db/schema/config';
import type { Db } from '../../db/client';
import { audit, type Actor } from '../../http/access';
import { errors } from '../../http/errors';
import { commitChanges, configDiff } from './commit';
import type { ConfigPushes } from './pushes';
import { Renderer } from './renderer';
import * as operations from './operations-repo';
import * as renderRepo from './render-repo';
import * as repo from './repo';
import type { SectionProvider } from './section-provider';
import * as templates from './templates-repo';

const toDto = (t: templates.TemplateListRow): ConfigTemplate => ({
  id: t.id,
  name: t.name,
  description: t.description,
  sections: t.sections,
  defaults: t.defaults,
  variables: templateVariables(t.sections),
  version: t.version,
  networks: t.networks,
  devices: t.devices,
  updated_at: t.updatedAt.toISOString(),
});

/**
 * Config Templates: reusable sections with variables, assigned in order to device groups and
 * devices. Editing a template pushes nothing; its preview tells what applying would change, and
 * applying pushes every affected device as one operation whose progress the console follows.
 */
export class TemplateService {
  constructor(
    private readonly db: Db,
    private readonly pushes: ConfigPushes,
    private readonly providers: readonly SectionProvider[],
  ) {}

  async list(actor: Actor, q: { search?: string; offset: number; limit: number | null }) {
    const { rows, total } = await templates.listTemplates(this.db, actor.scope.tenantId, q);
    return { rows: rows.map(toDto), total };
  }

  async get(actor: Actor, id: string): Promise<ConfigTemplate> {
    const row = await templates.findTemplate(this.db, actor.scope.tenantId, id);
    if (!row) throw errors.notFound();
    return toDto(row);
  }

  async create(actor: Actor, body: { name: string; description?: string; defaults?: Record<string, string> }): Promise<ConfigTemplate> {
    const id = crypto.randomUUID();
    await this.db.transaction(async (tx) => {
      if (await templates.nameTaken(tx, actor.scope.tenantId, body.name)) throw errors.invalid({ name: ['A template with this name already exists.'] });
      await templates.insertTemplate(tx, {
        id,
        tenantId: actor.scope.tenantId,
        name: body.name,
        description: body.description || null,
        defaults: body.defaults ?? {},
      });
      await audit(tx, actor, 'config_template.created', id, { name: body.name });
    });
    return this.get(actor, id);
  }

  async update(actor: Actor, id: string, body: { name?: string; description?: string; defaults?: Record<string, string> }): Promise<ConfigTemplate> {
    await this.db.transaction(async (tx) => {
      const t = await this.locked(tx, actor, id);
      if (body.name !== undefined && (await templates.nameTaken(tx, actor.scope.tenantId, body.name, id))) {
        throw errors.invalid({ name: ['A template with this name already exists.'] });
      }
      await templates.updateTemplate(tx, id, {
        ...(body.name !== undefined && { name: body.name }),
        ...(body.description !== undefined && { description: body.description || null }),
        ...(body.defaults !== undefined && { defaults: body.defaults }),
      });
      await audit(tx, actor, 'config_template.updated', id, { name: body.name ?? t.name, defaults_changed: body.defaults !== undefined });
    });
    return this.get(actor, id);
  }

  async remove(actor: Actor, id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const t = await this.locked(tx, actor, id);
      await templates.deleteTemplate(tx, actor.scope.tenantId, id);
      await audit(tx, actor, 'config_template.deleted', id, { name: t.name });
    });
  }

  /** Sets (or with null drops) a family of the template; nothing is pushed until the template is applied. */
  async saveSection(actor: Actor, id: string, family: ConfigFamily, section: unknown): Promise<ConfigTemplate> {
    if (section !== null) {
      const issues = checkTemplateSection(family, section);
      if (issues.length) {
        const fields: Record<string, string[]> = {};
        for (const i of issues) (fields[['section', ...i.path].join('.')] ??= []).push(i.message);
        throw errors.invalid(fields);
      }
    }
    await this.db.transaction(async (tx) => {
      const t = await this.locked(tx, actor, id);
      const sections: Record<string, unknown> = { ...t.sections };
      if (section === null) delete sections[family];
      else {
        // A secret the form sent back masked keeps the template's value; one that stands for nothing is typed again.
        const restored = restoreSecrets(section, t.sections[family]);
        const left = unrestoredSecrets(restored);
        if (left.length) throw errors.invalid(Object.fromEntries(left.map((p) => [['section', ...p].join('.'), [SECRET_NOT_GIVEN]])));
        sections[family] = restored;
      }
      // Every variable needs a value per device: a template stays one a person can fill in.
      if (templateVariables(sections).length > MAX_TEMPLATE_VARIABLES) throw errors.invalid({ section: [tooManyVariablesMessage] });
      await templates.updateTemplate(tx, id, { sections: sections as Partial<ConfigDocument> });
      await audit(tx, actor, 'config_template.section_saved', id, {
        family,
        diff: configDiff(maskSecrets(t.sections[family] ?? null), maskSecrets(sections[family] ?? null)),
      });
    });
    return this.get(actor, id);
  }

  /** What applying the template would do to each device that uses it, without changing anything. */
  async preview(actor: Actor, id: string): Promise<TemplatePreview> {
    const t = await this.get(actor, id);
    const rows = await renderRepo.loadRenderRows(this.db, actor.scope.tenantId, await templates.devicesUsing(this.db, actor.scope.tenantId, id));
    const renderer = new Renderer(await renderRepo.loadRenderContext(this.db, actor.scope.tenantId, rows, this.providers));
    const devices = rows
      .map((row) => {
        const { render, hash } = renderer.render(row, row.latest?.own ?? {});
        if (!render.ok) return { device_id: row.id, name: row.name, outcome: 'invalid' as const, error: render.message };
        const changed = hash !== row.latest?.hash;
        return { device_id: row.id, name: row.name, outcome: changed ? ('changed' as const) : ('unchanged' as const), error: null };
      })
      .sort((a, b) => a.name.localeCompare(b.name));
    const n = (o: string) => devices.filter((d) => d.outcome === o).length;
    return { template_version: t.version, changed: n('changed'), unchanged: n('unchanged'), invalid: n('invalid'), devices };
  }

  /** One device's document now and as applying the template would make it. */
  async previewDevice(actor: Actor, id: string, deviceId: string) {
    await this.get(actor, id);
    const using = await templates.devicesUsing(this.db, actor.scope.tenantId, id);
    if (!using.includes(deviceId)) throw errors.notFound();
    const [row] = await renderRepo.loadRenderRows(this.db, actor.scope.tenantId, [deviceId]);
    if (!row) throw errors.notFound();
    const { render } = new Renderer(await renderRepo.loadRenderContext(this.db, actor.scope.tenantId, [row], this.providers)).render(
      row,
      row.latest?.own ?? {},
    );
    return {
      device_id: row.id,
      name: row.name,
      current: (await repo.latestRevision(this.db, deviceId))?.document ?? {},
      rendered: render.ok ? render.document : null,
      error: render.ok ? null : render.message,
    };
  }

  /** Pushes the template to every device that uses it, as one operation; devices it does not change get nothing. */
  async apply(actor: Actor, id: string): Promise<ConfigOperation> {
    const t = await this.get(actor, id);
    const deviceIds = await templates.devicesUsing(this.db, actor.scope.tenantId, id);
    const opId = await this.push(actor, deviceIds, { title: `Template ${t.name} applied`, templateId: id });
    return this.operation(actor, opId);
  }

  async operation(actor: Actor, id: string): Promise<ConfigOperation> {
    const op = await operations.findOperation(this.db, actor.scope.tenantId, id);
    if (!op) throw errors.notFound();
    return progressOf(op, await this.withJobs(await operations.operationDevices(this.db, id)));
  }

  /** The tenant's bulk pushes, newest first, each with its counts (what the Config Templates page lists). */
  async operations(actor: Actor, page: { offset: number; limit: number | null }): Promise<{ rows: ConfigOperationSummary[]; total: number }> {
    const { rows, total } = await operations.listOperations(this.db, actor.scope.tenantId, page);
    const devices = await this.withJobs(
      await operations.operationsDevices(
        this.db,
        rows.map((r) => r.id),
      ),
    );
    return {
      rows: rows.map((op) => {
        const { devices: _devices, ...summary } = progressOf(
          op,
          devices.filter((d) => d.operationId === op.id),
        );
        return summary;
      }),
      total,
    };
  }

  async binding(actor: Actor, kind: BindingTarget, targetId: string): Promise<ConfigBinding> {
    if (!(await templates.bindingTarget(this.db, actor.scope.tenantId, kind, targetId))) throw errors.notFound();
    const row = await templates.findBinding(this.db, kind, targetId);
    const group = kind === 'device' ? await templates.groupOfDevice(this.db, targetId) : null;
    const inherited = group ? await templates.findBinding(this.db, 'network', group) : undefined;
    return { template_ids: row?.templateIds ?? [], variables: row?.variables ?? {}, inherited_template_ids: inherited?.templateIds ?? [] };
  }

  /** A device's or group's templates and values; its devices are rendered again and pushed where that changes them. */
  async saveBinding(actor: Actor, kind: BindingTarget, targetId: string, body: Pick<ConfigBinding, 'template_ids' | 'variables'>) {
    const target = await templates.bindingTarget(this.db, actor.scope.tenantId, kind, targetId);
    if (!target) throw errors.notFound();
    const ids = [...new Set(body.template_ids)];
    const known = await templates.existingTemplateIds(this.db, actor.scope.tenantId, ids);
    const unknown = ids.filter((i) => !known.has(i));
    if (unknown.length) throw errors.invalid({ template_ids: [`No such template: ${unknown.join(', ')}`] });
    await this.db.transaction(async (tx) => {
      await templates.saveBinding(tx, { targetKind: kind, targetId, tenantId: actor.scope.tenantId, templateIds: ids, variables: body.variables });
      await audit(tx, actor, 'config_template.assigned', targetId, { kind, template_ids: ids, variables: Object.keys(body.variables) });
    });
    const opId = target.deviceIds.length ? await this.push(actor, target.deviceIds, { title: `Templates of ${target.name} changed`, templateId: null }) : null;
    const group = kind === 'device' ? await templates.groupOfDevice(this.db, targetId) : null;
    const inherited = group ? await templates.findBinding(this.db, 'network', group) : undefined;
    return { template_ids: ids, variables: body.variables, inherited_template_ids: inherited?.templateIds ?? [], operation_id: opId };
  }

  /** Renders the devices again and pushes those that change, all in one transaction and one operation. */
  private async push(actor: Actor, deviceIds: string[], op: { title: string; templateId: string | null }): Promise<string> {
    const opId = crypto.randomUUID();
    const outcomes = await this.db.transaction(async (tx) => {
      const locked = await repo.lockDevices(tx, actor.scope.tenantId, deviceIds);
      const rows = await renderRepo.loadRenderRows(tx, actor.scope.tenantId, locked);
      const renderer = new Renderer(await renderRepo.loadRenderContext(tx, actor.scope.tenantId, rows, this.providers));
      const result = await commitChanges(
        tx,
        actor,
        rows.map((row) => ({ row, own: row.latest?.own ?? {} })),
        renderer,
        this.pushes,
        { source: 'template', message: op.title },
      );
      // Gateways that only got new Auto VPN peers are pushed too, but are not this operation's.
      const own = new Set(locked);
      await operations.insertOperation(
        tx,
        { id: opId, tenantId: actor.scope.tenantId, templateId: op.templateId, title: op.title, authorEmail: actor.email },
        result
          .filter((o) => own.has(o.deviceId))
          .map((o) => ({
            operationId: opId,
            deviceId: o.deviceId,
            outcome: o.outcome === 'pushed' ? 'pushed' : o.outcome === 'invalid' ? 'invalid' : 'unchanged',
            jobId: o.outcome === 'pushed' ? o.jobId : null,
            error: o.outcome === 'invalid' ? o.render.message : null,
          })),
      );
      await audit(tx, actor, 'config_template.pushed', op.templateId, {
        operation: opId,
        devices: result.length,
        pushed: result.filter((o) => o.outcome === 'pushed').length,
      });
      return result;
    });
    await this.pushes.announce(outcomes);
    return opId;
  }

  /** The operation's devices with where their pushes stand. */
  private async withJobs<T extends { jobId: string | null }>(rows: T[]): Promise<(T & { jobState: string | null; jobResult: string | null })[]> {
    const states = await this.pushes.jobStates(
      this.db,
      rows.flatMap((r) => (r.jobId ? [r.jobId] : [])),
    );
    return rows.map((r) => {
      const job = r.jobId ? states.get(r.jobId) : undefined;
      return { ...r, jobState: job?.state ?? null, jobResult: job?.result ?? null };
    });
  }

  private async locked(tx: Db, actor: Actor, id: string) {
    const t = await templates.lockTemplate(tx, actor.scope.tenantId, id);
    if (!t) throw errors.notFound();
    return t;
  }
}

/** Where each device of an operation stands, and the counts of each state. */
type OperationDevice = Awaited<ReturnType<typeof operations.operationDevices>>[number] & { jobState: string | null; jobResult: string | null };

function progressOf(op: operations.OperationRow, rows: OperationDevice[]): ConfigOperation {
  const devices = rows.map((r) => {
    const state = operationDeviceState({ outcome: r.outcome, jobState: r.jobState, deviceStatus: r.deviceStatus });
    return { device_id: r.deviceId, name: r.name, state, error: state === 'failed' ? r.jobResult : r.error };
  });
  const counts = Object.fromEntries(OPERATION_DEVICE_STATES.map((s) => [s, devices.filter((d) => d.state === s).length])) as ConfigOperation['counts'];
  return {
    id: op.id,
    title: op.title,
    template_id: op.templateId,
    author_email: op.authorEmail,
    created_at: op.createdAt.toISOString(),
    counts,
    done: operationDone(devices.map((d) => d.state)),
    devices,
  };
}
