import { useRef, useState } from 'react';
import 'maplibre-gl/dist/maplibre-gl.css';
import type { DeviceRow } from '@netloom/domain';
import { useMaplibreMap } from './use-maplibre-map';
import { useDeviceMarkers } from './use-device-markers';
import { useViewportReport } from './use-viewport-report';
import type { MapViewport } from './map-view-params';
import type { MapFailure } from './map-unavailable';

export interface FleetMapCanvasProps {
  /** Devices already checked by `devicesOnMap`: each has a marker colour and valid coordinates. */
  devices: readonly DeviceRow[];
  height: number | string;
  onSelectDevice?: (id: string) => void;
  onFail: (reason: MapFailure) => void;
  timezone?: string | null;
  /** The view to open on (a reload, a shared link); without one the map fits the devices. */
  view?: MapViewport | null;
  onViewChange?: (view: MapViewport) => void;
}

/** The MapLibre part of the map card, loaded on demand: MapLibre is most of the map's weight. */
export function FleetMapCanvas({ devices, height, onSelectDevice, onFail, timezone, view, onViewChange }: FleetMapCanvasProps) {
  const container = useRef<HTMLDivElement>(null);
  // The view opened on; later views come from the map itself, so a changed prop is not applied.
  const [initialView] = useState(view ?? null);
  // The map follows the devices (fits them as they come and go) until the user takes the view.
  const followDevices = useRef(initialView === null);
  const map = useMaplibreMap(container, onFail, initialView);
  useViewportReport(map, onViewChange, followDevices);
  useDeviceMarkers(map, devices, { onSelectDevice, timezone, followDevices });
  return <div ref={container} style={{ height, width: '100%' }} aria-label="Device map" role="region" />;
}
