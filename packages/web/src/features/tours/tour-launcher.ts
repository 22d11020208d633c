import type { TourId } from '@netloom/domain';

type Listener = (tour: TourId) => void;
const listeners = new Set<Listener>();

/**
 * Starts a tour from anywhere in the console (Quick Tour, the dashboard, the demo sign-in); the
 * tour host mounted in the console layout runs it, one tour at a time.
 */
export const tourLauncher = {
  start(tour: TourId) {
    for (const l of listeners) l(tour);
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
