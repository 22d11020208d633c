import { useRef, useState } from 'react';
import { Loader, Paper, Stack, Text } from '@mantine/core';
import 'maplibre-gl/dist/maplibre-gl.css';
import type { DeviceRow } from '@netloom/domain';
import { useMaplibreMap } from './use-maplibre-map';
import { useDeviceMarkers } from './use-device-markers';
import { useMapView } from './use-map-view';
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
  /** Each view the user moves the map to; null when it follows the devices again. */
  onViewChange?: (view: MapViewport | null) => void;
}

/** The MapLibre part of the map card, loaded on demand: MapLibre is most of the map's weight. */
export function FleetMapCanvas({ devices, height, onSelectDevice, onFail, timezone, view, onViewChange }: FleetMapCanvasProps) {
  const container = useRef<HTMLDivElement>(null);
  // The view opened on; later views come from the map itself, so a changed prop is not applied.
  const [initialView] = useState(view ?? null);
  const { map, slow } = useMaplibreMap(container, onFail, initialView);
  const markers = useDeviceMarkers(map, devices, { onSelectDevice, timezone });
  useMapView(map, markers, { initialView, onViewChange });
  return (
    <div style={{ position: 'relative', height, width: '100%' }}>
      <div ref={container} style={{ height: '100%', width: '100%' }} aria-label="Device map" role="region" />
      {slow && !map && <StillStarting />}
    </div>
  );
}

/** Over a map that is slow to start: it is still coming, nothing to do. */
function StillStarting() {
  return (
    <Paper role="status" withBorder shadow="xs" p="xs" pos="absolute" top={8} left={8} style={{ zIndex: 2 }}>
      <Stack gap={2} align="center">
        <Loader size="xs" />
        <Text size="xs" c="dimmed">
          The map is taking longer than usual to start…
        </Text>
      </Stack>
    </Paper>
  );
}
