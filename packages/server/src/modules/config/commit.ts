import { create as createDiffer } from 'jsondiffpatch';
import { canonicalConfigJson, configHash, renderDeviceDocument, type ConfigDocument, type ConfigRevisionSource, type DeviceRender } from '@netloom/domain';
import type { Db } from '../../db/client';
import { auditMany, type Actor } from '../../http/access';
import * as repo from './repo';
import type { DeviceRenderRow, TemplateRow } from './render-repo';

/** List items are matched by id (or name), so a moved or edited route diffs as that route, not as a shifted list. */
const differ = createDiffer({
  objectHash: (o: object, i?: number) => String((o as { id?: string; name?: string }).id ?? (o as { name?: string }).name ?? `$${i}`),
});
export const configDiff = (before: unknown, after: unknown) => differ.diff(before, after) ?? null;

/** A device's effective document with the given own sections (its last ones unless said). */
export function renderRow(row: DeviceRenderRow, templates: Map<string, TemplateRow>, own: Partial<ConfigDocument>): DeviceRender {
  return renderDeviceDocument({
    deviceName: row.name,
    templates: row.templateIds.flatMap((id) => {
      const t = templates.get(id);
      return t ? [{ id: t.id, name: t.name, sections: t.sections, defaults: t.defaults }] : [];
    }),
    groupValues: row.groupValues,
    deviceValues: row.deviceValues,
    own,
    disabledFamilies: row.disabledFamilies,
  });
}

export interface CommitItem {
  row: DeviceRenderRow;
  own: Partial<ConfigDocument>;
}

export type CommitOutcome =
  | { deviceId: string; outcome: 'pushed'; jobId: string; revision: number }
  | { deviceId: string; outcome: 'saved'; revision: number }
  | { deviceId: string; outcome: 'unchanged' }
  | { deviceId: string; outcome: 'invalid'; render: Extract<DeviceRender, { ok: false }> };

/**
 * Turns new own sections of devices into revisions, inside the caller's transaction (which holds
 * the devices' locks). A device whose effective document keeps its hash gets no push (an unchanged
 * save must never leave it out of sync); one whose document cannot be rendered or checked is left
 * as it is, and the caller says why. Each change is audited with its diff.
 */
export async function commitRevisions(
  tx: Db,
  actor: Actor,
  items: CommitItem[],
  templates: Map<string, TemplateRow>,
  opts: { source: ConfigRevisionSource; message?: string | null },
): Promise<CommitOutcome[]> {
  const outcomes: CommitOutcome[] = [];
  const revisions: repo.NewRevision[] = [];
  const pushes: { revision: repo.NewRevision; jobId: string }[] = [];
  const audits: { target: string; details: Record<string, unknown> }[] = [];
  for (const { row, own } of items) {
    const render = renderRow(row, templates, own);
    if (!render.ok) {
      outcomes.push({ deviceId: row.id, outcome: 'invalid', render });
      continue;
    }
    const hash = configHash(render.document);
    const ownChanged = canonicalConfigJson(row.latest?.own ?? {}) !== canonicalConfigJson(own);
    // A device never configured stays so until something is there to send: an empty document is no change.
    const sameHash = row.latest ? row.latest.hash === hash : Object.keys(render.document).length === 0;
    if (sameHash && !ownChanged) {
      outcomes.push({ deviceId: row.id, outcome: 'unchanged' });
      continue;
    }
    const revision: repo.NewRevision = {
      id: crypto.randomUUID(),
      tenantId: actor.scope.tenantId,
      deviceId: row.id,
      number: (row.latest?.number ?? 0) + 1,
      document: render.document,
      own,
      hash,
      source: opts.source,
      message: opts.message || null,
      authorId: actor.userId,
      authorEmail: actor.email,
    };
    revisions.push(revision);
    audits.push({
      target: row.id,
      details: {
        revision: revision.number,
        source: opts.source,
        hash,
        previous_hash: row.latest?.hash ?? null,
        diff: configDiff(row.latest?.document ?? {}, render.document),
      },
    });
    if (sameHash) {
      outcomes.push({ deviceId: row.id, outcome: 'saved', revision: revision.number });
      continue;
    }
    const jobId = crypto.randomUUID();
    pushes.push({ revision, jobId });
    outcomes.push({ deviceId: row.id, outcome: 'pushed', jobId, revision: revision.number });
  }
  await repo.storeRevisions(tx, revisions, pushes);
  await auditMany(tx, actor, 'device.config_saved', audits);
  return outcomes;
}
