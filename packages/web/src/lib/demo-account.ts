/**
 * The demo account event (spec 000 §2.17): a visitor signed in through the free-trial page. The
 * sign-in page raises it and the console, mounted after the navigation that follows, takes it
 * once to start the demo tour. It lives in session storage so it survives that navigation (and
 * is gone with the session: logout clears session storage).
 */
const KEY = 'demoAccountSignedInAt';
const listeners = new Set<() => void>();

export const demoAccount = {
  /** Raised by the free-trial sign-in. */
  announce(at: number = Date.now()) {
    sessionStorage.setItem(KEY, String(at));
    for (const l of listeners) l();
  },
  /** When the event happened, while it has not been taken; peeking twice is harmless (strict effects). */
  pending(): number | null {
    const at = Number(sessionStorage.getItem(KEY) ?? NaN);
    return Number.isFinite(at) ? at : null;
  },
  /** The demo tour has started: the event happens once. */
  take() {
    sessionStorage.removeItem(KEY);
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
