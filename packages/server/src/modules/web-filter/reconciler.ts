import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { sweepPeriodically } from '../../db/periodic-sweep';
import type { Actor } from '../../http/access';
import * as repo from './repo';
import type { DeviceConfigPort } from './service';

/** The one who makes revisions nobody asked for by hand (devices that joined after the last change). */
const systemActor = (tenantId: string): Actor => ({
  scope: { tenantId, tenantName: '', role: null, isSuperAdmin: false },
  userId: '00000000-0000-0000-0000-000000000000',
  email: 'netloom',
  ip: '',
});

/**
 * Devices that enrol (or are claimed) after a tenant's last web-filter change have no web_filter
 * section yet: every round gives them theirs, under the tenant's settings lock like any change, so
 * a new endpoint enforces its tenant's policies within a round of arriving.
 */
export class WebFilterReconciler {
  constructor(
    private readonly db: Db,
    private readonly config: DeviceConfigPort & { devicesMissingWebFilter(limit: number): Promise<{ tenantId: string; deviceId: string }[]> },
  ) {}

  async round(): Promise<number> {
    const missing = await this.config.devicesMissingWebFilter(1_000);
    const byTenant = new Map<string, string[]>();
    for (const m of missing) byTenant.set(m.tenantId, [...(byTenant.get(m.tenantId) ?? []), m.deviceId]);
    let done = 0;
    for (const [tenantId, deviceIds] of byTenant) {
      const actor = systemActor(tenantId);
      const outcomes = await this.db.transaction(async (tx) => {
        await repo.lockSettings(tx, tenantId);
        return this.config.recommit(tx, actor, { deviceIds, message: "The organisation's web filter" });
      });
      await this.config.announce(outcomes);
      done += deviceIds.length;
    }
    return done;
  }

  start(log: FastifyBaseLogger, everyMs: number): () => Promise<void> {
    return sweepPeriodically(log, { what: 'web filter for new devices', everyMs, sweep: () => this.round() });
  }
}
