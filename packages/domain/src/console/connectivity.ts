/**
 * Connectivity and app-update rules of the console (spec 000 §4 "Internet banner" and "App update",
 * 001 §4 and §8, §9 timings). Pure: the console's connectivity feature owns the timers and the DOM.
 */

export const CONNECTIVITY = {
  /** A healthy console asks the backend whether it is reachable this often. */
  checkIntervalMs: 30_000,
  /** Each consecutive failed check waits this much longer before the next one. */
  backoffStepMs: 10_000,
  /**
   * A backend check still unanswered after this long shows the slow-internet notice. The check is a
   * HEAD the server answers in milliseconds; 5 s is far past what a working link needs (users notice
   * a wait after about 1 s and give up on a page around 10 s) and well before the check is given up
   * (`checkTimeoutMs`), so the notice explains the wait while it is still going on.
   */
  slowCheckMs: 5_000,
  /** A check without any answer after this long counts as failed (the API's own request timeout). */
  checkTimeoutMs: 15_000,
  /** 'You are Offline!' stays this long. */
  offlineNoticeMs: 5_000,
  /** 'You're Online!' shows this long, then the page reloads. */
  onlineNoticeMs: 1_000,
  /**
   * A chunk that failed to load reloads the page once; another failure within this window means the
   * reload did not help (the server lacks the file), so the console stops reloading and says so.
   */
  chunkReloadGuardMs: 60_000,
} as const;

export const APP_UPDATE = {
  /** The service worker and version.json are both checked this often. */
  checkIntervalMs: 5 * 60_000,
  /** 'Updating application' shows this long before the reload. */
  reloadDelayMs: 1_000,
  /** An update prompt (failure notices) closes itself after this long. */
  promptAutoDismissMs: 30_000,
  /** The service worker registers once the app is stable, or after this long at the latest. */
  registerFallbackMs: 30_000,
  /** The file the build writes with its hash; the console fetches it with a timestamp query. */
  versionPath: '/version.json',
} as const;

/** Delay before the next backend check: 30 s, plus 10 s for every consecutive failed check. */
export function nextCheckDelayMs(consecutiveFailures: number): number {
  const failures = Math.max(0, Math.floor(consecutiveFailures));
  return CONNECTIVITY.checkIntervalMs + failures * CONNECTIVITY.backoffStepMs;
}

/** Whole seconds shown in 'Connecting in {n}s': rounded up, never below 0. */
export function secondsUntil(dueAt: number, now: number): number {
  return Math.max(0, Math.ceil((dueAt - now) / 1000));
}

export type VersionCheckOutcome = 'current' | 'reload' | 'stuck';

/**
 * What a fetched version.json hash means for a running console. A different hash reloads, once per
 * hash: if the console already reloaded for that hash and still runs another build, reloading again
 * would loop (a cached or half-deployed build), so the update is reported as failed instead.
 */
export function versionCheckOutcome(input: { builtIn: string; fetched: string; reloadedFor: string | null }): VersionCheckOutcome {
  if (input.fetched === input.builtIn) return 'current';
  return input.reloadedFor === input.fetched ? 'stuck' : 'reload';
}

/** A chunk-load failure reloads unless the last such reload was within the guard window. */
export function chunkReloadAllowed(lastReloadAt: number | null, now: number): boolean {
  return lastReloadAt === null || !(now - lastReloadAt < CONNECTIVITY.chunkReloadGuardMs);
}

/** Message texts of failed dynamic imports in Chromium, Firefox and Safari. */
const CHUNK_LOAD_MESSAGES = [/failed to fetch dynamically imported module/i, /error loading dynamically imported module/i, /importing a module script failed/i];

/** Whether an error is a module (chunk) that could not be loaded, as opposed to a bug in it. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return CHUNK_LOAD_MESSAGES.some((re) => re.test(message));
}
