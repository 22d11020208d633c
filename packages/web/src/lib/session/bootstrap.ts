import { AUTH_PATHS, rememberMeResponseSchema, type Session } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { storage } from '@/lib/storage';
import { sessionStore } from './session-store';
import { withRefreshRaceRetry } from './token-refresh';

/** Makes a fresh login or restored session the current one. */
export function beginSession(session: Session) {
  sessionStore.start(session);
  // Other tabs watch this key and reload, so a login or logout here is seen everywhere.
  if (storage.currentUserId() !== session.user.id) storage.setCurrentUserId(session.user.id);
}

let boot: Promise<void> | null = null;

/**
 * Restores the session after a page load from the httpOnly refresh cookie (auth/remember-me/).
 * Runs once per page; any failure simply means nobody is logged in.
 */
export function bootstrapSession(): Promise<void> {
  boot ??= withRefreshRaceRetry(() => api.post(AUTH_PATHS.rememberMe, {}, rememberMeResponseSchema, { auth: false, cookieTransport: true }))
    .then((answer) => {
      if ('user' in answer) beginSession(answer);
      else sessionStore.clear();
    })
    .catch(() => {
      // A refused cookie and an unreachable server both leave the visitor on the login page.
      sessionStore.clear();
    });
  return boot;
}
