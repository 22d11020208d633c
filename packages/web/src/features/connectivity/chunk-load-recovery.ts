import { chunkReloadAllowed, isChunkLoadError } from '@netloom/domain';

const RELOADED_AT_KEY = 'netloom:chunk-reload-at';

export interface ChunkLoadRecoveryDeps {
  reload: () => void;
  /** The reload did not help: say so instead of reloading in a loop. */
  onUnrecoverable: () => void;
  now?: () => number;
  /** Whether the browser is online; offline, a chunk cannot load anyway and the reload on coming back does the work. */
  isOnline?: () => boolean;
}

/**
 * A part of the console that cannot be loaded (spec 001 §8 "Chunk-load failure": page reload) is
 * most often a new deployment that removed the old build's files: a reload fetches the new build.
 * Vite reports failed dynamic imports and their preloads as 'vite:preloadError'; a dynamic import
 * outside its helper surfaces as an unhandled rejection. One reload per minute, tracked in session
 * storage so it survives the reload itself. Not while the browser is offline: the console reloads
 * itself when it is back online ("You're Online!").
 */
export function installChunkLoadRecovery(deps: ChunkLoadRecoveryDeps): () => void {
  const now = deps.now ?? Date.now;
  let reported = false;
  const isOnline = deps.isOnline ?? (() => navigator.onLine);
  const recover = () => {
    // Reloading now would leave the browser's own offline page in place of the console.
    if (!isOnline()) return;
    const last = Number(sessionStorage.getItem(RELOADED_AT_KEY)) || null;
    if (chunkReloadAllowed(last, now())) {
      sessionStorage.setItem(RELOADED_AT_KEY, String(now()));
      deps.reload();
    } else if (!reported) {
      reported = true;
      deps.onUnrecoverable();
    }
  };
  const onPreloadError = () => recover();
  const onRejection = (e: PromiseRejectionEvent) => {
    if (isChunkLoadError(e.reason)) recover();
  };
  window.addEventListener('vite:preloadError', onPreloadError);
  window.addEventListener('unhandledrejection', onRejection);
  return () => {
    window.removeEventListener('vite:preloadError', onPreloadError);
    window.removeEventListener('unhandledrejection', onRejection);
  };
}
