import {
  DEFAULT_PROFILE_NAME,
  ENDPOINT_OS_LABELS,
  endpointSecurityGroups,
  profileFor,
  type inventoryDecideBodySchema,
  type inventoryDecideResultSchema,
  type inventoryPageSchema,
  type inventoryQuerySchema,
} from '@netloom/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { configSyncOf } from '../../fleet/device-row';
import type { Actor } from '../../http/access';
import { AppError } from '../../http/errors';
import * as repo from './repo';
import * as onboarding from './onboarding-repo';
import { postureOf } from './endpoints-repo';
import { loadTenantZtna } from './load';
import type { CountryPort, DeviceInventoryPort } from './ports';
import type { ZtnaRecommit } from './recommit';

type Decision = z.output<typeof inventoryDecideBodySchema>['decision'];
type DecideResult = z.output<typeof inventoryDecideResultSchema>;

/** Why a decision does not apply to an endpoint in this state, or null when it does. */
function notApplicable(decision: Decision, state: { approved: boolean; rejected: boolean }): string | null {
  if (decision === 'approve') return state.rejected ? 'Rejected: let it in again instead' : state.approved ? 'Already approved' : null;
  if (decision === 'reject') return state.rejected ? 'Already rejected' : null;
  return state.rejected ? null : 'Not rejected';
}

/**
 * The inventory of clients: enrolled (approved), pending and rejected endpoints with their posture,
 * and the decisions on many at once: approve, reject (a pending one) or revoke (an enrolled one),
 * and let a rejected one in again.
 */
export class InventoryService {
  constructor(
    private readonly db: Db,
    private readonly recommit: ZtnaRecommit,
    private readonly deps: { countries: CountryPort; inventory: DeviceInventoryPort },
  ) {}

  /**
   * Newest first, with their posture (as the agent last reported it: a pending one's is what it
   * sent with its hello), profile, security groups and sync state. A pending endpoint is in no
   * group yet: its groups are those approving it gives, what the person deciding wants to see.
   */
  async inventory(actor: Actor, q: z.output<typeof inventoryQuerySchema>): Promise<z.output<typeof inventoryPageSchema>> {
    const tenantId = actor.scope.tenantId;
    const limit = q.page_size === 0 ? null : q.page_size;
    const { rows, total } = await onboarding.inventoryPage(this.db, tenantId, {
      state: q.state,
      search: q.search || undefined,
      offset: limit === null ? 0 : (q.page - 1) * limit,
      limit,
    });
    const tenant = await loadTenantZtna(this.db, tenantId, { endpointIds: rows.map((r) => r.id), countries: this.deps.countries });
    const sgNames = new Map((tenant?.securityGroups ?? []).map((g) => [g.id, g.name]));
    const results = rows.map((r) => {
      const posture = postureOf(r, this.deps.countries);
      const endpoint = tenant?.endpoints.get(r.id);
      const asApproved = endpoint && { ...endpoint, posture: { ...endpoint.posture, approved: true } };
      return {
        id: r.id,
        name: r.name,
        user: r.user,
        os: posture.os,
        os_label: posture.os ? ENDPOINT_OS_LABELS[posture.os] : null,
        client_version: posture.client_version ?? r.version,
        approved: r.approved,
        device_status: r.deviceStatus,
        last_seen: r.lastSeenAt?.toISOString() ?? null,
        public_ip: r.publicIp,
        posture,
        profile: (endpoint && tenant && profileFor(tenant.profiles, endpoint)?.name) || DEFAULT_PROFILE_NAME,
        security_groups: asApproved && tenant ? endpointSecurityGroups(tenant, asApproved).map((id) => sgNames.get(id) ?? id) : [],
        config_sync: configSyncOf(r).state,
        enrolled_with: r.keyName,
        created_at: r.createdAt.toISOString(),
      };
    });
    const hasNext = limit !== null && q.page * limit < total;
    return { count: total, next: hasNext ? String(q.page + 1) : null, previous: limit !== null && q.page > 1 ? String(q.page - 1) : null, results };
  }

  /**
   * Decides on many endpoints at once, each exactly as the device inventory's own approval,
   * rejection or readmission does (its credential handed over; out and refused at its hellos; in
   * again, approved); each one it does not apply to is skipped with why. Approved and readmitted
   * endpoints get their zero-trust section again (they are approved now).
   */
  async decide(actor: Actor, body: { ids: string[]; decision: Decision }): Promise<DecideResult> {
    const tenantId = actor.scope.tenantId;
    const ids = [...new Set(body.ids)];
    const states = await onboarding.endpointStates(this.db, tenantId, ids);
    const result: DecideResult = { approved: 0, rejected: 0, readmitted: 0, skipped: [] };
    const admitted: string[] = [];
    for (const id of ids) {
      const state = states.get(id);
      const skip = state ? notApplicable(body.decision, state) : 'No such endpoint in this organisation';
      if (skip) {
        result.skipped.push({ id, reason: skip });
        continue;
      }
      try {
        await this.apply(actor, id, body.decision);
        if (body.decision === 'approve') result.approved++;
        else if (body.decision === 'reject') result.rejected++;
        else result.readmitted++;
        if (body.decision !== 'reject') admitted.push(id);
      } catch (e) {
        // Changed meanwhile (approved, removed or rejected by someone else): the others still go ahead.
        if (!(e instanceof AppError) || e.status >= 500) throw e;
        result.skipped.push({ id, reason: e.detail });
      }
    }
    if (admitted.length && (await repo.findSettings(this.db, tenantId)))
      await this.recommit.change(
        actor,
        body.decision === 'approve' ? 'Endpoints approved' : 'Endpoints let in again',
        async () => undefined,
        () => ({ deviceIds: admitted }),
      );
    return result;
  }

  private apply(actor: Actor, id: string, decision: Decision): Promise<unknown> {
    if (decision === 'approve') return this.deps.inventory.approve(actor, id);
    if (decision === 'reject') return this.deps.inventory.reject(actor, id);
    return this.deps.inventory.readmit(actor, id);
  }
}
