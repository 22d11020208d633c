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
  const audited: { revision: repo.NewRevision; previous: string | null }[] = [];
  // Devices of one group mostly render alike: each distinct input is rendered, checked, hashed and diffed once.
  const rendered = new Map<string, { render: DeviceRender; hash: string | null }>();
  const diffs = new Map<string, unknown>();
  for (const { row, own } of items) {
    const ownJson = canonicalConfigJson(own);
    const key = JSON.stringify([row.templateIds, row.groupValues, row.deviceValues, row.disabledFamilies, ownJson]);
    let entry = rendered.get(key);
    if (!entry) {
      const render = renderRow(row, templates, own);
      entry = { render, hash: render.ok ? configHash(render.document) : null };
      rendered.set(key, entry);
    }
    // A refusal names the device, so it is worded for each one.
    const render = entry.render.ok ? entry.render : renderRow(row, templates, own);
    if (!render.ok) {
      outcomes.push({ deviceId: row.id, outcome: 'invalid', render });
      continue;
    }
    const hash = entry.hash!;
    const ownChanged = canonicalConfigJson(row.latest?.own ?? {}) !== ownJson;
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
    audited.push({ revision, previous: row.latest?.hash ?? null });
    if (sameHash) {
      outcomes.push({ deviceId: row.id, outcome: 'saved', revision: revision.number });
      continue;
    }
    const jobId = crypto.randomUUID();
    pushes.push({ revision, jobId });
    outcomes.push({ deviceId: row.id, outcome: 'pushed', jobId, revision: revision.number });
  }
  await repo.storeRevisions(tx, revisions, pushes);
  // Each change is audited with its diff, worked out once per pair of configurations.
  const previous = await repo.documentsByHash(tx, actor.scope.tenantId, [...new Set(audited.flatMap((a) => (a.previous ? [a.previous] : [])))]);
  for (const a of audited) {
    const key = `${a.previous ?? ''}>${a.revision.hash}`;
    if (!diffs.has(key)) diffs.set(key, configDiff((a.previous && previous.get(a.previous)) ?? {}, a.revision.document));
  }
  await auditMany(
    tx,
    actor,
    'device.config_saved',
    audited.map(({ revision: r, previous: p }) => ({
      target: r.deviceId,
      details: { revision: r.number, source: opts.source, hash: r.hash, previous_hash: p, diff: diffs.get(`${p ?? ''}>${r.hash}`) },
    })),
  );
  return outcomes;
}
