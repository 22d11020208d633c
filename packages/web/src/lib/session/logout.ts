import { AUTH_PATHS } from '@netloom/domain';
import { notifications } from '@mantine/notifications';
import { modals } from '@mantine/modals';
import { send } from '@/lib/http/transport';
import { snack } from '@/lib/notify';
import { storage } from '@/lib/storage';
import { queryClient } from '@/lib/query-client';
import { navigateTo } from '@/lib/navigation';
import { paths } from '@/paths';
import { sessionStore } from './session-store';
import { tenantSelection } from '@/lib/tenant-selection';
import { activeDashboard } from '@/lib/active-dashboard';
import { COOKIE_TRANSPORT } from './token-refresh';

// The server call only revokes the refresh token; the user must not wait long for it (spec: ignored).
const LOGOUT_CALL_WAIT_MS = 2_000;

export interface EndSessionOptions {
  /** Shown after everything else is dismissed, e.g. 'Permission Denied'. */
  message?: string;
  autoClose?: number;
}

/**
 * Ends the session locally and on the server (spec 000 §4 Logout). Never fails: the user is
 * logged out of this browser whatever the server says.
 */
export async function endSession(opts: EndSessionOptions = {}): Promise<void> {
  const access = sessionStore.current()?.access;
  sessionStore.clear();
  storage.clearAll();
  tenantSelection.refresh();
  activeDashboard.set(null);
  notifications.clean();
  modals.closeAll();
  const call = send(AUTH_PATHS.logout, {
    method: 'POST',
    body: {},
    retries: 0,
    headers: { ...COOKIE_TRANSPORT, ...(access ? { Authorization: `Bearer ${access}` } : {}) },
  }).catch(() => undefined);
  await Promise.race([call, new Promise((r) => setTimeout(r, LOGOUT_CALL_WAIT_MS))]);
  // After the await: screens still mounted have seen the anonymous session and disabled their queries.
  queryClient.clear();
  if (opts.message) snack(opts.message, { color: 'red', autoClose: opts.autoClose });
}

/** Logout from anywhere in the UI: end the session and show the login page. */
export async function logout(opts: EndSessionOptions = {}): Promise<void> {
  await endSession(opts);
  navigateTo(paths.auth.login, { replace: true });
}
