import { AUTH_PATHS, REFRESH_TRANSPORT_HEADER, tokenPairSchema } from '@netloom/domain';
import { send } from '@/lib/http/transport';
import { isApiError } from '@/lib/http/api-error';
import { sessionStore } from './session-store';

/** Browsers ask for the refresh token as an httpOnly cookie so script can never read it. */
export const COOKIE_TRANSPORT = { [REFRESH_TRANSPORT_HEADER]: 'cookie' } as const;

/**
 * Another tab of this browser may have just rotated the shared refresh cookie: the server answers
 * refresh_race, and by now the cookie jar holds the new token, so one retry succeeds.
 */
export async function withRefreshRaceRetry<T>(exchange: () => Promise<T>): Promise<T> {
  try {
    return await exchange();
  } catch (e) {
    if (!isApiError(e) || e.code !== 'refresh_race') throw e;
    await new Promise((resolve) => setTimeout(resolve, 300));
    return exchange();
  }
}

let inflight: Promise<void> | null = null;

/** Trades the refresh cookie for a new access token; concurrent callers share one exchange. */
export function refreshAccessToken(): Promise<void> {
  inflight ??= (async () => {
    try {
      const body = await withRefreshRaceRetry(() => send(AUTH_PATHS.refresh, { method: 'POST', body: {}, headers: { ...COOKIE_TRANSPORT } }));
      const pair = tokenPairSchema.parse(body);
      sessionStore.updateAccess(pair.access, pair.access_expires_at);
    } finally {
      inflight = null;
    }
  })();
  return inflight;
}

// Renew this long before the access token expires, so an idle tab's next call still succeeds.
const LEAD_MS = 60_000;
const MIN_DELAY_MS = 5_000;
const RETRY_OFFLINE_MS = 30_000;

/** Keeps the in-memory access token fresh for as long as the session lives. Returns a stop function. */
export function startProactiveRefresh(): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let scheduledFor: number | null = null;

  const schedule = (delay: number) => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      refreshAccessToken().catch((e: unknown) => {
        // No answer: try again later. A refused refresh is left to the next API call, whose
        // token_not_valid answer runs the session part of the error catalogue.
        if (isApiError(e) && e.isConnectivity) schedule(RETRY_OFFLINE_MS);
      });
    }, delay);
  };

  const sync = () => {
    const s = sessionStore.current();
    if (!s) {
      clearTimeout(timer);
      scheduledFor = null;
      return;
    }
    if (scheduledFor === s.accessExpiresAt) return;
    scheduledFor = s.accessExpiresAt;
    schedule(Math.max(MIN_DELAY_MS, s.accessExpiresAt - Date.now() - LEAD_MS));
  };

  // Background tabs have their timers throttled: catch up as soon as the tab is seen again.
  const onVisible = () => {
    const s = sessionStore.current();
    if (document.visibilityState === 'visible' && s && s.accessExpiresAt - Date.now() < LEAD_MS) {
      refreshAccessToken().catch(() => {});
    }
  };

  const unsubscribe = sessionStore.subscribe(sync);
  document.addEventListener('visibilitychange', onVisible);
  sync();
  return () => {
    unsubscribe();
    document.removeEventListener('visibilitychange', onVisible);
    clearTimeout(timer);
  };
}
