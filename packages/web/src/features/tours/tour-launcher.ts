import type { TourId } from '@netloom/domain';

/** `auto`: started by the console rather than asked for; it gives way to a tour already running. */
type Listener = (tour: TourId, auto: boolean) => void;
const listeners = new Set<Listener>();

/**
 * Starts a tour from anywhere in the console (Quick Tour, the dashboard, the demo sign-in); the
 * tour host mounted in the console layout runs it, one tour at a time.
 */
export const tourLauncher = {
  start(tour: TourId, opts: { auto?: boolean } = {}) {
    for (const l of listeners) l(tour, opts.auto ?? false);
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
