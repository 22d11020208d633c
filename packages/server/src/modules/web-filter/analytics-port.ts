import type { WebFilterRange } from '@netloom/domain';

/** The URL dimensions of the analytics store the web filter reads (their names live with the store). */
export interface UrlDimensionNames {
  action: string;
  domain: string;
  allowedDomain: string;
  blockedDomain: string;
  user: string;
  userDomain: string;
  userBlocked: string;
  userCategory: string;
}

// The shapes below mirror the store's (traffic/url-store.ts) structurally: importing them through the
// traffic module's entry would close a cycle (its routes know the services, which know this module).
interface CountedKey {
  key: string;
  count: number;
  bytes: number;
}

interface UrlLogQuery {
  tenantId: string;
  from: Date;
  to: Date;
  proxyOnly: boolean;
  search: string | null;
  filters: { key: string; value: string }[];
  offset: number;
  limit: number;
}

/**
 * What the web filter asks the analytics store (the traffic module's, wired in the composition
 * root): URL events are ingested with the flows and rolled up beside them.
 */
export interface UrlAnalyticsPort {
  top(tenantId: string, range: WebFilterRange, dim: string, limit: number, prefix?: string): Promise<CountedKey[]>;
  actionsOverTime(tenantId: string, range: WebFilterRange): Promise<{ at: Date; allowed: number; blocked: number; logged: number }[]>;
  ruleHits(tenantId: string, from: Date): Promise<{ policyId: string | null; rule: string; action: string; matched: string; count: number }[]>;
  logs(q: UrlLogQuery): Promise<{ count: number; rows: Record<string, unknown>[] }>;
  discovery(
    tenantId: string,
    from: Date,
    search: string | null,
    offset: number,
    limit: number,
    known: string[],
  ): Promise<{ count: number; rows: Record<string, unknown>[] }>;
  deleteExpired(tenantId: string, now: Date, webfilterDays: number, squidDays: number): Promise<number>;
}
