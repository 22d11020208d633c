import {
  CLIENT_RELEASES,
  ENDPOINT_OSES,
  ENDPOINT_OS_LABELS,
  compareVersions,
  endpointOsOf,
  endpointSecurityGroups,
  latestRelease,
  onVersion,
  openRolloutOf,
  rolloutProgress,
  rolloutStateOf,
  rolloutTargets,
  type ClientReleaseRow,
  type EndpointOs,
  type rolloutInputSchema,
  type rolloutProgressRowSchema,
  type rolloutRowSchema,
} from '@netloom/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { audit, type Actor } from '../../http/access';
import { errors } from '../../http/errors';
import type { ZtnaChanges } from './changes';
import { devicesOfKind } from './changes-repo';
import type { TenantZtnaLoader } from './ports';
import * as repo from './rollouts-repo';

type RolloutInput = z.output<typeof rolloutInputSchema>;
type RolloutRow = z.infer<typeof rolloutRowSchema>;
type RolloutProgressRow = z.infer<typeof rolloutProgressRowSchema>;

/** More would be history, not a plan: old rollouts are deleted when a newer one reaches everyone. */
const MAX_ROLLOUTS = 100;

/** Newest first per OS, in the order the systems are listed, the newest of each flagged. */
export function clientReleases(): ClientReleaseRow[] {
  return ENDPOINT_OSES.flatMap((os) => {
    const latest = latestRelease(os)?.version;
    return CLIENT_RELEASES.filter((r) => r.os === os)
      .sort((a, b) => compareVersions(b.version, a.version))
      .map((r) => ({ ...r, os_label: ENDPOINT_OS_LABELS[os], latest: r.version === latest }));
  });
}

const clientVersionOf = (e: repo.RolloutEndpoint) => e.posture?.client_version ?? null;

/**
 * Client updates (systemtools › mza-update): staged rollouts of a client version to one OS's
 * endpoints (of a security group, or all). Each change renders that OS's endpoints again: their
 * `ztna.client_update` names the version when the stage reaches them. Progress is what the
 * clients report (their posture's client version).
 */
export class ClientUpdateService {
  constructor(
    private readonly db: Db,
    private readonly changes: ZtnaChanges,
    private readonly loadTenant: TenantZtnaLoader,
  ) {}

  /**
   * The endpoints a rollout is to move: its system's approved ones (a pending one is sent
   * nothing), only its security group's members when it names one, and not those that already
   * ran its version when it began (rolloutTargets).
   */
  private async targets(tenantId: string, rollouts: readonly repo.RolloutRecord[]): Promise<Map<string, repo.RolloutEndpoint[]>> {
    const endpoints = await repo.listEndpoints(this.db, tenantId);
    const tenant = rollouts.some((r) => r.securityGroupId) ? await this.loadTenant(this.db, tenantId) : null;
    const groupsOf = new Map<string, readonly string[]>();
    const memberOf = (endpointId: string, groupId: string) => {
      const e = tenant?.endpoints.get(endpointId);
      if (!tenant || !e) return false;
      let groups = groupsOf.get(endpointId);
      if (!groups) groupsOf.set(endpointId, (groups = endpointSecurityGroups(tenant, e)));
      return groups.includes(groupId);
    };
    return new Map(
      rollouts.map((r) => [
        r.id,
        rolloutTargets(
          endpoints.filter((e) => endpointOsOf(e.os) === r.os && (!r.securityGroupId || memberOf(e.id, r.securityGroupId))),
          r.alreadyCurrent,
        ),
      ]),
    );
  }

  private rowOf(r: repo.RolloutRecord, targeted: repo.RolloutEndpoint[]): RolloutRow {
    return {
      id: r.id,
      os: r.os,
      version: r.version,
      security_group: r.securityGroupId,
      security_group_name: r.securityGroupName,
      percentage: r.percentage,
      created_by: r.createdBy,
      created_at: r.createdAt.toISOString(),
      ...rolloutProgress(
        r,
        targeted.map((e) => ({ id: e.id, version: clientVersionOf(e) })),
      ),
    };
  }

  async list(actor: Actor): Promise<RolloutRow[]> {
    const rollouts = await repo.listRollouts(this.db, actor.scope.tenantId);
    const targets = await this.targets(actor.scope.tenantId, rollouts);
    return rollouts.map((r) => this.rowOf(r, targets.get(r.id) ?? []));
  }

