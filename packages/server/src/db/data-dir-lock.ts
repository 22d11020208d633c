import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import lockfile from 'proper-lockfile';

/**
 * The embedded database has one user at a time, and nothing in PGlite stops a second one: a second
 * process opening the same folder (a server, a backup, a restore) reads half-written files and
 * writes over the first one's. Whoever opens it holds this lock, a folder beside the data
 * (`<DATA_DIR>/pglite.lock`) whose time the holder renews every few seconds: a holder that died
 * without letting go (kill -9, a power cut) leaves a lock that goes stale, and is taken over, after
 * STALE_MS.
 */
const STALE_MS = 30_000;
const UPDATE_MS = 5_000;

/** Another process holds the embedded database. */
export class DataDirInUse extends Error {
  constructor(readonly dataDir: string) {
    super(`The embedded database in ${dataDir} is in use by another process (a running server, a backup or a restore): stop it first.`);
  }
}

const lockPathOf = (dataDir: string) => `${path.resolve(dataDir)}.lock`;
const options = (dataDir: string) => ({ lockfilePath: lockPathOf(dataDir), realpath: false, stale: STALE_MS, update: UPDATE_MS });

export interface DataDirLockOptions {
  /**
   * How long to wait for a lock left by a process that died: a server restarted right after a crash
   * waits until that lock is stale instead of refusing. 0 (the default) refuses at once.
   */
  waitMs?: number;
  /** Told if the lock is lost while held (its folder removed, or taken over after the event loop was blocked past STALE_MS). */
  onLost?: (err: Error) => void;
}

/** Takes the lock of the embedded database in `dataDir`, or throws DataDirInUse. Returns the release. */
export async function lockDataDir(dataDir: string, opts: DataDirLockOptions = {}): Promise<() => Promise<void>> {
  await mkdir(path.dirname(path.resolve(dataDir)), { recursive: true });
  const waitMs = opts.waitMs ?? 0;
  const everyMs = 1_000;
  try {
    const release = await lockfile.lock(dataDir, {
      ...options(dataDir),
      retries: waitMs > 0 ? { retries: Math.ceil(waitMs / everyMs), factor: 1, minTimeout: everyMs, maxTimeout: everyMs } : 0,
      onCompromised: (err) => opts.onLost?.(err),
    });
    return async () => {
      await release().catch(() => undefined);
    };
  } catch (err) {
    if ((err as { code?: string }).code === 'ELOCKED') throw new DataDirInUse(dataDir);
    throw err;
  }
}
