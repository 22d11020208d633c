import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { sweepPeriodically } from '../../db/periodic-sweep';
import type { Actor } from '../../http/access';
import type { ZtnaRecommit } from './recommit';

/** The one who makes revisions nobody asked for by hand (devices that joined after the last change). */
const systemActor = (tenantId: string): Actor => ({
  scope: { tenantId, tenantName: '', role: null, isSuperAdmin: false },
  userId: '00000000-0000-0000-0000-000000000000',
  email: 'netloom',
  ip: '',
});

/** Devices whose zero-trust sections are missing or out of date, per tenant: what the configuration engine finds. */
export interface ZtnaGapsPort {
  devicesMissingZtna(limit: number): Promise<{ tenantId: string; deviceId: string }[]>;
}

/**
 * Endpoints that enrol (or are approved, or change user) after a tenant's last zero-trust change,
 * and gateways made app connectors, have no or an outdated section: every round gives them theirs,
 * under the tenant's lock like any change, so a new client gets its profile and policies within
 * a round of arriving.
 */
export class ZtnaReconciler {
  constructor(
    private readonly db: Db,
    private readonly recommit: ZtnaRecommit,
    private readonly gaps: ZtnaGapsPort,
  ) {}

  async round(): Promise<number> {
    const missing = await this.gaps.devicesMissingZtna(1_000);
    const byTenant = new Map<string, string[]>();
    for (const m of missing) byTenant.set(m.tenantId, [...(byTenant.get(m.tenantId) ?? []), m.deviceId]);
    let done = 0;
    for (const [tenantId, deviceIds] of byTenant) {
      const actor = systemActor(tenantId);
      const outcomes = await this.db.transaction(async (tx) => {
        await this.recommit.lock(tx, tenantId);
        return this.recommit.recommitTenant(tx, actor, { deviceIds, message: "The organisation's zero-trust access" });
      });
      await this.recommit.announce(outcomes);
      done += deviceIds.length;
    }
    return done;
  }

  start(log: FastifyBaseLogger, everyMs: number): () => Promise<void> {
    return sweepPeriodically(log, { what: 'zero-trust sections for new devices', everyMs, sweep: () => this.round() });
  }
}
