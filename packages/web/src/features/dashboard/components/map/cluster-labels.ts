import { Marker, type Map as MapLibreMap } from 'maplibre-gl';
import { CLUSTER_LAYER, DEVICE_SOURCE } from './device-layers';
import { clusterCountLabel } from './device-features';

function labelElement(): HTMLDivElement {
  const el = document.createElement('div');
  // The circle underneath takes the hover and the click.
  el.style.pointerEvents = 'none';
  el.style.color = '#fff';
  el.style.font = '600 12px/1 var(--mantine-font-family, sans-serif)';
  el.style.textShadow = '0 0 2px rgba(0, 0, 0, 0.45)';
  return el;
}

/**
 * Cluster counts as small DOM labels, because text on the GPU needs glyph files from a server.
 * Only visible clusters get one (a few dozen at most, never one per device), updated once per
 * frame at most. Returns the function that removes them.
 */
export function attachClusterLabels(map: MapLibreMap): () => void {
  const labels = new Map<number, Marker>();
  let frame: number | null = null;

  const update = () => {
    frame = null;
    if (!map.getLayer(CLUSTER_LAYER) || !map.isSourceLoaded(DEVICE_SOURCE)) return;
    const seen = new Set<number>();
    for (const f of map.queryRenderedFeatures({ layers: [CLUSTER_LAYER] })) {
      const id = f.properties.cluster_id as number;
      if (seen.has(id) || f.geometry.type !== 'Point') continue;
      seen.add(id);
      const at = f.geometry.coordinates as [number, number];
      const label = labels.get(id) ?? new Marker({ element: labelElement() }).setLngLat(at).addTo(map);
      labels.set(id, label.setLngLat(at));
      label.getElement().textContent = clusterCountLabel(f.properties.point_count as number);
    }
    for (const [id, label] of labels) {
      if (seen.has(id)) continue;
      label.remove();
      labels.delete(id);
    }
  };
  const schedule = () => {
    frame ??= requestAnimationFrame(update);
  };

  map.on('render', schedule);
  return () => {
    map.off('render', schedule);
    if (frame !== null) cancelAnimationFrame(frame);
    for (const label of labels.values()) label.remove();
    labels.clear();
  };
}
