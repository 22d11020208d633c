import { MAP_VIEW } from '@netloom/domain';

/** Where the map looks: its centre and zoom. */
export interface MapViewport {
  lat: number;
  lng: number;
  zoom: number;
}

/** The query name of the map's view in the dashboard's URL: `?map=13.0827,80.2707,10`. */
const MAP_VIEW_PARAM = 'map';

/** The web map cannot show the poles: MapLibre keeps the centre within these latitudes. */
const MAX_LATITUDE = 85.051129;
const NUMBER = /^-?\d{1,3}(\.\d+)?$/;

/**
 * The viewport a URL asks for, or null for none (the map then fits the devices). Links are
 * typed and shared by hand, so anything unreadable or off the map is no viewport, not an error.
 */
export function viewportFromParams(params: URLSearchParams): MapViewport | null {
  const parts = (params.get(MAP_VIEW_PARAM) ?? '').split(',');
  if (parts.length !== 3 || !parts.every((p) => NUMBER.test(p))) return null;
  const [lat, lng, zoom] = parts.map(Number) as [number, number, number];
  if (Math.abs(lat) > MAX_LATITUDE || Math.abs(lng) > 180 || zoom < 0 || zoom > MAP_VIEW.maxZoom) return null;
  return { lat, lng, zoom };
}

/**
 * Writes the viewport into the params (none: the map fits the devices), leaving the page's other
 * params alone. Four decimals place the centre within about ten metres; two keep the zoom as the user left it.
 */
export function viewportToParams(view: MapViewport | null, base: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(base);
  if (!view) {
    next.delete(MAP_VIEW_PARAM);
    return next;
  }
  // Panning across the date line gives longitudes past ±180: the same place, one world over.
  const lng = ((((view.lng + 180) % 360) + 360) % 360) - 180;
  const lat = Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, view.lat));
  const zoom = Math.max(0, Math.min(MAP_VIEW.maxZoom, view.zoom));
  next.set(MAP_VIEW_PARAM, [lat.toFixed(4), lng.toFixed(4), zoom.toFixed(2)].map(trimZeros).join(','));
  return next;
}

const trimZeros = (n: string) => n.replace(/\.?0+$/, '').replace(/^-0$/, '0');
