import { useSyncExternalStore } from 'react';
import type { Session, User } from '@netloom/domain';

/**
 * The signed-in session. The access token lives only in memory (never in storage), so a page
 * reload restores the session through the httpOnly refresh cookie (auth/remember-me/).
 */
export interface ActiveSession {
  access: string;
  accessExpiresAt: number;
  remember: boolean;
  user: User;
}

export type SessionState = { status: 'unknown' } | { status: 'anonymous' } | { status: 'authenticated'; session: ActiveSession };

let state: SessionState = { status: 'unknown' };
const listeners = new Set<() => void>();

function emit(next: SessionState) {
  state = next;
  for (const l of listeners) l();
}

export const sessionStore = {
  get: (): SessionState => state,
  current: (): ActiveSession | null => (state.status === 'authenticated' ? state.session : null),
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  start(session: Session) {
    emit({
      status: 'authenticated',
      session: {
        access: session.access,
        accessExpiresAt: Date.parse(session.access_expires_at),
        remember: session.remember,
        user: session.user,
      },
    });
  },
  updateAccess(access: string, expiresAt: string) {
    if (state.status !== 'authenticated') return;
    emit({ status: 'authenticated', session: { ...state.session, access, accessExpiresAt: Date.parse(expiresAt) } });
  },
  updateUser(user: User) {
    if (state.status !== 'authenticated') return;
    emit({ status: 'authenticated', session: { ...state.session, user } });
  },
  clear() {
    emit({ status: 'anonymous' });
  },
};

function useSessionState(): SessionState {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get);
}

/** For components under the login guard, where a session always exists. */
export function useCurrentUser(): User | null {
  const s = useSessionState();
  return s.status === 'authenticated' ? s.session.user : null;
}
