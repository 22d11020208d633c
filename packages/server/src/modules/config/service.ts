import {
  CONFIG_EXPORT_FORMAT,
  CONFIG_FAMILIES,
  configDocumentSchema,
  parseImportedSections,
  restoreSecrets,
  SECRET_NOT_GIVEN,
  withoutOverlayPeers,
  unrestoredSecrets,
  type ConfigDocument,
  type ConfigExport,
  type ConfigExportPart,
  type ConfigFamily,
  type ConfigRevisionSource,
  type DeviceConfig,
  type DeviceRender,
  type EnableConfigs,
} from '@netloom/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { audit, type Actor } from '../../http/access';
import { errors } from '../../http/errors';
import { commitChanges, type CommitOutcome } from './commit';
import type { ConfigPushes } from './pushes';
import { Renderer, type Rendered } from './renderer';
import * as renderRepo from './render-repo';
import * as repo from './repo';
import type { SectionProvider } from './section-provider';
import { deviceConfigView, fieldErrors, refused, summary } from './view';

type Own = Partial<ConfigDocument>;
/** The new own sections from the current ones; `render` renders candidates (once each: the commit reuses them). */
type NextOwn = (own: Own, render: (own: Own) => Rendered) => Own;

/**
 * A device's configuration: every save is an immutable revision of its effective document (its
 * templates rendered, then its own sections, then the sections the products' providers make), the
 * newest is the desired one, and a new desired one is pushed to the device as a job it
 * acknowledges with the hash it runs.
 */
export class ConfigService {
  /** The top-level keys the providers make: never a device's own, dropped from imports. */
  private readonly serverMade: readonly string[];

  constructor(
    private readonly db: Db,
    private readonly pushes: ConfigPushes,
    private readonly providers: readonly SectionProvider[],
  ) {
    this.serverMade = providers.flatMap((p) => p.sections);
  }

  async get(actor: Actor, deviceId: string): Promise<DeviceConfig> {
    return this.view(actor, deviceId);
  }

