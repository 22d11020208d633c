import { defaultDashboard, ERROR_CODES, hasAnySubscription, subscriptionMessages, type ProductKey, type SubscriptionFlags, type User } from '@netloom/domain';
import { paths } from '@/paths';
import { activeDashboard } from '@/lib/active-dashboard';
import { isApiError } from '@/lib/http/api-error';
import { queryClient } from '@/lib/query-client';
import { endSession } from '@/lib/session/logout';
import { sessionStore } from '@/lib/session/session-store';
import { tenantIdFor, tenantSelection } from '@/lib/tenant-selection';
import { dashboardConfigQueryOptions, productFlagsOf, tenantLandingFlagsOf } from '@/features/tenants/api/get-dashboard-config';

export type TenantAccess =
  | { kind: 'ok'; flags: SubscriptionFlags; landing: ProductKey | null }
  | { kind: 'redirect'; to: string }
  /** The session-expiry notice is up; the user leaves through its OK button. */
  | { kind: 'pending-logout' };

/**
 * Loads the current tenant's subscriptions; a tenant that cannot be read or has nothing subscribed
 * ends the session with the catalogue's message (spec 000 §6).
 */
export async function loadTenantAccess(user: User): Promise<TenantAccess> {
  const tid = tenantIdFor(user, tenantSelection.get());
  let config;
  try {
    // Serve what is cached at once and re-read in the background: guards run on every navigation.
    config = await queryClient.ensureQueryData({ ...dashboardConfigQueryOptions(user, tid), revalidateIfStale: true });
  } catch (e) {
    // A refused token has already been handed to the session part of the error catalogue.
    if (isApiError(e) && e.code === ERROR_CODES.tokenNotValid) return { kind: 'pending-logout' };
    if (!sessionStore.current()) return { kind: 'redirect', to: paths.auth.login };
    await endSession({ message: subscriptionMessages.loadFailed });
    return { kind: 'redirect', to: paths.auth.login };
  }
  const flags = productFlagsOf(config, user);
  if (!hasAnySubscription(flags)) {
    await endSession({ message: subscriptionMessages.none });
    return { kind: 'redirect', to: paths.auth.login };
  }
  const vpn = config.dashboard.vpnDashboard;
  return { kind: 'ok', flags, landing: defaultDashboard(tenantLandingFlagsOf(config), vpn) ?? defaultDashboard(flags, vpn) };
}

/** Where "/" leads a signed-in user (spec 000 §2.2, §4, §6). */
export async function resolveHome(user: User): Promise<string> {
  if (!user.isSuperAdmin && user.role === 'guest-user') return paths.guestClient;
  if (user.isSuperAdmin && !tenantSelection.get()) return paths.superAdmin.tenant;
  // A support engineer of no tenant works the desk, and has no tenant console to land on.
  if (user.isSupportEngineer && !user.tenantId) return paths.tickets.desk;
  const access = await loadTenantAccess(user);
  if (access.kind === 'redirect') return access.to;
  if (access.kind === 'pending-logout') return paths.loading;
  const previous = activeDashboard.get();
  const key = previous && access.flags[previous] ? previous : access.landing;
  if (!key) return paths.auth.login;
  activeDashboard.set(key);
  return paths.product.dashboard(key);
}
