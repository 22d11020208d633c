import { useSyncExternalStore } from 'react';
import { useTenantScope } from '@/lib/tenant-scope';

/** The header's WAF edge and application, per tenant: an edge or application belongs to one tenant. */
interface Stored {
  tenant: string | null;
  edgeId: string | null;
  applicationId: string | null;
}

const KEY = 'wafSelection';
const EMPTY: Stored = { tenant: null, edgeId: null, applicationId: null };
const listeners = new Set<() => void>();

function read(): Stored {
  try {
    const raw = localStorage.getItem(KEY);
    return raw ? { ...EMPTY, ...(JSON.parse(raw) as Partial<Stored>) } : EMPTY;
  } catch {
    return EMPTY;
  }
}

let snapshot = read();

function write(next: Stored) {
  snapshot = next;
  localStorage.setItem(KEY, JSON.stringify(next));
  for (const l of listeners) l();
}

/**
 * Kept in storage like the SD-WAN device selection, so a reload or the side menu keeps the choice;
 * the pages take it as their default application and edge filter.
 */
export const wafSelection = {
  get: () => snapshot,
  choose(tenant: string | null, change: Partial<Pick<Stored, 'edgeId' | 'applicationId'>>) {
    const base = snapshot.tenant === tenant ? snapshot : { ...EMPTY, tenant };
    write({ ...base, ...change });
  },
  subscribe(l: () => void) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
};

/** The chosen edge and application of the tenant in scope (null: all). */
export function useWafSelection(): { edgeId: string | null; applicationId: string | null } {
  const tenant = useTenantScope();
  const s = useSyncExternalStore(wafSelection.subscribe, wafSelection.get);
  return s.tenant === tenant ? { edgeId: s.edgeId, applicationId: s.applicationId } : { edgeId: null, applicationId: null };
}

export function useChooseWaf() {
  const tenant = useTenantScope();
  return (change: Partial<Pick<Stored, 'edgeId' | 'applicationId'>>) => wafSelection.choose(tenant, change);
}
