import { useSyncExternalStore } from 'react';
import type { User } from '@netloom/domain';
import { storage, type SelectedTenant } from './storage';

const listeners = new Set<() => void>();
let snapshot: SelectedTenant | null = storage.selectedTenant();

function emit() {
  snapshot = storage.selectedTenant();
  for (const l of listeners) l();
}

/** The tenant a super admin works on (spec 000 §6); other users are bound to their own. */
export const tenantSelection = {
  get: (): SelectedTenant | null => snapshot,
  select(t: SelectedTenant) {
    storage.setSelectedTenant(t);
    // A device or network belongs to the previous tenant.
    storage.clearDeviceAndNetwork();
    emit();
  },
  /** Forgets the tenant (e.g. it was just deleted): the super admin chooses again. */
  clear() {
    storage.clearSelectedTenant();
    storage.clearDeviceAndNetwork();
    emit();
  },
  /** Called after storage was wiped (logout) so subscribers see it. */
  refresh: emit,
  subscribe(l: () => void) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
};

export function useSelectedTenant(): SelectedTenant | null {
  return useSyncExternalStore(tenantSelection.subscribe, tenantSelection.get);
}

/** The tenant every tenant-scoped call is about, or null for a super admin who has not chosen. */
export function tenantIdFor(user: User, selected: SelectedTenant | null): string | null {
  return user.isSuperAdmin ? (selected?.id ?? null) : user.tenantId;
}
