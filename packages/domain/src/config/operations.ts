import type { OperationDeviceState } from '../api/config-templates';

/** Statuses of a device whose management connection is up (spec 000 §2.4: running and modified gateways, connected and online endpoints). */
const REACHABLE = new Set(['running', 'modified', 'connected', 'online']);

export interface OperationDeviceInput {
  outcome: 'pushed' | 'unchanged' | 'invalid';
  jobState: string | null;
  deviceStatus: string;
}

/**
 * Where one device of a bulk push stands: a push not yet sent waits for an offline device's
 * next connection; a push replaced by a newer revision before the device took it is superseded.
 */
export function operationDeviceState(d: OperationDeviceInput): OperationDeviceState {
  if (d.outcome !== 'pushed') return d.outcome;
  switch (d.jobState) {
    case 'done':
      return 'synced';
    case 'failed':
      return 'failed';
    case 'sent':
      return 'syncing';
    case 'cancelled':
      return 'superseded';
    default:
      return REACHABLE.has(d.deviceStatus.toLowerCase()) ? 'queued' : 'offline';
  }
}

/** An operation is done when no device has a push on its way; an offline device's push waits, so it counts as open. */
export const operationDone = (states: OperationDeviceState[]) => !states.some((s) => s === 'queued' || s === 'syncing' || s === 'offline');
