import type { StyleSpecification } from 'maplibre-gl';
import type { FeatureCollection } from 'geojson';
import { BASEMAP_HEX } from './map-colors';

export const LAND_SOURCE = 'land';
export const BORDER_SOURCE = 'borders';
export const COAST_SOURCE = 'coasts';

const EMPTY: FeatureCollection = { type: 'FeatureCollection', features: [] };

export interface MapStyleInput {
  /** A raster tile URL template ({z}/{x}/{y}); when set it replaces the offline basemap. */
  tileUrl?: string | null;
  tileAttribution?: string | null;
}

/**
 * The map's style. By default an offline basemap that needs no server: water as the background,
 * land and country borders as GeoJSON sources filled in once the bundled atlas is loaded (so the
 * map starts at once). No glyphs or sprites: both would need a server, and no layer uses them.
 */
export function buildMapStyle({ tileUrl, tileAttribution }: MapStyleInput = {}): StyleSpecification {
  if (tileUrl) {
    return {
      version: 8,
      sources: {
        tiles: { type: 'raster', tiles: [tileUrl], tileSize: 256, maxzoom: 19, ...(tileAttribution ? { attribution: tileAttribution } : {}) },
      },
      layers: [{ id: 'tiles', type: 'raster', source: 'tiles' }],
    };
  }
  return {
    version: 8,
    sources: {
      [LAND_SOURCE]: { type: 'geojson', data: EMPTY },
      [BORDER_SOURCE]: { type: 'geojson', data: EMPTY },
      [COAST_SOURCE]: { type: 'geojson', data: EMPTY },
    },
    layers: [
      { id: 'water', type: 'background', paint: { 'background-color': BASEMAP_HEX.water } },
      { id: 'land', type: 'fill', source: LAND_SOURCE, paint: { 'fill-color': BASEMAP_HEX.land } },
      { id: 'coast', type: 'line', source: COAST_SOURCE, paint: { 'line-color': BASEMAP_HEX.coast, 'line-width': 0.6 } },
      { id: 'borders', type: 'line', source: BORDER_SOURCE, paint: { 'line-color': BASEMAP_HEX.border, 'line-width': 0.8, 'line-dasharray': [3, 2] } },
    ],
  };
}

/** The tile URL from the build's environment; empty means the offline basemap. */
export function configuredTiles(env: Record<string, unknown> = import.meta.env): MapStyleInput {
  const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
  return { tileUrl: text(env.VITE_MAP_TILE_URL), tileAttribution: text(env.VITE_MAP_TILE_ATTRIBUTION) };
}
