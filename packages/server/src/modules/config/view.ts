import { CONFIG_FAMILIES, type ConfigFamily, type ConfigRevisionSummary, type DeviceConfig, type DeviceRender } from '@netloom/domain';
import { configSyncOf, type SyncFacts } from '../../fleet/device-row';
import { errors } from '../../http/errors';
import type { DeviceRenderRow } from './render-repo';
import type { RevisionRow } from './repo';

export const summary = (r: RevisionRow): ConfigRevisionSummary => ({
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
export function fieldErrors(issues: Issue[], family?: ConfigFamily): Record<string, string[]> {
  // No prototype: a field named like Object.prototype's members ('valueOf') is a field too.
  const fields: Record<string, string[]> = Object.create(null);
  for (const i of issues) {
    const key = family && i.path[0] === family ? ['section', ...i.path.slice(1)].join('.') : ['document', ...i.path].join('.');
    (fields[key] ??= []).push(i.message);
  }
  return fields;
}

export const refused = (render: Extract<DeviceRender, { ok: false }>, family?: ConfigFamily) =>
  errors.invalid(
    render.issues.length ? fieldErrors(render.issues, family) : { document: [render.message] },
    render.issues.length ? 'Invalid input.' : render.message,
  );

/**
 * What the console shows of a device's configuration: the document as rendered now (the draft's
 * while there is one), where it comes from, and how the device stands to the desired revision.
 */
export function deviceConfigView(parts: {
  row: DeviceRenderRow;
  render: DeviceRender;
  revision: RevisionRow | undefined;
  facts: SyncFacts | undefined;
  draft: { authorEmail: string | null; updatedAt: Date } | undefined;
  drift?: { drift: { at: Date; reportedHash: string; document: Record<string, unknown> | null } | undefined; resyncs: number };
}): DeviceConfig {
  const { row, render, revision, facts, draft, drift } = parts;
  const sync = facts ? configSyncOf(facts) : { state: 'unconfigured' as const, error: null };
  return {
    device_id: row.id,
    revision: revision ? summary(revision) : null,
    document: render.ok ? render.document : (revision?.document ?? {}),
    sync: { state: sync.state, desired_hash: facts?.configHash ?? null, reported_hash: facts?.appliedConfigHash ?? null, error: sync.error },
    sections: render.ok ? render.sources : CONFIG_FAMILIES.filter((f) => revision?.document[f] !== undefined).map((family) => ({ family, template: null })),
    disabled_families: row.disabledFamilies as ConfigFamily[],
    auto_sync: row.autoSync,
    render_error: render.ok ? null : render.message,
    draft: draft ? { author_email: draft.authorEmail, updated_at: draft.updatedAt.toISOString() } : null,
    drift: drift?.drift
      ? { at: drift.drift.at.toISOString(), reported_hash: drift.drift.reportedHash, box_document: drift.drift.document, resyncs_24h: drift.resyncs }
      : null,
  };
}
