import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { STORAGE_KEYS } from '@/lib/storage';
import { startProactiveRefresh } from '@/lib/session/token-refresh';

/** Page-wide behaviour that lives as long as the app: token upkeep, cross-tab sign-in/out. */
export function RootLayout() {
  useEffect(() => startProactiveRefresh(), []);

  useEffect(() => {
    // Another tab signed in or out (spec 000 §4): this tab's session is no longer the truth.
    const onStorage = (e: StorageEvent) => {
      if (e.key === STORAGE_KEYS.currentUser) window.location.reload();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  return <Outlet />;
}