  /** Replaces the device's own sections with a whole document (the templates keep the families it leaves out). */
  async saveDocument(actor: Actor, deviceId: string, own: ConfigDocument, opts: { source: ConfigRevisionSource; message?: string }) {
    // Server-made sections may come back with a document the console read; anything else is no part of one.
    const unknown = Object.keys(own).filter((k) => !(CONFIG_FAMILIES as readonly string[]).includes(k) && !this.serverMade.includes(k));
    if (unknown.length) throw errors.invalid(Object.fromEntries(unknown.map((k) => [`document.${k}`, [`Unrecognized key: "${k}"`]])));
    const kept = await this.keptSecrets(actor, deviceId);
    return this.commitOwn(actor, deviceId, () => withKeptSecrets(own, kept, 'document'), opts);
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
      value = withKeptSecrets({ [family]: parsed.data }, await this.keptSecrets(actor, deviceId), 'section', family)[family];
    }
    const change = (own: Own) => {
      const next: Record<string, unknown> = { ...own };
      if (value === undefined) delete next[family];
      else next[family] = value;
      return next as Own;
    };
    const draft = await renderRepo.findDraft(this.db, deviceId);
    if (draft || opts.draft) return this.saveDraft(actor, deviceId, change, family);
    return this.commitOwn(actor, deviceId, change, { source: 'edit', message: opts.message }, family);
  }

  async pushDraft(actor: Actor, deviceId: string, message?: string) {
    const draft = await renderRepo.findDraft(this.db, deviceId);
    if (!draft) throw errors.notFound('There is no draft to push.');
    return this.commitOwn(actor, deviceId, () => draft.own, { source: 'edit', message }, undefined, true);
  }

  /** Re-sync: the desired configuration goes whole to the device now (auto-sync or not), audited. */
  async resync(actor: Actor, deviceId: string) {
    const row = await this.row(this.db, actor, deviceId);
    await this.pushes.resync(deviceId);
    await audit(this.db, actor, 'device.config_resync', deviceId, { name: row.name });
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
    const parsed = parseImportedSections(document, this.serverMade);
    if (!parsed.ok) throw errors.invalid(fieldErrors(parsed.issues));
    const own = withKeptSecrets(parsed.own, await this.keptSecrets(actor, deviceId), 'document');
    return this.commitOwn(actor, deviceId, () => own, { source: 'import', message: message || 'Imported configuration' });
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
      const renderer = new Renderer(await this.renderContext(tx, actor, [row]));
      const result = await commitChanges(tx, actor, [{ row: next, own: row.latest.own }], renderer, this.pushes, {
        source: 'edit',
        message: 'Configuration families turned on or off',
      });
      if (result[0]?.outcome === 'invalid') throw refused(result[0].render);
      return result;
    });
    await this.pushes.announce(outcomes);
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
    const choose: NextOwn = (_current, render) => (render(targetOwn).hash === target.hash ? targetOwn : target.document);
    return this.commitOwn(actor, deviceId, choose, { source: 'rollback', message: message || `Rollback to revision ${target.number}` });
  }

  /**
   * Renders the tenant's devices again (all of them, or those given) inside the caller's
   * transaction, after something their documents are made from changed (a product's sections:
   * `source` names its provider): a revision and a push for each device whose document changes,
   * nothing for the others. The caller announces the pushes once its transaction is committed.
   */
  async recommit(
    tx: Db,
    actor: Actor,
    opts: { deviceIds?: string[]; message: string; source: ConfigRevisionSource; publicIps?: Record<string, string> },
  ): Promise<CommitOutcome[]> {
    const tenantId = actor.scope.tenantId;
    const locked = opts.deviceIds ? await repo.lockDevices(tx, tenantId, opts.deviceIds) : await repo.lockTenantDevices(tx, tenantId);
    const rows = await renderRepo.loadRenderRows(tx, tenantId, locked);
    const renderer = new Renderer(await renderRepo.loadRenderContext(tx, tenantId, rows, this.providers, opts.publicIps));
    return commitChanges(
      tx,
      actor,
      rows.map((row) => ({ row, own: row.latest?.own ?? {} })),
      renderer,
      this.pushes,
      { source: opts.source, message: opts.message },
    );
  }

  /**
   * Devices moved between device groups (inside the move's transaction): each device group is a
   * mesh of its own, so the mesh gateways that moved and those of the groups they left or joined
   * are rendered again with their new peers.
   */
  async regrouped(tx: Db, actor: Actor, moved: { deviceIds: string[]; groupIds: string[] }): Promise<CommitOutcome[]> {
    const { mesh } = await renderRepo.overlayMembers(tx, actor.scope.tenantId);
    const ids = new Set(moved.deviceIds);
    const groups = new Set(moved.groupIds);
    const deviceIds = mesh.filter((m) => ids.has(m.device_id) || (m.network_id !== null && groups.has(m.network_id))).map((m) => m.device_id);
    if (deviceIds.length === 0) return [];
    return this.recommit(tx, actor, { deviceIds, message: 'Overlay Mesh VPN peers changed: device groups changed', source: 'template' });
  }

  /** Devices whose sections of this provider are missing or outdated (see SectionReconciler). */
  async staleDevices(provider: string, limit: number): Promise<{ tenantId: string; deviceId: string }[]> {
    const stale = this.providers.find((p) => p.name === provider)?.stale;
    return stale ? repo.staleDevices(this.db, stale, limit) : [];
  }

  /** Tells the consoles and the devices' connections (on every instance) that pushes are waiting. */
  announce(outcomes: CommitOutcome[]): Promise<void> {
    return this.pushes.announce(outcomes);
  }

  /**
   * Commits new own sections as the device's next revision and pushes it, rendering the document
   * once, and answers the device's configuration as committed; invalid → 400 with the fields,
   * nothing stored.
   */
  private async commitOwn(
    actor: Actor,
    deviceId: string,
    next: NextOwn,
    opts: { source: ConfigRevisionSource; message?: string },
    family?: ConfigFamily,
    dropDraft = false,
  ) {
    const outcomes = await this.db.transaction(async (tx) => {
      const row = await this.lockedRow(tx, actor, deviceId);
      const renderer = new Renderer(await this.renderContext(tx, actor, [row]));
      const own = next(row.latest?.own ?? {}, (o) => renderer.render(row, o));
      const outcomes = await commitChanges(tx, actor, [{ row, own }], renderer, this.pushes, opts);
      if (outcomes[0]?.outcome === 'invalid') throw refused(outcomes[0].render, family);
      if (dropDraft) await renderRepo.deleteDraft(tx, deviceId);
      return outcomes;
    });
    await this.pushes.announce(outcomes);
    return this.view(actor, deviceId, { render: outcomes[0]!.render, of: 'desired' });
  }

  private async saveDraft(actor: Actor, deviceId: string, change: (own: Own) => Own, family: ConfigFamily) {
    const render = await this.db.transaction(async (tx) => {
      const row = await this.lockedRow(tx, actor, deviceId);
      const draft = await renderRepo.findDraft(tx, deviceId);
      const own = change(draft?.own ?? row.latest?.own ?? {});
      const { render } = new Renderer(await this.renderContext(tx, actor, [row])).render(row, own);
      if (!render.ok) throw refused(render, family);
      await renderRepo.saveDraft(tx, { deviceId, tenantId: actor.scope.tenantId, own, authorEmail: actor.email });
      return render;
    });
    return this.view(actor, deviceId, { render, of: 'draft' });
  }

  /**
   * The device's configuration as the console shows it (the draft's document while there is one).
   * `rendered` is the document a save has just rendered, of the draft or of the desired revision:
   * a save renders once.
   */
  private async view(actor: Actor, deviceId: string, rendered?: { render: DeviceRender; of: 'draft' | 'desired' }): Promise<DeviceConfig> {
    const row = await this.row(this.db, actor, deviceId);
    const [facts, revision, draft, drift] = await Promise.all([
      repo.findSyncFacts(this.db, actor.scope.tenantId, deviceId),
      repo.latestRevision(this.db, deviceId),
      renderRepo.findDraft(this.db, deviceId),
      repo.recentDrift(this.db, deviceId),
    ]);
    // A draft kept aside while the desired revision changed is what is shown: rendered here.
    const current = rendered && (rendered.of === 'draft') === (draft !== undefined) ? rendered.render : undefined;
    const render = current ?? new Renderer(await this.renderContext(this.db, actor, [row])).render(row, draft?.own ?? row.latest?.own ?? {}).render;
    return deviceConfigView({ row, render, revision, facts, draft, drift });
  }

  /** The secrets a masked value stands for: the device's draft, its own sections, then its desired document (a template's family shown masked). */
  private async keptSecrets(actor: Actor, deviceId: string): Promise<Record<string, unknown>[]> {
    const row = await this.row(this.db, actor, deviceId);
    const [draft, desired] = await Promise.all([renderRepo.findDraft(this.db, deviceId), repo.latestRevision(this.db, deviceId)]);
    return [draft?.own ?? {}, row.latest?.own ?? {}, desired?.document ?? {}];
  }

  private renderContext(db: Db, actor: Actor, rows: renderRepo.DeviceRenderRow[]) {
    return renderRepo.loadRenderContext(db, actor.scope.tenantId, rows, this.providers);
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

/**
 * The document (or one family's section) a form sent, each masked secret given back the value it
 * stands for from what is kept, first found first; a mask that stands for nothing (a masked export
 * imported elsewhere) is refused at its field.
 */
function withKeptSecrets<T extends object>(incoming: T, kept: Record<string, unknown>[], prefix: 'document' | 'section', family?: ConfigFamily): T {
  const restored = kept.reduce<T>(
    (value, source) => restoreSecrets(value, source),
    withoutOverlayPeers(incoming as { ipsec?: unknown; overlay_mesh?: unknown }) as T,
  );
  const left = unrestoredSecrets(restored);
  if (left.length) {
    const key = (path: (string | number)[]) =>
      (prefix === 'section' && family && path[0] === family ? ['section', ...path.slice(1)] : ['document', ...path]).join('.');
    throw errors.invalid(Object.fromEntries(left.map((path) => [key(path), [SECRET_NOT_GIVEN]])));
  }
  return restored;
}
