import type { GraphqlOperationCount, LoginAccountCount, LoginClientCount } from '@netloom/domain';
import type { WafScopeQuery } from './analytics-port';

/** What the GraphQL and authentication abuse pages read of the analytics store (the traffic module's WafGuardAnalytics). */
export interface WafGuardAnalyticsPort {
  graphqlOperations(scope: WafScopeQuery): Promise<GraphqlOperationCount[]>;
  loginSeries(scope: WafScopeQuery): Promise<{ applicationId: string | null; path: string; at: Date; attempts: number; failures: number }[]>;
  loginClients(scope: WafScopeQuery): Promise<LoginClientCount[]>;
  loginAccounts(scope: WafScopeQuery): Promise<LoginAccountCount[]>;
}
