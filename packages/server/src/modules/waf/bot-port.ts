import type { ApiKeyHistory, ApiKeyPathCount, ClientBehaviour } from '@netloom/domain';
import type { WafScopeQuery } from './analytics-port';

/** What bot protection reads of the analytics store besides the client counts (the traffic module's WafBotAnalytics). */
export interface WafBotAnalyticsPort {
  behaviour(scope: WafScopeQuery): Promise<({ clientIp: string; userAgent: string | null } & ClientBehaviour)[]>;
  apiKeyPaths(scope: WafScopeQuery): Promise<ApiKeyPathCount[]>;
  apiKeyHistory(scope: WafScopeQuery, baselineFrom: Date): Promise<ApiKeyHistory[]>;
}
