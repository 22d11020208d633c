import { safe } from './util.ts';

/**
 * Calls `changed` after every client-side navigation that changes the path: history.pushState and
 * replaceState (what SPA routers call) and popstate (back and forward). A query or fragment change is
 * the same page.
 */
export function observeRouteChanges(changed: () => void): void {
  let last = location.pathname;
  const check = safe(() => {
    if (location.pathname === last) return;
    last = location.pathname;
    changed();
  });
  for (const method of ['pushState', 'replaceState'] as const) {
    const original = history[method];
    history[method] = function (this: History, ...args: Parameters<History['pushState']>) {
      const result = original.apply(this, args);
      check();
      return result;
    };
  }
  addEventListener('popstate', check);
}
