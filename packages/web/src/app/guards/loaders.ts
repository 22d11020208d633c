import { redirect, type LoaderFunction, type ShouldRevalidateFunctionArgs } from 'react-router';
import { canReadConsole, firstSubscribedProduct, nextActiveDashboard, subscriptionMessages, TIMING, type ProductKey } from '@netloom/domain';
import { paths } from '@/paths';
import { activeDashboard } from '@/lib/active-dashboard';
import { CATALOGUE } from '@/lib/http/error-catalogue';
import { snack } from '@/lib/notify';
import { bootstrapSession } from '@/lib/session/bootstrap';
import { endSession } from '@/lib/session/logout';
import { sessionStore, type ActiveSession } from '@/lib/session/session-store';
import { tenantSelection } from '@/lib/tenant-selection';
import { loadTenantAccess, resolveHome } from './resolve-home';

const SPLASH_MIN_MS = 1_000;
let firstLoad = true;

/** Root loader: the splash stays up while the session is restored, about a second (spec 000 §2.2). */
export const rootLoader: LoaderFunction = async () => {
  const boot = bootstrapSession();
  if (firstLoad) {
    firstLoad = false;
    await Promise.all([boot, new Promise((r) => setTimeout(r, SPLASH_MIN_MS))]);
  } else {
    await boot;
  }
  return null;
};

async function requireSession(): Promise<ActiveSession> {
  await bootstrapSession();
  const s = sessionStore.current();
  if (!s) throw redirect(paths.auth.login);
  return s;
}

const isGuest = (s: ActiveSession) => !s.user.isSuperAdmin && s.user.role === 'guest-user';

/** Empty path: signed-in users to their home, everyone else to the login page. */
export const indexLoader: LoaderFunction = async () => {
  await bootstrapSession();
  const s = sessionStore.current();
  return redirect(s ? await resolveHome(s.user) : paths.auth.login);
};

/** The auth pages are for visitors; a signed-in user is sent home. */
export const authGuard: LoaderFunction = async () => {
  await bootstrapSession();
  const s = sessionStore.current();
  return s ? redirect(await resolveHome(s.user)) : null;
};

/** Login and role guard of the console: guest-users only ever see the client page. */
export const consoleGuard: LoaderFunction = async () => {
  const s = await requireSession();
  if (isGuest(s)) return redirect(paths.guestClient);
  if (!canReadConsole(s.user) && !s.user.isSupportEngineer) return redirect(paths.root);
  return null;
};

/** microzaccess-client is the guest-user's page and nobody else's (spec 000 §6). */
export const guestOnlyGuard: LoaderFunction = async () => {
  const s = await requireSession();
  return isGuest(s) ? null : redirect(paths.root);
};

export const superAdminGuard: LoaderFunction = async () => {
  const s = await requireSession();
  if (s.user.isSuperAdmin) return null;
  await endSession({ message: CATALOGUE.permissionDenied, autoClose: TIMING.permissionDeniedMs });
  return redirect(paths.auth.login);
};

/** The support desk: super admins and support engineers; anyone else goes home. */
export const supportDeskGuard: LoaderFunction = async () => {
  const s = await requireSession();
  return s.user.isSuperAdmin || s.user.isSupportEngineer ? null : redirect(paths.root);
};

/** Tenant-scoped pages need a tenant: a super admin who has not chosen one picks it first. */
export const tenantGuard: LoaderFunction = async () => {
  const s = await requireSession();
  if (s.user.isSuperAdmin && !tenantSelection.get()) {
    snack(CATALOGUE.selectTenant, { color: 'yellow', autoClose: TIMING.selectTenantSnackMs });
    return redirect(paths.superAdmin.tenant);
  }
  return null;
};

/** Subscription and active-dashboard guard of a product route (spec 000 §2.2, §6). */
export function productGuard(product: ProductKey): LoaderFunction {
  return async (args) => {
    // Route loaders run in parallel, so this one repeats the parent guards before asking the server.
    const gate = (await consoleGuard(args)) ?? (await tenantGuard(args));
    if (gate) return gate;
    const s = await requireSession();
    const access = await loadTenantAccess(s.user);
    if (access.kind === 'redirect') return redirect(access.to);
    if (access.kind === 'pending-logout') return null;
    if (!access.flags[product]) {
      snack(subscriptionMessages.notSubscribed(product), { color: 'red' });
      const first = firstSubscribedProduct(access.flags);
      return redirect(first ? paths.product.dashboard(first) : paths.auth.login);
    }
    activeDashboard.set(nextActiveDashboard(product, access.flags, activeDashboard.get()));
    return null;
  };
}

/**
 * Guards re-run on every navigation to a page (and on the same URL again), like the original's
 * route guards did. A change of the search params alone keeps the page, as the original's query
 * params did, and does not re-run them: the table's paging and the map's moves write the URL often,
 * and each run refetched the dashboard config.
 */
export const revalidateOnNavigation = ({ currentUrl, nextUrl, formMethod }: ShouldRevalidateFunctionArgs) =>
  formMethod !== undefined || currentUrl.pathname !== nextUrl.pathname || currentUrl.search === nextUrl.search;
