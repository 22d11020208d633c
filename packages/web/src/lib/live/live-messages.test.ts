import { describe, expect, it } from 'vitest';
import { mergeDeviceRows, parseLiveFrame } from './live-messages';
import { deviceRow } from '@/test/device-row';

describe('live messages', () => {
  it('a full deviceinfo list replaces the rows', () => {
    const current = [deviceRow('a'), deviceRow('b')];
    expect(mergeDeviceRows(current, [deviceRow('c')], false).map((r) => r.id)).toEqual(['c']);
  });

  it('a partial list updates rows by id in place and appends new devices', () => {
    const current = [deviceRow('a'), deviceRow('b'), deviceRow('c')];
    const merged = mergeDeviceRows(current, [deviceRow('b', { deviceStatus: 'error' }), deviceRow('d')], true);
    expect(merged.map((r) => r.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(merged[1]!.deviceStatus).toBe('error');
    // Untouched rows keep their identity, so memoised cells do not re-render.
    expect(merged[0]).toBe(current[0]);
  });

  it('a partial list before any full one is taken as the list', () => {
    expect(mergeDeviceRows(undefined, [deviceRow('a')], true).map((r) => r.id)).toEqual(['a']);
  });

  it('parses deviceinfo with its partial flag, tenantinfo, and ignores anything else', () => {
    const info = {
      devices: 1,
      links: 1,
      online_devices: 1,
      active_links: 1,
      inactive_links: 0,
      total_networks: 0,
      deployed_devices: 1,
      offline_devices: 0,
      users: 0,
      online_users: 0,
    };
    expect(parseLiveFrame(JSON.stringify({ deviceinfo: [deviceRow('a')], partial: true }))).toEqual([
      { kind: 'devices', rows: [deviceRow('a')], partial: true },
    ]);
    expect(parseLiveFrame(JSON.stringify({ tenantinfo: info }))).toEqual([{ kind: 'tenant-info', info }]);
    expect(parseLiveFrame('not json')).toEqual([]);
    expect(parseLiveFrame(JSON.stringify({ deviceinfo: [{ id: 1 }] }))).toEqual([]);
  });
});
