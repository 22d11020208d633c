import { APP_UPDATE, versionCheckOutcome } from '@netloom/domain';

/** The build's hash, compiled in by vite.config.ts (`define`); 'development' outside a build. */
declare const __APP_BUILD_HASH__: string;
export const BUILD_HASH: string = __APP_BUILD_HASH__;

// Session storage: which hash this tab already reloaded for, and which stuck update it reported.
const RELOADED_FOR_KEY = 'netloom:version-reloaded-for';
const REPORTED_KEY = 'netloom:version-stuck-reported';

/** The hash in /version.json, asked past every cache; null when there is no usable answer. */
export async function fetchServedHash(): Promise<string | null> {
  try {
    const res = await fetch(`${APP_UPDATE.versionPath}?t=${Date.now()}`, { cache: 'no-store' });
    if (!res.ok) return null;
    const body = (await res.json()) as { hash?: unknown };
    return typeof body.hash === 'string' && body.hash !== '' ? body.hash : null;
  } catch {
    return null;
  }
}

export interface VersionCheckDeps {
  builtIn: string;
  fetchHash: () => Promise<string | null>;
  /** A new build is served: take it over. */
  onNewVersion: () => void;
  /** The tab already reloaded for this build and still runs the old one. */
  onStuck: () => void;
}

/**
 * Spec 000 §4 "Version check": every 5 minutes version.json is fetched with a timestamp query; a hash
 * other than the built-in one reloads the page (once per hash, see versionCheckOutcome).
 */
export class VersionCheck {
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly deps: VersionCheckDeps) {}

  start(): void {
    this.timer ??= setInterval(() => void this.check(), APP_UPDATE.checkIntervalMs);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  async check(): Promise<void> {
    const fetched = await this.deps.fetchHash();
    // Offline or no version file (a development server): nothing to compare, the banner covers offline.
    if (fetched === null) return;
    const outcome = versionCheckOutcome({ builtIn: this.deps.builtIn, fetched, reloadedFor: sessionStorage.getItem(RELOADED_FOR_KEY) });
    if (outcome === 'reload') {
      sessionStorage.setItem(RELOADED_FOR_KEY, fetched);
      this.deps.onNewVersion();
    } else if (outcome === 'stuck' && sessionStorage.getItem(REPORTED_KEY) !== fetched) {
      sessionStorage.setItem(REPORTED_KEY, fetched);
      this.deps.onStuck();
    }
  }
}
