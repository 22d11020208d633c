import { markerColor, type StatusInput } from './device-status';

/** The map card's notice for devices whose coordinates cannot be drawn (spec 001 §8). */
export const INVALID_COORDINATES_TEXT = 'Invalid latitude or longitude values';

/** Default view of the map card (spec 000 §2.5). */
export const MAP_VIEW = {
  center: { lat: 13.0827, lng: 80.2707 },
  zoom: 10,
  maxZoom: 20,
  markerSizePx: 30,
  /**
   * How long the map may take to start before the card says it is slow (spec 000 §9 'map init
   * wait'). It keeps waiting: on a busy machine MapLibre can need longer, and giving up there left
   * a failed map where a late one would have come.
   */
  initWaitMs: 10_000,
} as const;

/** A latitude in [-90, 90] and a longitude in [-180, 180], both finite numbers. */
export function isValidLatLng(lat: unknown, lng: unknown): boolean {
  return typeof lat === 'number' && typeof lng === 'number' && Number.isFinite(lat) && Number.isFinite(lng) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180;
}

export interface MappableDevice extends StatusInput {
  latitude: number | null | undefined;
  longitude: number | null | undefined;
  geographicalZone?: string | null;
}

export interface DevicesOnMap<T> {
  /** Devices that get a marker: a green or red status and valid coordinates. */
  onMap: T[];
  /** Devices that would get a marker but whose coordinates are out of range or not numbers. */
  invalid: T[];
}

/**
 * Splits devices into those drawn on the map and those with bad coordinates. A device without a
 * position (null) is neither: it has simply not reported one yet. Exactly 0,0 counts as no
 * position too: agents without a location fix send it, and a marker in the Gulf of Guinea would
 * mislead more than help.
 */
export function devicesOnMap<T extends MappableDevice>(devices: readonly T[]): DevicesOnMap<T> {
  const onMap: T[] = [];
  const invalid: T[] = [];
  for (const d of devices) {
    if (markerColor(d) === null) continue;
    const { latitude: lat, longitude: lng } = d;
    if (lat === null || lat === undefined || lng === null || lng === undefined) continue;
    if (lat === 0 && lng === 0) continue;
    if (isValidLatLng(lat, lng)) onMap.push(d);
    else invalid.push(d);
  }
  return { onMap, invalid };
}
