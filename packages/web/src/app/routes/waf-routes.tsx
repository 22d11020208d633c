import type { RouteObject } from 'react-router';
import { paths } from '@/paths';
import { redirectTo } from './redirect-route';

/**
 * QShield's built pages (spec 000 §2.16 WAF menu). The dashboard is the backend-WAF analytics;
 * GraphQL and authentication abuse show what the edges' API guard saw and refused, with its
 * settings; vulnerability testing runs active tests of an application's API from its edges.
 */
export function wafRoutes(): RouteObject[] {
  const analytics = () => import('@/features/waf/pages/waf-dashboard-page').then((m) => ({ Component: m.WafDashboardPage }));
  return [
    { path: 'dashboard', lazy: analytics },
    { path: 'threat-analytics', ...redirectTo(paths.waf.backendWaf) },
    { path: 'threat-analytics/backend-waf', lazy: analytics },
    { path: 'threat-analytics/compailnce-status', lazy: () => import('@/features/waf/pages/compliance-page').then((m) => ({ Component: m.CompliancePage })) },
    {
      path: 'threat-analytics/api-discovery',
      lazy: () => import('@/features/waf/pages/api-discovery-page').then((m) => ({ Component: m.ApiDiscoveryPage })),
    },
    { path: 'threat-analytics/graphql', lazy: () => import('@/features/waf/pages/graphql-page').then((m) => ({ Component: m.GraphqlPage })) },
    { path: 'threat-analytics/log', lazy: () => import('@/features/waf/pages/access-log-page').then((m) => ({ Component: m.AccessLogPage })) },
    { path: 'events', ...redirectTo(paths.waf.attacks) },
    { path: 'events/attacks', lazy: () => import('@/features/waf/pages/attacks-page').then((m) => ({ Component: m.AttacksPage })) },
    {
      path: 'events/vulnerabilities',
      lazy: () => import('@/features/waf/pages/vulnerabilities-page').then((m) => ({ Component: m.VulnerabilitiesPage })),
    },
    { path: 'api-security/api-inventry', lazy: () => import('@/features/waf/pages/api-inventory-page').then((m) => ({ Component: m.ApiInventoryPage })) },
    { path: 'api-security/shadow-api', lazy: () => import('@/features/waf/pages/shadow-api-page').then((m) => ({ Component: m.ShadowApiPage })) },
    {
      path: 'api-security/api-discovery',
      lazy: () => import('@/features/waf/pages/api-discovery-settings-page').then((m) => ({ Component: m.ApiDiscoverySettingsPage })),
    },
    { path: 'api-security/diff-logs', lazy: () => import('@/features/waf/pages/diff-logs-page').then((m) => ({ Component: m.DiffLogsPage })) },
    {
      path: 'api-security/vuln-testing',
      lazy: () => import('@/features/waf/pages/vuln-testing-page').then((m) => ({ Component: m.VulnTestingPage })),
    },
    { path: 'api-security/zero-trust-api', lazy: () => import('@/features/waf/pages/zero-trust-api-page').then((m) => ({ Component: m.ZeroTrustApiPage })) },
    { path: 'bot/dashboard', lazy: () => import('@/features/waf/pages/bot-dashboard-page').then((m) => ({ Component: m.BotDashboardPage })) },
    { path: 'bot/api-abuse-protection', lazy: () => import('@/features/waf/pages/api-abuse-page').then((m) => ({ Component: m.ApiAbusePage })) },
    {
      path: 'bot/auth-abuse-protection',
      lazy: () => import('@/features/waf/pages/auth-abuse-page').then((m) => ({ Component: m.AuthAbusePage })),
    },
    { path: 'organization', ...redirectTo(paths.waf.onboard) },
    { path: 'organization/onboard', lazy: () => import('@/features/waf/pages/onboard-page').then((m) => ({ Component: m.OnboardPage })) },
    { path: 'organization/waf-policy', lazy: () => import('@/features/waf/pages/waf-policy-page').then((m) => ({ Component: m.WafPolicyPage })) },
    { path: 'organization/pac', lazy: () => import('@/features/waf/pages/pac-page').then((m) => ({ Component: m.PacPage })) },
    { path: 'organization/threat-intel', lazy: () => import('@/features/waf/pages/threat-intel-page').then((m) => ({ Component: m.ThreatIntelPage })) },
    { path: 'organization/ddos', lazy: () => import('@/features/waf/pages/ddos-page').then((m) => ({ Component: m.DdosPage })) },
    { path: 'organization/dpop', lazy: () => import('@/features/waf/pages/dpop-page').then((m) => ({ Component: m.DpopPage })) },
  ];
}
