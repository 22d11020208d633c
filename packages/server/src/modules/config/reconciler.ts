import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { sweepPeriodically } from '../../db/periodic-sweep';
import type { ConfigService } from './service';
import type { SectionProvider } from './section-provider';
import { systemActor } from './system-actor';

/**
 * Devices that enrol (or are claimed, approved, given another user) after a product's last change
 * lack its sections or hold outdated ones: every round gives them theirs, under the product's
 * change lock like any change, so a new device runs its tenant's settings within a round of
 * arriving. One per section provider that can tell its stale devices.
 */
export class SectionReconciler {
  constructor(
    private readonly db: Db,
    private readonly config: Pick<ConfigService, 'staleDevices' | 'recommit' | 'announce'>,
    private readonly provider: SectionProvider,
  ) {}

  async round(): Promise<number> {
    const missing = await this.config.staleDevices(this.provider.name, 1_000);
    const byTenant = new Map<string, string[]>();
    for (const m of missing) byTenant.set(m.tenantId, [...(byTenant.get(m.tenantId) ?? []), m.deviceId]);
    let done = 0;
    for (const [tenantId, deviceIds] of byTenant) {
      const outcomes = await this.db.transaction(async (tx) => {
        await this.provider.lock?.(tx, tenantId);
        return this.config.recommit(tx, systemActor(tenantId), {
          deviceIds,
          message: this.provider.reconcileMessage ?? `The organisation's ${this.provider.name}`,
          source: this.provider.name,
        });
      });
      await this.config.announce(outcomes);
      done += deviceIds.length;
    }
    return done;
  }

  start(log: FastifyBaseLogger, everyMs: number): () => Promise<void> {
    return sweepPeriodically(log, { what: `${this.provider.name} sections for new devices`, everyMs, sweep: () => this.round() });
  }
}
