import { useEffect, useMemo, useRef, useState } from 'react';
import { Popup, type GeoJSONSource, type Map as MapLibreMap, type MapLayerMouseEvent } from 'maplibre-gl';
import type { DeviceRow } from '@netloom/domain';
import { CLUSTER_LAYER, DEVICE_LAYER, DEVICE_SOURCE, deviceLayers, deviceSource } from './device-layers';
import { deviceMarkers, markerContentKey, type DeviceMarkers } from './device-features';
import { clusterPopupContent, devicePopupContent } from './device-popup';
import { attachClusterLabels } from './cluster-labels';

interface Options {
  onSelectDevice?: (id: string) => void;
  timezone?: string | null;
}

/**
 * Draws the devices on a loaded map and keeps them current: each change of `devices` replaces
 * the source's data in place (no flicker, no new map). Returns the markers drawn.
 */
export function useDeviceMarkers(map: MapLibreMap | null, devices: readonly DeviceRow[], { onSelectDevice, timezone }: Options): DeviceMarkers {
  const markers = useSameMarkers(useMemo(() => deviceMarkers(devices), [devices]));
  const rows = useMemo(() => new Map(devices.map((d) => [d.id, d])), [devices]);
  const latest = useRef({ rows, onSelectDevice, timezone, hovered: null as string | null });
  const popup = useRef<Popup | null>(null);

  useEffect(() => {
    latest.current.rows = rows;
    latest.current.onSelectDevice = onSelectDevice;
    latest.current.timezone = timezone;
  });

  // Layers and listeners, once per map.
  useEffect(() => {
    if (!map) return;
    map.addSource(DEVICE_SOURCE, deviceSource());
    for (const layer of deviceLayers) map.addLayer(layer);
    const detachLabels = attachClusterLabels(map);
    const card = new Popup({ closeButton: false, closeOnClick: false, offset: 18, maxWidth: '280px' });
    popup.current = card;
    const canvas = map.getCanvas();

    const hoverDevice = (e: MapLayerMouseEvent) => {
      const feature = e.features?.[0];
      const id = feature?.properties?.id as string | undefined;
      const row = id ? latest.current.rows.get(id) : undefined;
      if (!feature || !row || feature.geometry.type !== 'Point') return;
      canvas.style.cursor = 'pointer';
      if (latest.current.hovered === id && card.isOpen()) return;
      latest.current.hovered = row.id;
      card
        .setLngLat(feature.geometry.coordinates as [number, number])
        .setDOMContent(devicePopupContent(row, latest.current.timezone))
        .addTo(map);
    };
    const hoverCluster = (e: MapLayerMouseEvent) => {
      const feature = e.features?.[0];
      if (!feature || feature.geometry.type !== 'Point') return;
      canvas.style.cursor = 'pointer';
      latest.current.hovered = null;
      const props = feature.properties as { point_count: number; down: number };
      card
        .setLngLat(feature.geometry.coordinates as [number, number])
        .setDOMContent(clusterPopupContent(props.point_count, props.down))
        .addTo(map);
    };
    const leave = () => {
      canvas.style.cursor = '';
      latest.current.hovered = null;
      card.remove();
    };
    const selectDevice = (e: MapLayerMouseEvent) => {
      const id = e.features?.[0]?.properties?.id as string | undefined;
      if (id) latest.current.onSelectDevice?.(id);
    };
    const zoomIntoCluster = (e: MapLayerMouseEvent) => {
      const feature = e.features?.[0];
      if (!feature || feature.geometry.type !== 'Point') return;
      const center = feature.geometry.coordinates as [number, number];
      map
        .getSource<GeoJSONSource>(DEVICE_SOURCE)
        ?.getClusterExpansionZoom(feature.properties?.cluster_id as number)
        // The user's event goes with the move, so it counts as the user's view (useViewportReport).
        .then((zoom) => map.easeTo({ center, zoom }, { originalEvent: e.originalEvent }))
        // The cluster can be gone by the time the worker answers (a live update re-clustered).
        .catch(() => undefined);
    };

    map.on('mousemove', DEVICE_LAYER, hoverDevice);
    map.on('mousemove', CLUSTER_LAYER, hoverCluster);
    map.on('mouseleave', DEVICE_LAYER, leave);
    map.on('mouseleave', CLUSTER_LAYER, leave);
    map.on('click', DEVICE_LAYER, selectDevice);
    map.on('click', CLUSTER_LAYER, zoomIntoCluster);
    return () => {
      detachLabels();
      card.remove();
      popup.current = null;
      map.off('mousemove', DEVICE_LAYER, hoverDevice);
      map.off('mousemove', CLUSTER_LAYER, hoverCluster);
      map.off('mouseleave', DEVICE_LAYER, leave);
      map.off('mouseleave', CLUSTER_LAYER, leave);
      map.off('click', DEVICE_LAYER, selectDevice);
      map.off('click', CLUSTER_LAYER, zoomIntoCluster);
    };
  }, [map]);

  // Markers, only when one changed: new data re-clusters in the worker and redraws the map.
  useEffect(() => {
    map?.getSource<GeoJSONSource>(DEVICE_SOURCE)?.setData(markers);
  }, [map, markers]);

  // The open card, on every change of its device's row.
  useEffect(() => {
    if (!map) return;
    const hovered = latest.current.hovered;
    const row = hovered ? rows.get(hovered) : undefined;
    if (hovered && popup.current?.isOpen()) {
      if (row?.latitude != null && row.longitude != null) {
        popup.current.setLngLat([row.longitude, row.latitude]).setDOMContent(devicePopupContent(row, latest.current.timezone));
      } else popup.current.remove();
    }
  }, [map, rows]);

  return markers;
}

/** The markers of the previous render while nothing drawn has changed, so the map is left alone. */
function useSameMarkers(fresh: DeviceMarkers): DeviceMarkers {
  const key = useMemo(() => markerContentKey(fresh), [fresh]);
  const [held, setHeld] = useState({ key, markers: fresh });
  if (held.key === key) return held.markers;
  // React's pattern for state derived from the previous render: set during render, no extra effect pass.
  setHeld({ key, markers: fresh });
  return fresh;
}
