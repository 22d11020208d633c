import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { WafPolicy, threatListInputSchema, threatListSchema } from '@netloom/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { audit, type Actor } from '../../http/access';
import { errors } from '../../http/errors';
import { isUniqueViolation } from '../../db/errors';
import { systemActor } from '../config/index';
import * as repo from './repo';
import { wafSectionsName } from './sections';
import type { DeviceConfigPort } from './service';
import { parseThreatList } from './threat-lists';

type ListInput = z.output<typeof threatListInputSchema>;
type ListView = z.infer<typeof threatListSchema>;

const FETCH_TIMEOUT_MS = 15_000;
/** A feed that failed is tried again sooner than its schedule, but not at once. */
const RETRY_AFTER_FAILURE_MS = 15 * 60_000;

const view = (l: repo.ThreatListRow): ListView => ({
  id: l.id,
  name: l.name,
  action: l.action,
  url: l.url,
  refresh_hours: l.refreshHours,
  entries: l.entries.length,
  rejected: l.rejected,
  fetched_at: l.fetchedAt?.toISOString() ?? null,
  fetch_error: l.fetchError,
  updated_at: l.updatedAt.toISOString(),
});

/**
 * Threat-intel lists: addresses pasted or uploaded, or a feed's URL the server fetches on its
 * schedule (through the guarded fetch: no private address unless the operator allows it, the
 * answer bounded). A change of a list that policies use renders their edges again.
 */
export class ThreatIntelService {
  constructor(
    private readonly db: Db,
    private readonly config: DeviceConfigPort,
    private readonly fetcher: typeof fetch,
    private readonly log: FastifyBaseLogger,
  ) {}

  async list(actor: Actor): Promise<ListView[]> {
    return (await repo.listThreatLists(this.db, actor.scope.tenantId)).map(view);
  }

  async create(actor: Actor, input: ListInput): Promise<ListView> {
    const id = randomUUID();
    const parsed = input.entries !== undefined ? parseThreatList(input.entries) : { entries: [], rejected: 0 };
    try {
      await this.db.transaction(async (tx) => {
        await repo.insertThreatList(tx, {
          id,
          tenantId: actor.scope.tenantId,
          name: input.name,
          action: input.action,
          url: input.url ?? null,
          refreshHours: input.refresh_hours,
          entries: parsed.entries,
          rejected: parsed.rejected,
          nextFetchAt: input.url ? new Date() : null,
        });
        await audit(tx, actor, 'waf_threat_list_created', id, { name: input.name, entries: parsed.entries.length, url: input.url ?? null });
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw errors.conflict('A list with this name already exists.', { name: ['A list with this name already exists.'] });
      throw err;
    }
    // A feed is read at once, so the person adding it sees whether it works.
    if (input.url) await this.refresh(actor.scope.tenantId, id);
    return this.get(actor, id);
  }

  async get(actor: Actor, id: string): Promise<ListView> {
    const row = await repo.findThreatList(this.db, actor.scope.tenantId, id);
    if (!row) throw errors.notFound();
    return view(row);
  }

  async remove(actor: Actor, id: string): Promise<void> {
    const row = await repo.findThreatList(this.db, actor.scope.tenantId, id);
    if (!row) throw errors.notFound();
    const users = (await repo.listApplications(this.db, actor.scope.tenantId)).filter((a) => (a.policy as WafPolicy).threat_lists.includes(id));
    if (users.length) throw errors.conflict(`Used by the policy of ${users.map((a) => a.name).join(', ')}: take it out of the policy first.`);
    await this.db.transaction(async (tx) => {
      await repo.deleteThreatList(tx, actor.scope.tenantId, id);
      await audit(tx, actor, 'waf_threat_list_deleted', id, { name: row.name });
    });
  }

  /** Fetches the feeds that are due (any tenant's): the background sweep's round. */
  async refreshDue(now = new Date(), limit = 20): Promise<number> {
    const due = await repo.dueThreatLists(this.db, now, limit);
    for (const l of due) await this.refresh(l.tenantId, l.id);
    return due.length;
  }

  /** Reads one list's feed; its new entries reach the edges whose policies use it. */
  private async refresh(tenantId: string, id: string): Promise<void> {
    const row = await repo.findThreatList(this.db, tenantId, id);
    if (!row?.url) return;
    let text: string;
    try {
      const res = await this.fetcher(row.url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
      if (!res.ok) throw new Error(`the feed answered ${res.status}`);
      text = await res.text();
    } catch (err) {
      const message = (err as Error).message.slice(0, 300);
      this.log.warn({ list: id, err: message }, 'threat-intel feed failed');
      await repo.updateThreatList(this.db, tenantId, id, { fetchError: message, nextFetchAt: new Date(Date.now() + RETRY_AFTER_FAILURE_MS) });
      return;
    }
    const parsed = parseThreatList(text);
    const actor = systemActor(tenantId);
    const outcomes = await this.db.transaction(async (tx) => {
      await repo.lockTenantWaf(tx, tenantId);
      await repo.updateThreatList(tx, tenantId, id, {
        entries: parsed.entries,
        rejected: parsed.rejected,
        fetchedAt: new Date(),
        fetchError: null,
        nextFetchAt: new Date(Date.now() + row.refreshHours * 3_600_000),
      });
      const edges = (await repo.listApplications(tx, tenantId)).filter((a) => (a.policy as WafPolicy).threat_lists.includes(id)).flatMap((a) => a.edgeIds);
      return edges.length
        ? this.config.recommit(tx, actor, { deviceIds: [...new Set(edges)], message: `Threat-intel list ${row.name} updated`, source: wafSectionsName })
        : [];
    });
    await this.config.announce(outcomes);
  }
}
