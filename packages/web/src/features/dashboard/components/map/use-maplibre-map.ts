import { useEffect, useRef, useState, type RefObject } from 'react';
import { Map as MapLibreMap, type GeoJSONSource } from 'maplibre-gl';
import './maplibre-worker';
import { MAP_VIEW } from '@netloom/domain';
import { BORDER_SOURCE, COAST_SOURCE, LAND_SOURCE, buildMapStyle, configuredTiles } from './map-style';
import { loadWorldBasemap } from './world-basemap';
import type { MapFailure } from './map-unavailable';
import type { MapViewport } from './map-view-params';

/**
 * Creates the MapLibre map once for the container and hands it back when its style has loaded.
 * The map lives as long as the component: data changes go through sources, never a new map.
 * It opens on `view` when given, else on the spec's default centre until the devices are fitted.
 * A slow start is not a failure: past the spec's wait (`slow`) the card says so and keeps waiting
 * for the same map; only a browser that cannot draw (no WebGL, a lost context) fails it.
 */
export function useMaplibreMap(
  container: RefObject<HTMLDivElement | null>,
  onFail: (reason: MapFailure) => void,
  view: MapViewport | null,
): { map: MapLibreMap | null; slow: boolean } {
  const [map, setMap] = useState<MapLibreMap | null>(null);
  const [slow, setSlow] = useState(false);
  const fail = useRef(onFail);
  useEffect(() => {
    fail.current = onFail;
  });

  useEffect(() => {
    const el = container.current;
    if (!el) return;
    const tiles = configuredTiles();
    let instance: MapLibreMap;
    try {
      instance = new MapLibreMap({
        container: el,
        style: buildMapStyle(tiles),
        center: view ? [view.lng, view.lat] : [MAP_VIEW.center.lng, MAP_VIEW.center.lat],
        zoom: view ? view.zoom : MAP_VIEW.zoom,
        maxZoom: MAP_VIEW.maxZoom,
        // The map sits in a dashboard that scrolls: a wheel over it scrolls the page (with a hint),
        // Ctrl/⌘ + wheel or the buttons zoom, and on a touch screen two fingers move it.
        cooperativeGestures: true,
        // A status map gains nothing from tilting or turning, and a stray right-drag would do it.
        dragRotate: false,
        pitchWithRotate: false,
        touchPitch: false,
        attributionControl: tiles.tileAttribution ? { compact: true } : false,
      });
    } catch {
      // MapLibre throws here when the browser refuses a WebGL context after all.
      fail.current('webgl');
      return;
    }
    let disposed = false;
    const timer = setTimeout(() => setSlow(true), MAP_VIEW.initWaitMs);
    instance.touchZoomRotate.disableRotation();
    instance.on('load', () => {
      clearTimeout(timer);
      setSlow(false);
      setMap(instance);
    });
    instance.on('webglcontextlost', () => fail.current('context-lost'));
    // Without a listener MapLibre logs every failed tile as an error; a missing tile is not a broken map.
    instance.on('error', (e) => console.warn('Map:', e.error?.message ?? e));
    if (!tiles.tileUrl) {
      loadWorldBasemap()
        .then((world) => {
          if (disposed) return;
          instance.getSource<GeoJSONSource>(LAND_SOURCE)?.setData(world.land);
          instance.getSource<GeoJSONSource>(BORDER_SOURCE)?.setData(world.borders);
          instance.getSource<GeoJSONSource>(COAST_SOURCE)?.setData(world.coasts);
        })
        // The markers still show on the water colour: better than no map.
        .catch((e: unknown) => console.warn('World basemap unavailable:', e));
    }
    return () => {
      disposed = true;
      clearTimeout(timer);
      instance.remove();
    };
  }, [container, view]);

  return { map, slow };
}
