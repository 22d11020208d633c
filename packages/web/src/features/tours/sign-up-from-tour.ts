import { SIGN_UP_NAVIGATION_DELAY_MS } from '@netloom/domain';
import { endSession } from '@/lib/session/logout';
import { navigateTo } from '@/lib/navigation';
import { paths } from '@/paths';

/**
 * Sign Up in the free-trial dialog: a moment later (spec 001 §9) the demo session ends, as Log out
 * ends it, and the visitor lands on sign-up. Not tied to a component: the console unmounts on the way.
 */
export function signUpFromTour(): void {
  setTimeout(() => {
    void endSession().then(() => navigateTo(paths.auth.signUp, { replace: true }));
  }, SIGN_UP_NAVIGATION_DELAY_MS);
}
