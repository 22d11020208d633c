import { describe, expect, it } from 'vitest';
import { deviceRow } from '@/test/device-row';
import { clusterCountLabel, deviceMarkers, markerBounds, markerContentKey, markerSetKey } from './device-features';

describe('deviceMarkers', () => {
  it('makes one point per marker device, coloured by the domain rule', () => {
    const markers = deviceMarkers([
      deviceRow('a', { deviceStatus: 'running', latitude: 13, longitude: 80 }),
      deviceRow('b', { deviceStatus: 'error', latitude: 51.5, longitude: -0.12 }),
      deviceRow('c', { deviceStatus: 'online', latitude: 1, longitude: 2 }),
      deviceRow('d', { deviceStatus: 'offline', latitude: 3, longitude: 4 }),
      deviceRow('e', { deviceStatus: 'registered', latitude: 5, longitude: 6 }),
      deviceRow('f', { deviceStatus: 'running', geographicalZone: '0' }),
      deviceRow('g', { deviceStatus: 'running', latitude: null, longitude: null }),
    ]);
    expect(markers.features.map((f) => [f.properties.id, f.properties.color, f.properties.down])).toEqual([
      ['a', 'green', 0],
      ['b', 'red', 1],
      ['c', 'green', 0],
      ['d', 'red', 1],
    ]);
    // GeoJSON order is longitude, latitude.
    expect(markers.features[1]!.geometry.coordinates).toEqual([-0.12, 51.5]);
    expect(Object.keys(markers.features[0]!.properties)).toEqual(['id', 'color', 'down']);
  });

  it('bounds every marker, or none when there are none', () => {
    const markers = deviceMarkers([deviceRow('a', { latitude: 13, longitude: 80 }), deviceRow('b', { latitude: -33.9, longitude: 151.2 })]);
    expect(markerBounds(markers)).toEqual([80, -33.9, 151.2, 13]);
    expect(markerBounds(deviceMarkers([]))).toBeNull();
  });
});

describe('markerSetKey', () => {
  const a = deviceRow('a', { latitude: 13, longitude: 80 });
  const b = deviceRow('b', { latitude: 14, longitude: 81 });

  it('ignores order, status and position changes, so a live update does not refit the map', () => {
    const key = markerSetKey(deviceMarkers([a, b]));
    expect(markerSetKey(deviceMarkers([b, a]))).toBe(key);
    expect(markerSetKey(deviceMarkers([{ ...a, deviceStatus: 'error', latitude: 20 }, b]))).toBe(key);
  });

  it('changes when devices join or leave', () => {
    const key = markerSetKey(deviceMarkers([a, b]));
    expect(markerSetKey(deviceMarkers([a]))).not.toBe(key);
    expect(markerSetKey(deviceMarkers([a, b, deviceRow('c', { latitude: 1, longitude: 1 })]))).not.toBe(key);
  });
});

describe('markerContentKey', () => {
  const a = deviceRow('a', { deviceStatus: 'running', latitude: 13, longitude: 80 });
  const b = deviceRow('b', { deviceStatus: 'running', latitude: 14, longitude: 81 });

  it('stays the same when a live update changes only what the map does not draw', () => {
    const key = markerContentKey(deviceMarkers([a, b]));
    expect(markerContentKey(deviceMarkers([{ ...a, lastSeenTime: '2026-01-01T00:00:00Z', publicIp: '198.51.100.9' }, b]))).toBe(key);
  });

  it('changes with a marker’s colour, its position or the set of devices, so the map redraws then', () => {
    const key = markerContentKey(deviceMarkers([a, b]));
    expect(markerContentKey(deviceMarkers([{ ...a, deviceStatus: 'error' }, b]))).not.toBe(key);
    expect(markerContentKey(deviceMarkers([{ ...a, latitude: 13.5 }, b]))).not.toBe(key);
    expect(markerContentKey(deviceMarkers([a]))).not.toBe(key);
  });
});

describe('clusterCountLabel', () => {
  it('keeps small counts and shortens thousands to fit the circle', () => {
    expect([7, 999, 1000, 1234, 9999, 12_500].map(clusterCountLabel)).toEqual(['7', '999', '1k', '1.2k', '9.9k', '12k']);
  });
});
