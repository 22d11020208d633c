import { useEffect } from 'react';
import { STORAGE_KEYS } from '@/lib/storage';

/**
 * Another tab signed in, out or as someone else (spec 000 §4: the current-user storage key
 * changed): this tab's session is no longer the truth, so it reloads.
 */
export function useReloadOnUserChange(reload: () => void): void {
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      // key null: the other tab cleared all of local storage, the user with it.
      if (e.key === STORAGE_KEYS.currentUser || e.key === null) reload();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [reload]);
}
