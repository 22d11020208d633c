import {
  CONFIG_EXPORT_FORMAT,
  CONFIG_FAMILIES,
  configDocumentSchema,
  parseImportedSections,
  configHash,
  configSyncState,
  type ConfigDocument,
  type ConfigExport,
  type ConfigExportPart,
  type ConfigFamily,
  type ConfigRevisionSource,
  type ConfigRevisionSummary,
  type DeviceConfig,
  type DeviceRender,
  type EnableConfigs,
} from '@netloom/domain';
import type { z } from 'zod';
import type { EventBus } from '../../bus/event-bus';
import { topics } from '../../bus/topics';
import type { Db } from '../../db/client';
import type { Actor } from '../../http/access';
import { errors } from '../../http/errors';
import { commitChanges, type CommitOutcome } from './commit';
import { renderRow } from './renderer';
import * as renderRepo from './render-repo';
import * as repo from './repo';

const summary = (r: repo.RevisionRow): ConfigRevisionSummary => ({
  id: r.id,
  number: r.number,
  hash: r.hash,
  source: r.source,
  message: r.message,
  author_email: r.authorEmail,
  created_at: r.createdAt.toISOString(),
});

type Issue = { path: (string | number)[]; message: string };

/** Field errors of a family section, named as the console sends it (`section.2.gateway`), others at their place in the document. */
function fieldErrors(issues: Issue[], family?: ConfigFamily): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const i of issues) {
    const key = family && i.path[0] === family ? ['section', ...i.path.slice(1)].join('.') : ['document', ...i.path].join('.');
    (fields[key] ??= []).push(i.message);
  }
  return fields;
}

const refused = (render: Extract<DeviceRender, { ok: false }>, family?: ConfigFamily) =>
  errors.invalid(
    render.issues.length ? fieldErrors(render.issues, family) : { document: [render.message] },
    render.issues.length ? 'Invalid input.' : render.message,
  );

/** Publishes the pushes of a committed transaction: the device's connection, on whichever instance, sends the job now. */
export async function announcePushes(bus: EventBus, outcomes: CommitOutcome[]): Promise<void> {
  for (const o of outcomes) if (o.outcome === 'pushed') await bus.publish(topics.device(o.deviceId), { kind: 'job', job_id: o.jobId });
}

/**
 * A device's configuration: every save is an immutable revision of its effective document (its
 * templates rendered, then its own sections), the newest is the desired one, and a new desired
 * one is pushed to the device as a job it acknowledges with the hash it runs.
 */
export class ConfigService {
  constructor(
    private readonly db: Db,
    private readonly bus: EventBus,
  ) {}

  async get(actor: Actor, deviceId: string): Promise<DeviceConfig> {
    const row = await this.row(this.db, actor, deviceId);
    const [hashes, revision, draft] = await Promise.all([
      repo.findDeviceHashes(this.db, actor.scope.tenantId, deviceId),
      repo.latestRevision(this.db, deviceId),
      renderRepo.findDraft(this.db, deviceId),
    ]);
    const ctx = await renderRepo.loadRenderContext(this.db, actor.scope.tenantId, [row]);
    const render = renderRow(row, ctx, draft?.own ?? row.latest?.own ?? {});
    const desired = revision ? (hashes?.desired ?? null) : null;
    const push = desired ? await repo.pushState(this.db, deviceId, desired) : { inFlight: false, error: null };
    return {
      device_id: deviceId,
      revision: revision ? summary(revision) : null,
      document: render.ok ? render.document : (revision?.document ?? {}),
      sync: {
        state: configSyncState({
          desiredHash: desired,
          ackedHash: null,
          reportedHash: hashes?.reported ?? null,
          pushInFlight: push.inFlight,
          lastError: push.error,
        }),
        desired_hash: desired,
        reported_hash: hashes?.reported ?? null,
        error: push.error,
      },
      sections: render.ok ? render.sources : CONFIG_FAMILIES.filter((f) => revision?.document[f] !== undefined).map((family) => ({ family, template: null })),
      disabled_families: row.disabledFamilies as ConfigFamily[],
      auto_sync: row.autoSync,
      render_error: render.ok ? null : render.message,
      draft: draft ? { author_email: draft.authorEmail, updated_at: draft.updatedAt.toISOString() } : null,
    };
  }

  /** Replaces the device's own sections with a whole document (the templates keep the families it leaves out). */
  async saveDocument(actor: Actor, deviceId: string, own: ConfigDocument, opts: { source: ConfigRevisionSource; message?: string }) {
    await this.commitOwn(actor, deviceId, () => own, opts);
    return this.get(actor, deviceId);
  }

