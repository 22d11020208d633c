import { useRef } from 'react';
import 'maplibre-gl/dist/maplibre-gl.css';
import type { DeviceRow } from '@netloom/domain';
import { useMaplibreMap } from './use-maplibre-map';
import { useDeviceMarkers } from './use-device-markers';
import type { MapFailure } from './map-unavailable';

export interface FleetMapCanvasProps {
  /** Devices already checked by `devicesOnMap`: each has a marker colour and valid coordinates. */
  devices: readonly DeviceRow[];
  height: number | string;
  onSelectDevice?: (id: string) => void;
  onFail: (reason: MapFailure) => void;
  timezone?: string | null;
}

/** The MapLibre part of the map card, loaded on demand: MapLibre is most of the map's weight. */
export function FleetMapCanvas({ devices, height, onSelectDevice, onFail, timezone }: FleetMapCanvasProps) {
  const container = useRef<HTMLDivElement>(null);
  const map = useMaplibreMap(container, onFail);
  useDeviceMarkers(map, devices, { onSelectDevice, timezone });
  return <div ref={container} style={{ height, width: '100%' }} aria-label="Device map" role="region" />;
}
