import { redirect, type RouteObject } from 'react-router';
import type { ProductKey } from '@netloom/domain';
import { paths } from '@/paths';
import { UsersPage } from '@/features/teams/pages/users-page';
import { GroupsPage } from '@/features/teams/pages/groups-page';
import { UserDetailsPage } from '@/features/teams/pages/user-details-page';
import { LogsPage } from '@/features/activity-logs/pages/logs-page';
import type { LogKind } from '@/features/activity-logs/api/get-logs';
import { TenantListPage } from '@/features/tenants/pages/tenant-list-page';
import { useTenantAdmin } from '@/features/organisations/components/use-tenant-admin';

/** The super admin's tenant list with the administration of features/organisations composed in. */
export function TenantListRoute() {
  const admin = useTenantAdmin();
  return (
    <TenantListPage headerActions={admin.createButton} rowActions={admin.rowActions}>
      {admin.dialogs}
    </TenantListPage>
  );
}

/** Teams and logs under a product (/{product}/teams/…) or at the top level (/teams/…). */
export function teamsAndLogsRoutes(product: ProductKey | null): RouteObject[] {
  const users = product ? paths.product.teamsUsers(product) : paths.teamsUsers;
  const details = (id: string) => (product ? paths.product.teamsUserDetails(product, id) : paths.teamsUserDetails(id));
  const logTab = (k: LogKind) =>
    k === 'login' ? (product ? paths.product.loginLogs(product) : paths.loginLogs) : product ? paths.product.activityLogs(product) : paths.activityLogs;
  return [
    { path: 'teams', loader: () => redirect(users) },
    { path: 'teams/users', element: <UsersPage detailsPath={details} /> },
    { path: 'teams/users/details/:userId', element: <UserDetailsPage backTo={users} /> },
    { path: 'teams/groups', element: <GroupsPage /> },
    { path: 'logs', loader: () => redirect(logTab('login')) },
    { path: 'logs/login-logs', element: <LogsPage key="login" kind="login" tabPath={logTab} /> },
    { path: 'logs/activity-logs', element: <LogsPage key="activity" kind="activity" tabPath={logTab} /> },
  ];
}