  /**
   * Sets one family's section (or, with null, hands the family back to the templates). Checked
   * first by the family's own schema, then as part of the whole document it makes. While the
   * device has a draft, or when asked to start one, the change goes into the draft.
   */
  async saveSection(actor: Actor, deviceId: string, family: ConfigFamily, section: unknown, opts: { message?: string; draft?: boolean }) {
    let value: unknown;
    if (section !== null) {
      const parsed = (configDocumentSchema.shape[family] as z.ZodType).safeParse(section);
      if (!parsed.success)
        throw errors.invalid(
          fieldErrors(
            parsed.error.issues.map((i) => ({ path: [family, ...(i.path as (string | number)[])], message: i.message })),
            family,
          ),
        );
      value = parsed.data;
    }
    const change = (own: Partial<ConfigDocument>) => {
      const next: Record<string, unknown> = { ...own };
      if (value === undefined) delete next[family];
      else next[family] = value;
      return next as Partial<ConfigDocument>;
    };
    const draft = await renderRepo.findDraft(this.db, deviceId);
    if (draft || opts.draft) await this.saveDraft(actor, deviceId, change, family);
    else await this.commitOwn(actor, deviceId, change, { source: 'edit', message: opts.message }, family);
    return this.get(actor, deviceId);
  }

  async pushDraft(actor: Actor, deviceId: string, message?: string) {
    const draft = await renderRepo.findDraft(this.db, deviceId);
    if (!draft) throw errors.notFound('There is no draft to push.');
    await this.commitOwn(actor, deviceId, () => draft.own, { source: 'edit', message }, undefined, true);
    return this.get(actor, deviceId);
  }

  async discardDraft(actor: Actor, deviceId: string) {
    await this.row(this.db, actor, deviceId);
    await renderRepo.deleteDraft(this.db, deviceId);
    return this.get(actor, deviceId);
  }

  /** The desired document (or the device's own sections only) as a file to keep or to import elsewhere. */
  async exportConfig(actor: Actor, deviceId: string, part: ConfigExportPart): Promise<ConfigExport> {
    const row = await this.row(this.db, actor, deviceId);
    const revision = await repo.latestRevision(this.db, deviceId);
    const document = part === 'own' ? (row.latest?.own ?? {}) : (revision?.document ?? {});
    return {
      format: CONFIG_EXPORT_FORMAT,
      version: 1,
      part,
      device: { id: row.id, name: row.name },
      revision: revision ? { number: revision.number, hash: revision.hash } : null,
      exported_at: new Date().toISOString(),
      document,
    };
  }

  /**
   * An uploaded document becomes the device's own sections (its templates keep the families it
   * leaves out), checked family by family and then as the whole document it makes: invalid →
   * 400 with the fields, nothing stored. Saved with source 'import' and pushed like any edit.
   */
  async importDocument(actor: Actor, deviceId: string, document: Record<string, unknown>, message?: string): Promise<DeviceConfig> {
    const parsed = parseImportedSections(document);
    if (!parsed.ok) throw errors.invalid(fieldErrors(parsed.issues));
    await this.commitOwn(actor, deviceId, () => parsed.own, { source: 'import', message: message || 'Imported configuration' });
    return this.get(actor, deviceId);
  }

  async enableConfigs(actor: Actor, deviceId: string): Promise<EnableConfigs> {
    const row = await this.row(this.db, actor, deviceId);
    return {
      families: Object.fromEntries(CONFIG_FAMILIES.map((f) => [f, !row.disabledFamilies.includes(f)])) as EnableConfigs['families'],
      auto_sync: row.autoSync,
    };
  }

  /** Turning a family off takes it out of what the device is sent (a new revision); auto-sync off leaves local changes alone. */
  async setEnableConfigs(actor: Actor, deviceId: string, body: { families?: Partial<Record<ConfigFamily, boolean>>; auto_sync?: boolean }) {
    const outcomes = await this.db.transaction(async (tx) => {
      const row = await this.lockedRow(tx, actor, deviceId);
      const disabled = new Set(row.disabledFamilies);
      for (const [family, on] of Object.entries(body.families ?? {})) {
        if (on) disabled.delete(family);
        else disabled.add(family);
      }
      const next = { ...row, disabledFamilies: CONFIG_FAMILIES.filter((f) => disabled.has(f)), autoSync: body.auto_sync ?? row.autoSync };
      await renderRepo.saveSettings(tx, { deviceId, tenantId: actor.scope.tenantId, disabledFamilies: next.disabledFamilies, autoSync: next.autoSync });
      if (next.disabledFamilies.join() === row.disabledFamilies.join() || !row.latest) return [];
      const ctx = await renderRepo.loadRenderContext(tx, actor.scope.tenantId, [row]);
      const result = await commitChanges(tx, actor, [{ row: next, own: row.latest.own }], ctx, {
        source: 'edit',
        message: 'Configuration families turned on or off',
      });
      if (result[0]?.outcome === 'invalid') throw refused(result[0].render);
      return result;
    });
    await announcePushes(this.bus, outcomes);
    return this.enableConfigs(actor, deviceId);
  }

  async revisions(actor: Actor, deviceId: string, page: { offset: number; limit: number | null }) {
    await this.row(this.db, actor, deviceId);
    const { rows, total } = await repo.listRevisions(this.db, deviceId, page);
    return { rows: rows.map(summary), total };
  }

  async revision(actor: Actor, deviceId: string, revisionId: string) {
    await this.row(this.db, actor, deviceId);
    const row = await repo.findRevision(this.db, deviceId, revisionId);
    if (!row) throw errors.notFound();
    return { ...summary(row), document: row.document };
  }

