import { describe, expect, it } from 'vitest';
import { devicesOnMap, isValidLatLng } from './geo';

const seen = '2026-11-21T10:00:00Z';
const dev = (id: string, latitude: number | null, longitude: number | null, deviceStatus = 'running', geographicalZone: string | null = null) => ({
  id,
  deviceStatus,
  lastSeenTime: seen,
  latitude,
  longitude,
  geographicalZone,
});

describe('isValidLatLng', () => {
  it('accepts finite coordinates in range, edges included', () => {
    expect(isValidLatLng(13.0827, 80.2707)).toBe(true);
    expect(isValidLatLng(-90, 180)).toBe(true);
    expect(isValidLatLng(90, -180)).toBe(true);
  });

  it('refuses out-of-range, NaN, infinite and non-numbers', () => {
    expect(isValidLatLng(90.1, 0)).toBe(false);
    expect(isValidLatLng(0, -180.5)).toBe(false);
    expect(isValidLatLng(Number.NaN, 10)).toBe(false);
    expect(isValidLatLng(10, Number.POSITIVE_INFINITY)).toBe(false);
    expect(isValidLatLng('13', 80)).toBe(false);
    expect(isValidLatLng(null, 80)).toBe(false);
  });
});

describe('devicesOnMap', () => {
  it('keeps marker devices with valid positions and reports bad ones', () => {
    const { onMap, invalid } = devicesOnMap([dev('a', 13, 80), dev('b', 200, 80), dev('c', Number.NaN, 1), dev('d', 48.8, 2.35, 'offline')]);
    expect(onMap.map((d) => d.id)).toEqual(['a', 'd']);
    expect(invalid.map((d) => d.id)).toEqual(['b', 'c']);
  });

  it('leaves out devices without a position, without calling them invalid', () => {
    const { onMap, invalid } = devicesOnMap([dev('a', null, null), dev('b', 10, null), dev('c', 0, 0)]);
    expect(onMap).toEqual([]);
    expect(invalid).toEqual([]);
  });

  it('draws no marker, and so raises no notice, for statuses without a colour or zone 0', () => {
    const { onMap, invalid } = devicesOnMap([
      dev('a', 13, 80, 'registered'),
      dev('b', 999, 80, 'registered'),
      dev('c', 13, 80, 'running', '0'),
      { ...dev('d', 13, 80), lastSeenTime: null },
    ]);
    expect(onMap).toEqual([]);
    expect(invalid).toEqual([]);
  });
});
