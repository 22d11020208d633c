import { create as createDiffer } from 'jsondiffpatch';
import { maskSecrets, canonicalConfigJson, type ConfigDocument, type ConfigRevisionSource, type DeviceRender } from '@netloom/domain';
import type { Db } from '../../db/client';
import { auditMany, type Actor } from '../../http/access';
import * as repo from './repo';
import * as renderRepo from './render-repo';
import type { DeviceRenderRow } from './render-repo';
import { Renderer, type Rendered } from './renderer';
import { membershipChanges } from './overlay-membership';

/** Where new desired revisions go to be pushed (the configuration's jobs), inside the commit's transaction. */
export interface PushQueue {
  queue(tx: Db, revisions: repo.NewRevision[]): Promise<void>;
}

/** List items are matched by id (or name), so a moved or edited route diffs as that route, not as a shifted list. */
const differ = createDiffer({
  objectHash: (o: object, i?: number) => String((o as { id?: string; name?: string }).id ?? (o as { name?: string }).name ?? `$${i}`),
});
export const configDiff = (before: unknown, after: unknown) => differ.diff(before, after) ?? null;

export interface CommitItem {
  row: DeviceRenderRow;
  own: Partial<ConfigDocument>;
}

type Ok = Extract<DeviceRender, { ok: true }>;

/** What became of each device; a rendered one carries its document as committed (nothing renders it again). */
export type CommitOutcome =
  | { deviceId: string; outcome: 'pushed'; jobId: string; revision: number; render: Ok }
  | { deviceId: string; outcome: 'saved'; revision: number; render: Ok }
  | { deviceId: string; outcome: 'unchanged'; render: Ok }
  | { deviceId: string; outcome: 'invalid'; render: Extract<DeviceRender, { ok: false }> };

/** A device's new own sections, rendered. */
type RenderedItem = CommitItem & { rendered: Rendered };

/**
 * Turns new own sections of devices into revisions, inside the caller's transaction (which holds
 * the devices' locks). A device whose effective document keeps its hash gets no push (an unchanged
 * save must never leave it out of sync); one whose document cannot be rendered or checked is left
 * as it is, and the caller says why. Each change is audited with its diff.
 */
async function commitRevisions(
  tx: Db,
  actor: Actor,
  items: RenderedItem[],
  pushQueue: PushQueue,
  opts: { source: ConfigRevisionSource; message?: string | null },
): Promise<CommitOutcome[]> {
  const outcomes: CommitOutcome[] = [];
  const revisions: repo.NewRevision[] = [];
  const pushes: repo.NewRevision[] = [];
  const audited: { revision: repo.NewRevision; previous: string | null }[] = [];
  const diffs = new Map<string, unknown>();
  for (const { row, own, rendered: entry } of items) {
    const render = entry.render;
    if (!render.ok) {
      outcomes.push({ deviceId: row.id, outcome: 'invalid', render });
      continue;
    }
    const hash = entry.hash!;
    const ownJson = entry.ownJson;
    const ownChanged = canonicalConfigJson(row.latest?.own ?? {}) !== ownJson;
    // A device never configured stays so until something is there to send: an empty document is no change.
    const sameHash = row.latest ? row.latest.hash === hash : Object.keys(render.document).length === 0;
    if (sameHash && !ownChanged) {
      outcomes.push({ deviceId: row.id, outcome: 'unchanged', render });
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
      outcomes.push({ deviceId: row.id, outcome: 'saved', revision: revision.number, render });
      continue;
    }
    // The revision id is the push's key: the same revision is never queued as two jobs.
    pushes.push(revision);
    outcomes.push({ deviceId: row.id, outcome: 'pushed', jobId: revision.id, revision: revision.number, render });
  }
  await repo.insertRevisions(tx, revisions);
  await pushQueue.queue(tx, pushes);
  // Each change is audited with its diff, worked out once per pair of configurations.
  const previous = await repo.documentsByHash(tx, actor.scope.tenantId, [...new Set(audited.flatMap((a) => (a.previous ? [a.previous] : [])))]);
  for (const a of audited) {
    const key = `${a.previous ?? ''}>${a.revision.hash}`;
    if (!diffs.has(key)) diffs.set(key, configDiff(maskSecrets((a.previous && previous.get(a.previous)) ?? {}), maskSecrets(a.revision.document)));
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

/**
 * Commits the devices' new own sections, and when that changes who takes part in an overlay (a
 * gateway joins, leaves, changes role or advertised subnets, or moves to another device group),
 * the overlay's other gateways it touches get their new peers too, in the same transaction: one
 * setting builds the tunnels. Each device is rendered once (with the caller's renderer, which may
 * have rendered it already); only a device whose own peers the new membership changes is rendered
 * again.
 */
export async function commitChanges(
  tx: Db,
  actor: Actor,
  items: CommitItem[],
  renderer: Renderer,
  pushQueue: PushQueue,
  opts: { source: ConfigRevisionSource; message?: string | null },
): Promise<CommitOutcome[]> {
  const rendered = items.map((item) => ({ ...item, rendered: renderer.render(item.row, item.own) }));
  const changes = membershipChanges(
    renderer.ctx,
    rendered.map((r) => ({ row: r.row, render: r.rendered.render })),
  );
  if (changes.length === 0) return commitRevisions(tx, actor, rendered, pushQueue, opts);
  const ctx = changes.reduce((c, change) => change.apply(c), renderer.ctx);
  const withPeers = new Renderer(ctx);
  const again = rendered.map((item) => {
    const r = item.rendered.render;
    return r.ok && changes.some((c) => c.takesPart(r.document)) ? { ...item, rendered: withPeers.render(item.row, item.own) } : item;
  });
  const outcomes = await commitRevisions(tx, actor, again, pushQueue, opts);
  const others = [...new Set(changes.flatMap((c) => c.others))];
  if (others.length === 0) return outcomes;
  const locked = await repo.lockDevices(tx, actor.scope.tenantId, others);
  const rows = await renderRepo.loadRenderRows(tx, actor.scope.tenantId, locked);
  const templates = await renderRepo.templatesByIds(
    tx,
    actor.scope.tenantId,
    rows.flatMap((r) => r.templateIds),
  );
  const peerRenderer = new Renderer({ ...ctx, templates });
  const peers = await commitRevisions(
    tx,
    actor,
    rows.map((row) => ({ row, own: row.latest?.own ?? {}, rendered: peerRenderer.render(row, row.latest?.own ?? {}) })),
    pushQueue,
    { source: 'template', message: `${changes.map((c) => c.label).join(' and ')} peers changed` },
  );
  return [...outcomes, ...peers];
}
