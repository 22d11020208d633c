import { APP_UPDATE } from '@netloom/domain';

export interface ServiceWorkerHooks {
  /** A new worker took over this page (it activates itself): the page must reload onto it. */
  onNewVersion: () => void;
  /** Fetching or installing a new worker failed while the browser was online. */
  onUpdateFailed: () => void;
}

let registration: ServiceWorkerRegistration | undefined;
let requested = false;

/** Settles once a worker being installed is activated or discarded, or after `timeoutMs`. */
function settled(worker: ServiceWorker | null, timeoutMs: number): Promise<void> {
  if (!worker) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      if (worker.state === 'activated' || worker.state === 'redundant') resolve();
    };
    worker.addEventListener('statechange', done);
    setTimeout(resolve, timeoutMs);
    done();
  });
}

/**
 * Asks the server for a new service worker (sw.js is served with no-cache) and waits for a new one
 * to finish installing, so a reload that follows gets the new build's assets from the precache.
 */
export async function updateServiceWorker(hooks: Pick<ServiceWorkerHooks, 'onUpdateFailed'>, waitMs = 10_000): Promise<void> {
  if (!registration || !navigator.onLine) return;
  try {
    await registration.update();
  } catch {
    hooks.onUpdateFailed();
    return;
  }
  const incoming = registration.installing;
  await settled(incoming, waitMs);
  if (incoming?.state === 'redundant') hooks.onUpdateFailed();
}

/**
 * Registers the console's service worker (vite-plugin-pwa, autoUpdate: a new worker skips waiting and
 * claims the page) and checks for a new one every 5 minutes. Production builds only; once per page.
 */
export async function registerServiceWorker(hooks: ServiceWorkerHooks): Promise<void> {
  if (requested || !import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  requested = true;
  const { registerSW } = await import('virtual:pwa-register');
  registerSW({
    immediate: true,
    onNeedReload: hooks.onNewVersion,
    onRegisteredSW: (_url, reg) => {
      registration = reg;
      if (reg) setInterval(() => void updateServiceWorker(hooks), APP_UPDATE.checkIntervalMs);
    },
    // No worker (a private window, a browser without them): the console works, just without the cache.
    onRegisterError: (e: unknown) => console.warn('Service worker not registered', e),
  });
}

/** Runs `task` when the browser is idle, but no later than `latestAtMs` after the page started. */
export function whenIdle(task: () => void, latestAtMs: number): () => void {
  const timeout = Math.max(0, latestAtMs - performance.now());
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(task, Math.min(timeout, 1_000));
  return () => clearTimeout(id);
}
