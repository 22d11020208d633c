import { randomUUID } from 'node:crypto';
import {
  DEM_DEFAULT_ALARM_SCORE,
  ERROR_CODES,
  demApplicationPatchSchema,
  type DemApplication,
  type DemApplicationInput,
  type DemApplicationPatch,
  demApplicationInputSchema,
} from '@netloom/domain';
import type { Db } from '../../db/client';
import { audit, type Actor } from '../../http/access';
import { AppError, errors } from '../../http/errors';
import { isUniqueViolation } from '../../db/errors';
import * as repo from './repo';
import { demSectionsName } from './sections';

/** What DEM needs of the configuration engine (wired in the composition root): render the tenant's endpoints again, announce the pushes after. */
export interface DeviceConfigPort<O = unknown> {
  recommit(tx: Db, actor: Actor, opts: { deviceIds?: string[]; message: string; source: string }): Promise<O[]>;
  announce(outcomes: O[]): Promise<void>;
}

/** A reference to something that is not the organisation's: the request is well-formed, what it names is not there (422). */
const unprocessable = (field: string, message: string) => new AppError(422, ERROR_CODES.validation, 'Invalid input.', { [field]: [message] });

function applicationView(row: repo.ApplicationRow): DemApplication {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    target: row.ztnaServerId ? { ztna_server_id: row.ztnaServerId } : { url: row.targetUrl ?? '' },
    tests: row.tests,
    interval_seconds: row.intervalSeconds,
    thresholds: { alarm_score: row.alarmScore },
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

type Parsed = ReturnType<typeof demApplicationInputSchema.parse>;

const columnsOf = (input: Parsed): repo.ApplicationColumns => ({
  name: input.name,
  kind: input.kind,
  targetUrl: 'url' in input.target ? input.target.url : null,
  ztnaServerId: 'ztna_server_id' in input.target ? input.target.ztna_server_id : null,
  tests: input.tests,
  intervalSeconds: input.interval_seconds,
  alarmScore: input.thresholds.alarm_score,
});

/**
 * DEM's monitored applications. Every change is made under the tenant's DEM lock and renders the
 * tenant's endpoints again in the same transaction (their `dem` section lists the tests), so each
 * change shows syncing, then synced, on the endpoints.
 */
export class DemService {
  constructor(
    private readonly db: Db,
    private readonly config: DeviceConfigPort,
  ) {}

  async list(actor: Actor): Promise<DemApplication[]> {
    return (await repo.listApplications(this.db, actor.scope.tenantId)).map(applicationView);
  }

  async get(actor: Actor, id: string): Promise<DemApplication> {
    return applicationView(await this.find(actor, id));
  }

  async create(actor: Actor, body: DemApplicationInput): Promise<DemApplication> {
    const input = demApplicationInputSchema.parse(body);
    const id = randomUUID();
    await this.change(actor, `Monitored application ${input.name} added`, async (tx) => {
      await this.checkTarget(tx, actor, input.target);
      await this.saveName(() => repo.insertApplication(tx, { id, tenantId: actor.scope.tenantId, ...columnsOf(input) }));
      await audit(tx, actor, 'dem_application_created', id, { name: input.name });
    });
    return this.get(actor, id);
  }

  async update(actor: Actor, id: string, body: DemApplicationPatch): Promise<DemApplication> {
    const patch = demApplicationPatchSchema.parse(body);
    const before = applicationView(await this.find(actor, id));
    const merged = demApplicationInputSchema.parse({
      name: patch.name ?? before.name,
      kind: patch.kind ?? before.kind,
      target: patch.target ?? before.target,
      tests: { ...before.tests, ...patch.tests },
      interval_seconds: patch.interval_seconds ?? before.interval_seconds,
      thresholds: { alarm_score: patch.thresholds?.alarm_score ?? before.thresholds.alarm_score ?? DEM_DEFAULT_ALARM_SCORE },
    });
    await this.change(actor, `Monitored application ${merged.name} changed`, async (tx) => {
      if (patch.target) await this.checkTarget(tx, actor, merged.target);
      await this.saveName(async () => {
        if (!(await repo.updateApplication(tx, actor.scope.tenantId, id, columnsOf(merged)))) throw errors.notFound();
      });
      await audit(tx, actor, 'dem_application_updated', id, { name: merged.name });
    });
    return this.get(actor, id);
  }

  async remove(actor: Actor, id: string): Promise<void> {
    const before = await this.find(actor, id);
    await this.change(actor, `Monitored application ${before.name} removed`, async (tx) => {
      if (!(await repo.deleteApplication(tx, actor.scope.tenantId, id))) throw errors.notFound();
      await audit(tx, actor, 'dem_application_deleted', id, { name: before.name });
    });
  }

  private async find(actor: Actor, id: string): Promise<repo.ApplicationRow> {
    const row = await repo.findApplication(this.db, actor.scope.tenantId, id);
    if (!row) throw errors.notFound();
    return row;
  }

  /** A ZTNA server target must be one of the organisation's servers. */
  private async checkTarget(tx: Db, actor: Actor, target: Parsed['target']): Promise<void> {
    if (!('ztna_server_id' in target)) return;
    const servers = await repo.serversOf(tx, actor.scope.tenantId, [target.ztna_server_id]);
    if (!servers.has(target.ztna_server_id)) throw unprocessable('target.ztna_server_id', 'No such ZTNA server.');
  }

  private async saveName(write: () => Promise<void>): Promise<void> {
    try {
      await write();
    } catch (err) {
      if (isUniqueViolation(err))
        throw errors.conflict('An application with this name already exists.', { name: ['An application with this name already exists.'] });
      throw err;
    }
  }

  /** One change under the tenant's DEM lock, its endpoints rendered again in the same transaction, the pushes announced after. */
  private async change(actor: Actor, message: string, fn: (tx: Db) => Promise<void>): Promise<void> {
    const outcomes = await this.db.transaction(async (tx) => {
      await repo.lockTenantDem(tx, actor.scope.tenantId);
      await fn(tx);
      const endpoints = await repo.endpointIds(tx, actor.scope.tenantId);
      if (endpoints.length === 0) return [];
      return this.config.recommit(tx, actor, { deviceIds: endpoints, message, source: demSectionsName });
    });
    await this.config.announce(outcomes);
  }
}
