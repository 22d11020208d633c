import type { ProductKey } from '@netloom/domain';
import { isProductKey } from '@netloom/domain';

/**
 * Client state that survives a reload (spec 000 §3 "Local storage items"). Only selections live
 * here: the access token never does, and the server stays the authority on everything else.
 */
export const STORAGE_KEYS = {
  tenant: 'tenant',
  tenantName: 'tenantName',
  tenantId: 'tenantID',
  isTenantSelected: 'isTenantSelected',
  selectedDevice: 'selectedDevice',
  selectedNetwork: 'selectedNetwork',
  currentUser: 'currentUser',
  activeDashboard: 'activeDashboard',
  dashboardConfig: 'dashboard-config',
} as const;

function read<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? null : (JSON.parse(raw) as T);
  } catch {
    return null;
  }
}

function write(key: string, value: unknown) {
  localStorage.setItem(key, JSON.stringify(value));
}

export interface SelectedTenant {
  id: string;
  tenantname: string;
}

export const storage = {
  selectedTenant(): SelectedTenant | null {
    return read<SelectedTenant>(STORAGE_KEYS.tenant);
  },
  setSelectedTenant(t: SelectedTenant) {
    write(STORAGE_KEYS.tenant, t);
    write(STORAGE_KEYS.tenantName, t.tenantname);
    write(STORAGE_KEYS.tenantId, t.id);
    write(STORAGE_KEYS.isTenantSelected, true);
  },
  clearSelectedTenant() {
    for (const key of [STORAGE_KEYS.tenant, STORAGE_KEYS.tenantName, STORAGE_KEYS.tenantId, STORAGE_KEYS.isTenantSelected]) {
      localStorage.removeItem(key);
    }
  },
  selectedDevice(): { id: string; name: string } | null {
    return read(STORAGE_KEYS.selectedDevice);
  },
  setSelectedDevice(device: { id: string; name: string } | null) {
    if (device) write(STORAGE_KEYS.selectedDevice, device);
    else localStorage.removeItem(STORAGE_KEYS.selectedDevice);
  },
  /** The device group (network) the SD-WAN console is narrowed to; null is 'All Device Groups'. */
  selectedNetwork(): { id: string; networkName: string } | null {
    return read(STORAGE_KEYS.selectedNetwork);
  },
  setSelectedNetwork(network: { id: string; networkName: string } | null) {
    if (network?.id) write(STORAGE_KEYS.selectedNetwork, network);
    else localStorage.removeItem(STORAGE_KEYS.selectedNetwork);
  },
  clearDeviceAndNetwork() {
    localStorage.removeItem(STORAGE_KEYS.selectedDevice);
    localStorage.removeItem(STORAGE_KEYS.selectedNetwork);
  },
  activeDashboard(): ProductKey | null {
    const v = read<string>(STORAGE_KEYS.activeDashboard);
    return isProductKey(v ?? undefined) ? (v as ProductKey) : null;
  },
  setActiveDashboard(key: ProductKey | null) {
    if (key) write(STORAGE_KEYS.activeDashboard, key);
    else localStorage.removeItem(STORAGE_KEYS.activeDashboard);
  },
  currentUserId(): string | null {
    return read<string>(STORAGE_KEYS.currentUser);
  },
  setCurrentUserId(id: string) {
    write(STORAGE_KEYS.currentUser, id);
  },
  /** Logout forgets every selection (spec 000 §4 Logout). */
  clearAll() {
    for (const key of Object.values(STORAGE_KEYS)) localStorage.removeItem(key);
    sessionStorage.clear();
  },
};