  async get(actor: Actor, id: string): Promise<RolloutRow> {
    const r = await repo.findRollout(this.db, actor.scope.tenantId, id);
    if (!r) throw errors.notFound();
    const targets = await this.targets(actor.scope.tenantId, [r]);
    return this.rowOf(r, targets.get(r.id) ?? []);
  }

  async progress(actor: Actor, id: string): Promise<RolloutProgressRow[]> {
    const r = await repo.findRollout(this.db, actor.scope.tenantId, id);
    if (!r) throw errors.notFound();
    const targeted = (await this.targets(actor.scope.tenantId, [r])).get(r.id) ?? [];
    return targeted.map((e) => ({
      device_id: e.id,
      device_name: e.name,
      user: e.user,
      version: clientVersionOf(e),
      state: rolloutStateOf(e.id, clientVersionOf(e), r),
      device_status: e.deviceStatus,
    }));
  }

  async create(actor: Actor, input: RolloutInput): Promise<RolloutRow> {
    const tenantId = actor.scope.tenantId;
    if (input.security_group && !(await repo.securityGroupExists(this.db, tenantId, input.security_group)))
      throw errors.invalid({ security_group: ['No such security group'] });
    const id = crypto.randomUUID();
    const label = `${ENDPOINT_OS_LABELS[input.os]} ${input.version}`;
    await this.changes.run(actor, `Client update: ${label} to ${input.percentage} %`, async (tx) => {
      // Under the tenant's zero-trust lock: two simultaneous creations cannot both pass.
      const open = await repo.listRollouts(tx, tenantId);
      if (openRolloutOf(open, input.os, input.version))
        throw errors.conflict(`A rollout of ${label} is already open: widen it instead.`, { version: [`${label} is already being rolled out`] });
      if (open.length >= MAX_ROLLOUTS) throw errors.invalid({ non_field_errors: [`At most ${MAX_ROLLOUTS} rollouts`] });
      const endpoints = await repo.listEndpoints(tx, tenantId);
      await repo.insertRollout(tx, {
        id,
        tenantId,
        os: input.os,
        version: input.version,
        securityGroupId: input.security_group,
        percentage: input.percentage,
        alreadyCurrent: endpoints.filter((e) => endpointOsOf(e.os) === input.os && onVersion(clientVersionOf(e), input.version)).map((e) => e.id),
        createdBy: actor.email,
      });
      await audit(tx, actor, 'ztna.rollout_created', id, {
        os: input.os,
        version: input.version,
        security_group: input.security_group,
        percentage: input.percentage,
      });
      return { result: null, deviceIds: await this.endpointsOf(tx, tenantId, input.os) };
    });
    return this.get(actor, id);
  }

  /** Widens (or narrows) the stage: the endpoints in it are the same ones and more (inRollout's buckets are stable). */
  async setPercentage(actor: Actor, id: string, percentage: number): Promise<RolloutRow> {
    const tenantId = actor.scope.tenantId;
    const r = await repo.findRollout(this.db, tenantId, id);
    if (!r) throw errors.notFound();
    await this.changes.run(actor, `Client update: ${ENDPOINT_OS_LABELS[r.os]} ${r.version} to ${percentage} %`, async (tx) => {
      const locked = await repo.findRollout(tx, tenantId, id);
      if (!locked) throw errors.notFound();
      await repo.setPercentage(tx, tenantId, id, percentage);
      await audit(tx, actor, 'ztna.rollout_changed', id, { before: { percentage: locked.percentage }, after: { percentage } });
      return { result: null, deviceIds: await this.endpointsOf(tx, tenantId, locked.os) };
    });
    return this.get(actor, id);
  }

  async remove(actor: Actor, id: string): Promise<void> {
    const tenantId = actor.scope.tenantId;
    const r = await repo.findRollout(this.db, tenantId, id);
    if (!r) throw errors.notFound();
    await this.changes.run(actor, `Client update: ${ENDPOINT_OS_LABELS[r.os]} ${r.version} withdrawn`, async (tx) => {
      const locked = await repo.findRollout(tx, tenantId, id);
      if (!locked) throw errors.notFound();
      await repo.deleteRollout(tx, tenantId, id);
      await audit(tx, actor, 'ztna.rollout_deleted', id, { os: locked.os, version: locked.version, percentage: locked.percentage });
      return { result: null, deviceIds: await this.endpointsOf(tx, tenantId, locked.os) };
    });
  }

  private async endpointsOf(db: Db, tenantId: string, os: EndpointOs): Promise<string[]> {
    return (await devicesOfKind(db, tenantId, 'endpoint')).filter((e) => endpointOsOf(e.os) === os).map((e) => e.id);
  }
}
