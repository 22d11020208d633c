import { useSyncExternalStore } from 'react';
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
