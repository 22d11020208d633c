import { buildRequesterIndex, endpointsTouched, type TenantZtna, type ZtnaChange, type ZtnaSettings } from '@netloom/domain';
import type { Db } from '../../db/client';
import type { Actor } from '../../http/access';
import * as repo from './repo';
import { loadTenantZtna } from './load';
import type { CountryPort, DeviceConfigPort } from './ports';
import { ztnaSectionsName } from './sections';
import { endpointsOfUsers } from './endpoints-repo';

/**
 * Which devices a change can reach: the edits (the domain finds the endpoints whose section they
 * can change) and the gateways whose sections they change (app connectors, NAC), or the devices
 * themselves.
 */
export type ZtnaImpact = { changes: ZtnaChange[]; gateways?: string[] } | { deviceIds: string[] };

/**
 * How a change of a tenant's zero trust reaches its devices, the web filter's way: the tenant's
 * settings row is locked first (made when missing), the change is written, the affected devices
 * are rendered again in the same transaction (a revision and a push for each whose document
 * changed), and the pushes are announced once it is committed. NAC decisions and client rollouts
 * (the ztna-activity module) push through the same path.
 */
export class ZtnaRecommit {
  constructor(
    private readonly db: Db,
    private readonly config: DeviceConfigPort,
    private readonly countries: CountryPort,
  ) {}

  /** Takes the tenant's zero-trust lock inside the caller's transaction; answers its settings. */
  lock(tx: Db, tenantId: string): Promise<ZtnaSettings> {
    return repo.lockSettings(tx, tenantId);
  }

  /**
   * Renders the tenant's devices (all of them, or those given) again inside the caller's
   * transaction, which holds the lock; devices whose documents do not change get nothing.
   * Announce the outcomes after the commit.
   */
  recommitTenant(tx: Db, actor: Actor, opts: { deviceIds?: string[]; message: string }): Promise<unknown[]> {
    return this.config.recommit(tx, actor, { ...opts, source: ztnaSectionsName });
  }

  announce(outcomes: unknown[]): Promise<void> {
    return this.config.announce(outcomes);
  }

  /**
   * People whose accounts changed (deactivated, restored, moved between teams) outside zero trust:
   * the endpoints they are signed in on get their sections again now, rather than at the next
   * reconciler round. A tenant without zero trust has nothing to render.
   */
  async usersChanged(actor: Actor, emails: readonly string[], message: string): Promise<void> {
    const tenantId = actor.scope.tenantId;
    const outcomes = await this.db.transaction(async (tx) => {
      if (!(await repo.findSettings(tx, tenantId))) return [];
      await this.lock(tx, tenantId);
      const deviceIds = await endpointsOfUsers(tx, tenantId, emails);
      return deviceIds.length ? this.recommitTenant(tx, actor, { deviceIds, message }) : [];
    });
    await this.announce(outcomes);
  }

  /**
   * One change: lock, write, recommit and announce; `fn`'s answer is the change's. `impact` says
   * which devices it can reach, from what `fn` answered and the tenant as it was before it (left
   * out: every device of the tenant is rendered again, and those whose document is the same get nothing).
   */
  async change<T>(
    actor: Actor,
    message: string,
    fn: (tx: Db, settings: ZtnaSettings) => Promise<T>,
    impact?: (result: T, before: TenantZtna) => ZtnaImpact,
  ): Promise<T> {
    const tenantId = actor.scope.tenantId;
    const { result, outcomes } = await this.db.transaction(async (tx) => {
      const settings = await this.lock(tx, tenantId);
      const before = impact ? await loadTenantZtna(tx, tenantId, { countries: this.countries }) : null;
      const result = await fn(tx, settings);
      const ids = impact && before ? affected(impact(result, before), before) : undefined;
      const outcomes = ids && ids.length === 0 ? [] : await this.recommitTenant(tx, actor, { deviceIds: ids, message });
      return { result, outcomes };
    });
    await this.announce(outcomes);
    return result;
  }
}

function affected(impact: ZtnaImpact, before: TenantZtna): string[] {
  if ('deviceIds' in impact) return [...new Set(impact.deviceIds)];
  const index = buildRequesterIndex(before);
  const out = new Set(impact.gateways ?? []);
  for (const change of impact.changes) for (const id of endpointsTouched(before, index, change)) out.add(id);
  return [...out];
}

/** The app connectors of some sites (their `ztna_connector` sections list the sites' servers). */
export const connectorsOf = (tenant: TenantZtna, sites: (string | undefined)[]): string[] =>
  tenant.connectors.filter((c) => sites.includes(c.site)).map((c) => c.deviceId);

/** An ordered list as the impact compares it: places in the list, not the numbers they carry (an insertion renumbers the rest). */
export const unnumbered = <T extends { order: number }>(list: readonly T[]): T[] => list.map((x) => ({ ...x, order: 0 }));
