import { useEffect, useRef, type RefObject } from 'react';
import type { Map as MapLibreMap, MapLibreEvent } from 'maplibre-gl';
import type { MapViewport } from './map-view-params';

/**
 * Reports each view the user moves the map to (drag, wheel, buttons, keyboard, a cluster click),
 * and from the first such move stops the map following the devices: the view is the user's now.
 * Moves the map makes itself (fitting the devices, a resize) carry no user event and are not reported.
 */
export function useViewportReport(
  map: MapLibreMap | null,
  onViewChange: ((view: MapViewport) => void) | undefined,
  followDevices: RefObject<boolean>,
) {
  const report = useRef(onViewChange);
  useEffect(() => {
    report.current = onViewChange;
  });

  useEffect(() => {
    if (!map) return;
    const moved = (e: MapLibreEvent) => {
      if (!e.originalEvent) return;
      followDevices.current = false;
      const { lat, lng } = map.getCenter();
      report.current?.({ lat, lng, zoom: map.getZoom() });
    };
    map.on('moveend', moved);
    return () => {
      map.off('moveend', moved);
    };
  }, [map, followDevices]);
}
