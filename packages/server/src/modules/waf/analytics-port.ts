import type { ClientPathCount, HostPathStatusCount, WafAction, WafCategory, WafRuleMatch } from '@netloom/domain';

/** The analytics store's WAF rows as QShield's pages ask for them (the traffic module's WafAnalytics, wired in the composition root). */
export interface WafScopeQuery {
  tenantId: string;
  from: Date;
  to: Date;
  applicationId: string | null;
  deviceId: string | null;
}

export interface WafAttackRow {
  id: string;
  at: Date;
  deviceId: string;
  applicationId: string | null;
  host: string;
  clientIp: string;
  country: string | null;
  method: string;
  path: string;
  status: number;
  action: WafAction;
  category: WafCategory;
  anomalyScore: number | null;
  rules: WafRuleMatch[];
  userAgent: string | null;
}

interface WafRequestRow {
  at: Date;
  deviceId: string;
  applicationId: string | null;
  requestId: string;
  host: string;
  clientIp: string;
  country: string | null;
  method: string;
  path: string;
  status: number;
  bytes: number;
  elapsedMs: number;
  userAgent: string | null;
}

export interface WafAnalyticsPort {
  attacks(
    scope: WafScopeQuery,
    filter: { action: WafAction | null; category: WafCategory | null; clientIp: string | null; ruleId: number | null; search: string | null },
    page: { offset: number; limit: number },
  ): Promise<{ count: number; rows: WafAttackRow[] }>;
  log(
    scope: WafScopeQuery,
    filter: { status: number | null; search: string | null },
    page: { offset: number; limit: number },
  ): Promise<{ count: number; rows: WafRequestRow[] }>;
  targets(
    scope: WafScopeQuery,
    categories: readonly string[],
  ): Promise<
    {
      applicationId: string | null;
      category: WafCategory;
      path: string;
      attempts: number;
      blocked: number;
      detected: number;
      clients: number;
      firstAt: Date;
      lastAt: Date;
      ruleIds: number[];
    }[]
  >;
  /** Per application, host, method, path and status; the applications of `samplePercent` read from a sample of their requests. */
  pathCounts(scope: WafScopeQuery, samplePercent?: ReadonlyMap<string, number>): Promise<HostPathStatusCount[]>;
  clients(scope: WafScopeQuery): Promise<{ rows: ClientPathCount[]; challenged: string[] }>;
  summary(scope: WafScopeQuery): Promise<{
    requests: number;
    actions: Record<WafAction, number>;
    series: { at: Date; requests: number; blocked: number; detected: number; other: number }[];
    byCategory: { key: string; count: number }[];
    byCountry: { key: string; count: number }[];
    byClient: { key: string; count: number }[];
    topPaths: { key: string; count: number }[];
    topRules: { key: string; message: string; count: number }[];
    limitsFired: { at: Date; count: number }[];
  }>;
}
