import { useCallback, useSyncExternalStore } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/paths';
import { storage } from './storage';
import { tenantSelection } from './tenant-selection';

export interface SelectedDevice {
  id: string;
  name: string;
}
export interface SelectedNetwork {
  id: string;
  networkName: string;
}

interface Snapshot {
  device: SelectedDevice | null;
  network: SelectedNetwork | null;
}

const listeners = new Set<() => void>();
let snapshot: Snapshot = read();

function read(): Snapshot {
  return { device: storage.selectedDevice(), network: storage.selectedNetwork() };
}

function emit() {
  snapshot = read();
  for (const l of listeners) l();
}

/**
 * The selected device and device group (spec 000 §2.19, §4 "Network selection"), kept in storage
 * so a reload or a new tab keeps them, and observable so the header and the dashboards agree.
 */
export const fleetSelection = {
  get: (): Snapshot => snapshot,
  selectDevice(device: SelectedDevice) {
    storage.setSelectedDevice(device);
    emit();
  },
  /** A device belongs to a group: choosing another group forgets the device. */
  selectNetwork(network: SelectedNetwork | null) {
    storage.setSelectedNetwork(network);
    storage.setSelectedDevice(null);
    emit();
  },
  subscribe(l: () => void) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
};

// A tenant switch (and logout) wipes the device and group from storage behind our back.
tenantSelection.subscribe(emit);

export function useSelectedDevice(): SelectedDevice | null {
  return useSyncExternalStore(fleetSelection.subscribe, () => fleetSelection.get().device);
}

/** The chosen device group's id, or null for 'All Device Groups'. */
export function useSelectedNetworkId(): string | null {
  return useSyncExternalStore(fleetSelection.subscribe, () => fleetSelection.get().network?.id ?? null);
}

export function useSelectedNetwork(): SelectedNetwork | null {
  return useSyncExternalStore(fleetSelection.subscribe, () => fleetSelection.get().network);
}

/**
 * Where choosing a device leads (spec 000 §2.19, 001 §2): back to the current page, except from a
 * dashboard or the tenant selection, which go to the device's own page.
 */
export function deviceChoiceTarget(product: 'sdwan' | 'ztna', current: { pathname: string; search: string }): string {
  const here = current.pathname;
  if (here.includes('dashboard') || here.includes('tenant-selection')) {
    return product === 'sdwan' ? paths.product.deviceStatus('sdwan') : paths.ztnaEndpointProfiles;
  }
  return `${here}${current.search}`;
}

/**
 * Choosing a device, the one way every control does it (the header picker, a marker on the map):
 * remember it, then go on through the loading page so the page that follows starts over with it.
 */
export function useChooseDevice(product: 'sdwan' | 'ztna'): (device: SelectedDevice) => void {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (device: SelectedDevice) => {
      fleetSelection.selectDevice({ id: device.id, name: device.name });
      const target = deviceChoiceTarget(product, location);
      navigate(paths.loading);
      setTimeout(() => navigate(target, { replace: true }), 0);
    },
    [navigate, location, product],
  );
}
