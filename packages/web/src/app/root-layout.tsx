import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { ConnectivityWatch } from '@/features/connectivity/components/connectivity-watch';
import { startProactiveRefresh } from '@/lib/session/token-refresh';

/** Page-wide behaviour that lives as long as the app: token upkeep, connectivity and updates, cross-tab sign-in/out. */
export function RootLayout() {
  useEffect(() => startProactiveRefresh(), []);

  // Connectivity, app updates and the reload when another tab changes the signed-in user (spec 000 §4).
  return (
    <>
      <ConnectivityWatch />
      <Outlet />
    </>
  );
}
