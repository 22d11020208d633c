import type { Db } from '../../db/client';
import type { Actor } from '../../http/access';
import type { ZtnaRecommitPort } from './ports';

/**
 * A change of the tenant's zero trust that devices must follow (a NAC decision, a rollout): made
 * under the tenant's zero-trust lock, the devices it names rendered again in the same transaction,
 * the pushes announced once it is committed. Answers the change's result and the devices' outcomes.
 */
export class ZtnaChanges {
  constructor(
    private readonly db: Db,
    private readonly recommit: ZtnaRecommitPort,
  ) {}

  async run<T>(actor: Actor, message: string, change: (tx: Db) => Promise<{ result: T; deviceIds: string[] }>): Promise<{ result: T; outcomes: unknown[] }> {
    const done = await this.db.transaction(async (tx) => {
      await this.recommit.lock(tx, actor.scope.tenantId);
      const { result, deviceIds } = await change(tx);
      const outcomes = deviceIds.length > 0 ? await this.recommit.recommitTenant(tx, actor, { deviceIds, message }) : [];
      return { result, outcomes };
    });
    await this.recommit.announce(done.outcomes);
    return done;
  }
}

/** Devices given a new revision (pushed now, or saved for when they are back). */
export const revised = (outcomes: unknown[]) =>
  outcomes.filter((o) => {
    const outcome = (o as { outcome?: unknown } | null)?.outcome;
    return outcome === 'pushed' || outcome === 'saved';
  }).length;
