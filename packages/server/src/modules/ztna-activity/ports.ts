import type { TenantZtna } from '@netloom/domain';
import type { Db } from '../../db/client';
import type { Actor } from '../../http/access';

/*
 * What zero-trust activity needs of the zero-trust module (modules/ztna) and of the analytics store
 * (modules/traffic), wired in the composition root.
 */

/**
 * How a zero-trust change reaches devices: the tenant's zero-trust lock (every zero-trust change
 * takes it first, so revisions follow the changes' order), the configuration engine rendering the
 * devices named again inside the change's transaction, and the pushes announced after it.
 */
export interface ZtnaRecommitPort {
  lock(tx: Db, tenantId: string): Promise<unknown>;
  recommitTenant(tx: Db, actor: Actor, opts: { deviceIds?: string[]; message: string }): Promise<unknown[]>;
  announce(outcomes: unknown[]): Promise<void>;
}

/** The tenant's zero trust as devices' documents are made from it (its endpoints' posture and security groups among it); null before it is set up. */
export type TenantZtnaLoader = (db: Db, tenantId: string) => Promise<TenantZtna | null>;

/** The zero-trust sessions in the analytics store (the traffic module stores them as endpoints report them). */
export interface SessionStorePort {
  /** Drops the session days that end before a moment (whole partitions); returns how many. */
  dropDaysBefore(before: Date): Promise<number>;
  /** Deletes each tenant's sessions older than the days it keeps them (`kept`; a tenant not listed: `otherwiseDays`); returns how many. */
  deleteExpired(now: Date, kept: readonly { tenantId: string; days: number }[], otherwiseDays: number): Promise<number>;
}
