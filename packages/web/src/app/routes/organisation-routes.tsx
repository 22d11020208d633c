import type { RouteObject } from 'react-router';
import type { ProductKey } from '@netloom/domain';
import { paths } from '@/paths';
import type { LogKind } from '@/features/activity-logs/api/get-logs';
import type { WebFilterLogKind } from '@/features/web-filter-analytics/api/get-webfilter-logs';
import type { LogsTab } from './logs-section-route';
import { redirectTo } from './redirect-route';

/**
 * The logs tabs in the spec's order (000 §2.2); ZTNA adds what its web filter decided, its proxy's
 * access log and every zero-trust connection attempt.
 */
function logsTabs(product: ProductKey | null): LogsTab[] {
  const login = { label: 'Login logs', path: product ? paths.product.loginLogs(product) : paths.loginLogs };
  const activity = { label: 'Activity logs', path: product ? paths.product.activityLogs(product) : paths.activityLogs };
  if (product !== 'ztna') return [login, activity];
  return [
    login,
    { label: 'Web filter logs', path: paths.ztnaWebFilterLogs },
    activity,
    { label: 'Squid logs', path: paths.ztnaSquidLogs },
    { label: 'ZTNA session logs', path: paths.ztna.sessionLogs },
  ];
}

const activityLogsPage = (kind: LogKind) => () =>
  import('@/features/activity-logs/pages/logs-page').then(({ LogsPage }) => ({ element: <LogsPage key={kind} kind={kind} /> }));
const webFilterLogsPage = (kind: WebFilterLogKind) => () =>
  import('@/features/web-filter-analytics/pages/webfilter-logs-page').then(({ WebFilterLogsPage }) => ({
    element: <WebFilterLogsPage key={kind} kind={kind} />,
  }));

/** Teams and logs under a product (/{product}/teams/…) or at the top level (/teams/…). */
export function teamsAndLogsRoutes(product: ProductKey | null): RouteObject[] {
  const users = product ? paths.product.teamsUsers(product) : paths.teamsUsers;
  const details = (id: string) => (product ? paths.product.teamsUserDetails(product, id) : paths.teamsUserDetails(id));
  const tabs = logsTabs(product);
  const subtitle =
    product === 'ztna'
      ? 'Who did what, when and from where, what the web filter decided and who reached which application'
      : 'Who did what, when and from where';
  return [
    { path: 'teams', ...redirectTo(users) },
    {
      path: 'teams/users',
      lazy: () => import('@/features/teams/pages/users-page').then(({ UsersPage }) => ({ element: <UsersPage detailsPath={details} /> })),
    },
    {
      path: 'teams/users/details/:userId',
      lazy: () => import('@/features/teams/pages/user-details-page').then(({ UserDetailsPage }) => ({ element: <UserDetailsPage backTo={users} /> })),
    },
    { path: 'teams/groups', lazy: () => import('@/features/teams/pages/groups-page').then((m) => ({ Component: m.GroupsPage })) },
    {
      path: 'logs',
      lazy: () => import('./logs-section-route').then(({ LogsSectionRoute }) => ({ element: <LogsSectionRoute tabs={tabs} subtitle={subtitle} /> })),
      children: [
        { index: true, ...redirectTo(tabs[0]?.path ?? paths.loginLogs) },
        { path: 'login-logs', lazy: activityLogsPage('login') },
        { path: 'activity-logs', lazy: activityLogsPage('activity') },
        ...(product === 'ztna'
          ? [
              { path: 'webfilter-logs', lazy: webFilterLogsPage('webfilter') },
              { path: 'squid-logs', lazy: webFilterLogsPage('squid') },
              {
                path: 'ztna-session-logs',
                lazy: () => import('@/features/ztna-sessions/pages/session-logs-page').then((m) => ({ Component: m.SessionLogsPage })),
              },
            ]
          : []),
      ],
    },
  ];
}
