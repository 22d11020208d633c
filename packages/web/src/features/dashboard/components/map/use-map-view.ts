import { useEffect, useRef } from 'react';
import { NavigationControl, type Map as MapLibreMap, type MapLibreEvent } from 'maplibre-gl';
import { MAP_VIEW } from '@netloom/domain';
import { markerBounds, markerSetKey, type DeviceMarkers } from './device-features';
import { FitDevicesControl } from './fit-devices-control';
import type { MapViewport } from './map-view-params';

const FIT_PADDING = 48;

interface Options {
  /** The view the map opened on (a reload, a shared link), or null when it opened to fit the devices. */
  initialView: MapViewport | null;
  /** Each view the user moves the map to; null when the map follows the devices again. */
  onViewChange?: (view: MapViewport | null) => void;
}

/**
 * Whose view the map shows. Opened without a view, it follows the devices: it fits them, and
 * fits again when the set of devices changes (not when one changes status or moves). From the
 * first move the user makes (drag, wheel, buttons, keys, a cluster click) the view is the user's,
 * reported for the URL; 'Show all devices' fits the devices and hands the view back to the map.
 */
export function useMapView(map: MapLibreMap | null, markers: DeviceMarkers, { initialView, onViewChange }: Options) {
  const following = useRef(initialView === null);
  const fittedKey = useRef<string | null>(null);
  const latest = useRef({ markers, onViewChange });
  useEffect(() => {
    latest.current = { markers, onViewChange };
  });

  // The user's moves and the button, once per map.
  useEffect(() => {
    if (!map) return;
    const moved = (e: MapLibreEvent) => {
      // Moves the map makes itself (fitting, a resize) carry no user event.
      if (!e.originalEvent) return;
      following.current = false;
      const { lat, lng } = map.getCenter();
      latest.current.onViewChange?.({ lat, lng, zoom: map.getZoom() });
    };
    const fitAll = new FitDevicesControl(() => {
      following.current = true;
      const bounds = markerBounds(latest.current.markers);
      if (bounds) map.fitBounds(bounds, { padding: FIT_PADDING, maxZoom: MAP_VIEW.zoom, duration: 600 });
      fittedKey.current = markerSetKey(latest.current.markers);
      latest.current.onViewChange?.(null);
    });
    // The buttons come with the listener: a zoom clicked while the map was still loading would
    // move it without the view reaching the address.
    const zoomButtons = new NavigationControl({ showCompass: false });
    map.on('moveend', moved);
    map.addControl(zoomButtons, 'top-right');
    map.addControl(fitAll, 'top-right');
    return () => {
      map.off('moveend', moved);
      // Leaving the page removes the map first, and its controls with it: removing one twice throws.
      for (const control of [fitAll, zoomButtons]) if (map.hasControl(control)) map.removeControl(control);
      fittedKey.current = null;
    };
  }, [map]);

  // Following: a fit whenever the set of devices changes.
  useEffect(() => {
    if (!map || !following.current) return;
    const key = markerSetKey(markers);
    const bounds = markerBounds(markers);
    if (key === fittedKey.current || !bounds) return;
    // The first fit is instant so the map does not open by flying in from the default centre.
    map.fitBounds(bounds, { padding: FIT_PADDING, maxZoom: MAP_VIEW.zoom, duration: fittedKey.current === null ? 0 : 600 });
    fittedKey.current = key;
  }, [map, markers]);
}
