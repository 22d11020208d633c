import { useEffect } from 'react';
import { DASHBOARD_TOUR_DELAY_MS, tourIsDue } from '@netloom/domain';
import { useCompleteTour, useTourState } from '@/features/tours/api/tour-state';
import { tourLauncher } from '@/features/tours/tour-launcher';
import { demoAccount } from '@/lib/demo-account';
import { useCurrentUser } from '@/lib/session/session-store';

/**
 * Spec 000 §2.7: a dashboard without devices starts its product's tour 1 s after it knows, unless
 * this user finished the tour's current version; starting marks it finished on the server, so
 * closing or skipping it does not bring it back. After a demo sign-in the demo tour, which shows
 * the same places, runs instead.
 */
export function useDashboardTour(product: 'sdwan' | 'ztna', noDevices: boolean): void {
  const userId = useCurrentUser()?.id;
  const state = useTourState(userId);
  const { mutate: complete } = useCompleteTour(userId);
  const due = state.data !== undefined && tourIsDue(state.data, product);

  useEffect(() => {
    if (!noDevices || !due) return;
    const timer = setTimeout(() => {
      if (demoAccount.pending() === null) tourLauncher.start(product, { auto: true });
      complete(product);
    }, DASHBOARD_TOUR_DELAY_MS);
    return () => clearTimeout(timer);
  }, [noDevices, due, product, complete]);
}
