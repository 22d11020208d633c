import type { RouteObject } from 'react-router';
import type { ProductKey } from '@netloom/domain';
import { paths } from '@/paths';
import type { LogKind } from '@/features/activity-logs/api/get-logs';
import { redirectTo } from './redirect-route';

/** Teams and logs under a product (/{product}/teams/…) or at the top level (/teams/…). */
export function teamsAndLogsRoutes(product: ProductKey | null): RouteObject[] {
  const users = product ? paths.product.teamsUsers(product) : paths.teamsUsers;
  const details = (id: string) => (product ? paths.product.teamsUserDetails(product, id) : paths.teamsUserDetails(id));
  const logTab = (k: LogKind) =>
    k === 'login' ? (product ? paths.product.loginLogs(product) : paths.loginLogs) : product ? paths.product.activityLogs(product) : paths.activityLogs;
  const logsPage = (kind: LogKind) => () =>
    import('@/features/activity-logs/pages/logs-page').then((m) => ({ element: <m.LogsPage key={kind} kind={kind} tabPath={logTab} /> }));
  return [
    { path: 'teams', ...redirectTo(users) },
    { path: 'teams/users', lazy: () => import('@/features/teams/pages/users-page').then((m) => ({ element: <m.UsersPage detailsPath={details} /> })) },
    {
      path: 'teams/users/details/:userId',
      lazy: () => import('@/features/teams/pages/user-details-page').then((m) => ({ element: <m.UserDetailsPage backTo={users} /> })),
    },
    { path: 'teams/groups', lazy: () => import('@/features/teams/pages/groups-page').then((m) => ({ Component: m.GroupsPage })) },
    { path: 'logs', ...redirectTo(logTab('login')) },
    { path: 'logs/login-logs', lazy: logsPage('login') },
    { path: 'logs/activity-logs', lazy: logsPage('activity') },
  ];
}
