import type { FeatureCollection, Point } from 'geojson';
import { markerColor, type DeviceRow } from '@netloom/domain';

/** What each marker carries to the GPU: the id to look the row up on hover, and its colour. */
interface DeviceMarkerProps {
  id: string;
  color: 'green' | 'red';
  /** 1 when failing: summed per cluster so a cluster shows whether any device in it is down. */
  down: 0 | 1;
}

export type DeviceMarkers = FeatureCollection<Point, DeviceMarkerProps>;

/**
 * Markers for devices already checked by the domain's `devicesOnMap`. Only the id and colour go
 * into the source: it is copied to MapLibre's worker on every live update, so 10,000 rows of
 * names and addresses would be copied for nothing; the popup reads the row by id instead.
 */
export function deviceMarkers(devices: readonly DeviceRow[]): DeviceMarkers {
  const features: DeviceMarkers['features'] = [];
  for (const d of devices) {
    const color = markerColor(d);
    if (color === null || d.latitude === null || d.longitude === null) continue;
    features.push({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [d.longitude, d.latitude] },
      properties: { id: d.id, color, down: color === 'red' ? 1 : 0 },
    });
  }
  return { type: 'FeatureCollection', features };
}

/** [west, south, east, north] around every marker, or null with none. */
export function markerBounds(markers: DeviceMarkers): [number, number, number, number] | null {
  if (markers.features.length === 0) return null;
  let [w, s, e, n] = [180, 90, -180, -90];
  for (const { geometry } of markers.features) {
    const [lng, lat] = geometry.coordinates as [number, number];
    w = Math.min(w, lng);
    e = Math.max(e, lng);
    s = Math.min(s, lat);
    n = Math.max(n, lat);
  }
  return [w, s, e, n];
}

/**
 * A cheap fingerprint of which devices are on the map, independent of order and of status or
 * position changes: the map refits only when this changes (another device group, devices added
 * or removed), never on a live update, which would yank the view from under the user.
 */
export function markerSetKey(markers: DeviceMarkers): string {
  let sum = 0;
  let xor = 0;
  for (const { properties } of markers.features) {
    const h = fnv1a(properties.id);
    sum = (sum + h) >>> 0;
    xor = (xor ^ h) >>> 0;
  }
  return `${markers.features.length}:${sum}:${xor}`;
}

/**
 * A fingerprint of everything the source draws (each marker's id, colour and position, in order).
 * Most live updates change what the table shows (last seen, addresses, counters) but no marker;
 * handing MapLibre the same markers again would re-cluster them and redraw the map for nothing.
 */
export function markerContentKey(markers: DeviceMarkers): string {
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193;
  for (const { properties, geometry } of markers.features) {
    const [lng, lat] = geometry.coordinates as [number, number];
    const h = fnv1a(`${properties.id}|${properties.color}|${lng}|${lat}`);
    h1 = Math.imul(h1 ^ h, 0x01000193) >>> 0;
    h2 = (Math.imul(h2, 31) + h) >>> 0;
  }
  return `${markers.features.length}:${h1}:${h2}`;
}

function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** 1,234 devices read as 1.2k: the label has to fit in the smallest cluster circle. */
export function clusterCountLabel(count: number): string {
  if (count < 1000) return String(count);
  const thousands = count / 1000;
  return `${thousands < 10 ? Math.floor(thousands * 10) / 10 : Math.floor(thousands)}k`;
}
