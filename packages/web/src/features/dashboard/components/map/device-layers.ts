import type { ExpressionSpecification, GeoJSONSourceSpecification, LayerSpecification } from 'maplibre-gl';
import { MAP_VIEW } from '@netloom/domain';
import { MARKER_HEX, MIXED_CLUSTER_HEX } from './map-colors';

export const DEVICE_SOURCE = 'devices';
export const DEVICE_LAYER = 'device-markers';
export const CLUSTER_LAYER = 'device-clusters';

/**
 * MapLibre clusters in its worker (supercluster), so 10,000 devices draw as a few dozen circles
 * until the user zooms in. Past zoom 14 every device is its own marker.
 */
export function deviceSource(): GeoJSONSourceSpecification {
  return {
    type: 'geojson',
    data: { type: 'FeatureCollection', features: [] },
    cluster: true,
    clusterRadius: 50,
    clusterMaxZoom: 14,
    clusterProperties: { down: ['+', ['get', 'down']] },
  };
}

const count = ['get', 'point_count'] as unknown as ExpressionSpecification;
const down = ['get', 'down'] as unknown as ExpressionSpecification;

// No text layers: labels need glyph files from a server, and the map must work offline. A
// cluster tells its health by colour and its size by radius; cluster-labels.ts writes the count.
export const deviceLayers: LayerSpecification[] = [
  {
    id: CLUSTER_LAYER,
    type: 'circle',
    source: DEVICE_SOURCE,
    filter: ['has', 'point_count'],
    paint: {
      'circle-color': ['case', ['==', down, 0], MARKER_HEX.green, ['==', down, count], MARKER_HEX.red, MIXED_CLUSTER_HEX],
      'circle-radius': ['step', count, 16, 10, 20, 100, 26, 1000, 32],
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': 3,
      'circle-stroke-opacity': 0.85,
    },
  },
  {
    id: DEVICE_LAYER,
    type: 'circle',
    source: DEVICE_SOURCE,
    filter: ['!', ['has', 'point_count']],
    paint: {
      'circle-color': ['match', ['get', 'color'], 'red', MARKER_HEX.red, MARKER_HEX.green],
      // 30 px across (spec 000 §2.5).
      'circle-radius': MAP_VIEW.markerSizePx / 2,
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': 2,
    },
  },
];
