/**
 * Lets code outside React (the session error handler, logout) move the router without importing
 * the app layer: the router registers itself here when it is created.
 */
type Navigate = (to: string, opts?: { replace?: boolean }) => void;

let navigator: Navigate = (to) => window.location.assign(to);

export function registerNavigator(fn: Navigate) {
  navigator = fn;
}

export function navigateTo(to: string, opts?: { replace?: boolean }) {
  navigator(to, opts);
}
