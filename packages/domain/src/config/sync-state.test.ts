import { describe, expect, it } from 'vitest';
import { configSyncState, type ConfigSyncInput } from './sync-state';

const base: ConfigSyncInput = { desiredHash: 'new', ackedHash: 'new', reportedHash: 'new', pushInFlight: false, lastError: null };

describe('configuration sync state', () => {
  it.each<[Partial<ConfigSyncInput>, string]>([
    [{ desiredHash: null }, 'unconfigured'],
    [{ pushInFlight: true, reportedHash: 'old' }, 'syncing'],
    [{ lastError: 'table full', reportedHash: 'old' }, 'failed'],
    [{}, 'synced'],
    [{ reportedHash: 'changed-by-hand' }, 'drifted'],
    [{ reportedHash: 'changed-by-hand', ackedHash: null }, 'drifted'],
    [{ reportedHash: null }, 'syncing'],
    [{ reportedHash: 'old', ackedHash: 'old' }, 'syncing'],
  ])('%o is %s', (input, state) => {
    expect(configSyncState({ ...base, ...input })).toBe(state);
  });
});