  /**
   * Rolling back makes a new revision that runs exactly the old document: with the old own
   * sections when the templates still render them to it, else with the old document as the
   * device's own (templates changed since), so the history only grows and the box gets what it had.
   */
  async rollback(actor: Actor, deviceId: string, revisionId: string, message?: string): Promise<DeviceConfig> {
    await this.row(this.db, actor, deviceId);
    const target = await repo.findRevision(this.db, deviceId, revisionId);
    if (!target) throw errors.notFound();
    const targetOwn = target.own ?? target.document;
    const choose = (_current: Partial<ConfigDocument>, render: (own: Partial<ConfigDocument>) => DeviceRender) => {
      const again = render(targetOwn);
      return again.ok && configHash(again.document) === target.hash ? targetOwn : target.document;
    };
    await this.commitOwn(actor, deviceId, choose, { source: 'rollback', message: message || `Rollback to revision ${target.number}` });
    return this.get(actor, deviceId);
  }

  /** Commits new own sections as the device's next revision and pushes it; invalid → 400 with the fields, nothing stored. */
  private async commitOwn(
    actor: Actor,
    deviceId: string,
    next: (own: Partial<ConfigDocument>, render: (own: Partial<ConfigDocument>) => DeviceRender) => Partial<ConfigDocument>,
    opts: { source: ConfigRevisionSource; message?: string },
    family?: ConfigFamily,
    dropDraft = false,
  ) {
    const outcomes = await this.db.transaction(async (tx) => {
      const row = await this.lockedRow(tx, actor, deviceId);
      const ctx = await renderRepo.loadRenderContext(tx, actor.scope.tenantId, [row]);
      const own = next(row.latest?.own ?? {}, (o) => renderRow(row, ctx, o));
      const result = await commitChanges(tx, actor, [{ row, own }], ctx, opts);
      if (result[0]?.outcome === 'invalid') throw refused(result[0].render, family);
      if (dropDraft) await renderRepo.deleteDraft(tx, deviceId);
      return result;
    });
    await announcePushes(this.bus, outcomes);
  }

  private async saveDraft(actor: Actor, deviceId: string, change: (own: Partial<ConfigDocument>) => Partial<ConfigDocument>, family: ConfigFamily) {
    await this.db.transaction(async (tx) => {
      const row = await this.lockedRow(tx, actor, deviceId);
      const draft = await renderRepo.findDraft(tx, deviceId);
      const own = change(draft?.own ?? row.latest?.own ?? {});
      const render = renderRow(row, await renderRepo.loadRenderContext(tx, actor.scope.tenantId, [row]), own);
      if (!render.ok) throw refused(render, family);
      await renderRepo.saveDraft(tx, { deviceId, tenantId: actor.scope.tenantId, own, authorEmail: actor.email });
    });
  }

  /**
   * Renders the tenant's devices again (all of them, or those given) inside the caller's
   * transaction, after something every device's document is made from changed (the web filter,
   * zero trust; the revisions say which): a revision and a push for each device whose document
   * changes, nothing for the others. The caller announces the pushes once its transaction is committed.
   */
  async recommit(tx: Db, actor: Actor, opts: { deviceIds?: string[]; message: string; source?: 'web_filter' | 'ztna' }): Promise<CommitOutcome[]> {
    const tenantId = actor.scope.tenantId;
    const locked = opts.deviceIds ? await repo.lockDevices(tx, tenantId, opts.deviceIds) : await repo.lockTenantDevices(tx, tenantId);
    const rows = await renderRepo.loadRenderRows(tx, tenantId, locked);
    const ctx = await renderRepo.loadRenderContext(tx, tenantId, rows);
    return commitChanges(
      tx,
      actor,
      rows.map((row) => ({ row, own: row.latest?.own ?? {} })),
      ctx,
      { source: opts.source ?? 'web_filter', message: opts.message },
    );
  }

  /** Devices of tenants with a web filter that have no web_filter section yet (see WebFilterReconciler). */
  devicesMissingWebFilter(limit: number) {
    return repo.devicesMissingWebFilter(this.db, limit);
  }

  /** Devices of tenants with zero trust whose sections are missing or out of date (see ZtnaReconciler). */
  devicesMissingZtna(limit: number) {
    return repo.devicesMissingZtna(this.db, limit);
  }

  /** Tells the devices' connections (on every instance) that pushes are waiting. */
  announce(outcomes: CommitOutcome[]): Promise<void> {
    return announcePushes(this.bus, outcomes);
  }

  private async row(db: Db, actor: Actor, deviceId: string) {
    const [row] = await renderRepo.loadRenderRows(db, actor.scope.tenantId, [deviceId]);
    if (!row) throw errors.notFound();
    return row;
  }

  private async lockedRow(tx: Db, actor: Actor, deviceId: string) {
    if ((await repo.lockDevices(tx, actor.scope.tenantId, [deviceId])).length === 0) throw errors.notFound();
    return this.row(tx, actor, deviceId);
  }
}
