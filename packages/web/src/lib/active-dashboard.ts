import { useSyncExternalStore } from 'react';
import type { ProductKey } from '@netloom/domain';
import { storage } from './storage';

const listeners = new Set<() => void>();
let active: ProductKey | null = storage.activeDashboard();

/** The product whose console is open (spec 000 §3 productDashboard.activeDashboard). */
export const activeDashboard = {
  get: (): ProductKey | null => active,
  set(key: ProductKey | null) {
    if (key === active) return;
    active = key;
    storage.setActiveDashboard(key);
    for (const l of listeners) l();
  },
  subscribe(l: () => void) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
};

export function useActiveDashboard(): ProductKey | null {
  return useSyncExternalStore(activeDashboard.subscribe, activeDashboard.get);
}
