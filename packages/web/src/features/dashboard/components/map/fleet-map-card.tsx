import { Suspense, lazy, useMemo, useState } from 'react';
import { Badge, Center, Group, Paper, Skeleton, Text } from '@mantine/core';
import { devicesOnMap, markerColor, type DeviceRow } from '@netloom/domain';
import { InvalidCoordinatesNotice } from './invalid-coordinates-notice';
import { MapErrorBoundary } from './map-error-boundary';
import { MapUnavailable, type MapFailure } from './map-unavailable';
import { webglSupported } from './webgl-support';
import { useAfterFirstPaint } from '@/lib/use-after-first-paint';
import type { MapViewport } from './map-view-params';

// MapLibre and the atlas are downloaded only when a map is actually drawn.
const FleetMapCanvas = lazy(() => import('./fleet-map-canvas').then((m) => ({ default: m.FleetMapCanvas })));

const NO_MAP_DATA_TEXT = 'No Data Available';

export interface FleetMapCardProps {
  devices: readonly DeviceRow[];
  height?: number;
  onSelectDevice?: (id: string) => void;
  /** The user's time zone for 'last seen'; the browser's when missing. */
  timezone?: string | null;
  /** The view to open on; without one the map fits the devices and follows them. */
  view?: MapViewport | null;
  /** Each view the user moves the map to (for the URL); null when the map follows the devices again. */
  onViewChange?: (view: MapViewport | null) => void;
}

/**
 * The map card (spec 000 §2.5): a marker per running/failing device on an offline world map,
 * clustered so thousands of devices stay smooth. Every failure stays inside the card.
 */
export function FleetMapCard({ devices, height = 360, ...rest }: FleetMapCardProps) {
  const { onMap, invalid } = useMemo(() => devicesOnMap(devices), [devices]);
  return (
    <Paper withBorder radius="md" pos="relative" h={height} style={{ overflow: 'hidden' }} data-testid="fleet-map">
      {onMap.length === 0 ? (
        <Center h="100%">
          <Text c="dimmed" size="sm">
            {NO_MAP_DATA_TEXT}
          </Text>
        </Center>
      ) : (
        <MapErrorBoundary height={height}>
          <FleetMapBody devices={onMap} height={height} {...rest} />
        </MapErrorBoundary>
      )}
      {invalid.length > 0 && <InvalidCoordinatesNotice devices={invalid} />}
      {onMap.length > 0 && <MarkerLegend devices={onMap} />}
    </Paper>
  );
}

/** How many markers are green and red: the map's colours in words, for everyone who cannot see them. */
function MarkerLegend({ devices }: { devices: readonly DeviceRow[] }) {
  const up = devices.filter((d) => markerColor(d) === 'green').length;
  const down = devices.length - up;
  return (
    <Group gap={6} pos="absolute" bottom={8} left={8} style={{ zIndex: 2 }} data-testid="fleet-map-legend">
      <Badge color="green" variant="light" size="sm">
        Up {up}
      </Badge>
      <Badge color="red" variant="light" size="sm">
        Down {down}
      </Badge>
    </Group>
  );
}

type BodyProps = Required<Pick<FleetMapCardProps, 'height'>> & Omit<FleetMapCardProps, 'height'>;

function FleetMapBody({ devices, height, ...rest }: BodyProps) {
  // MapLibre is the console's largest library: fetched once the tiles and the table are on screen.
  const ready = useAfterFirstPaint();
  const [failure, setFailure] = useState<MapFailure | null>(() => (webglSupported() ? null : 'webgl'));
  // A new attempt is a new map: the key remounts the canvas.
  const [attempt, setAttempt] = useState(0);
  if (failure) {
    const retry = failure === 'webgl' ? undefined : () => (setFailure(null), setAttempt((n) => n + 1));
    return <MapUnavailable reason={failure} height={height} onRetry={retry} />;
  }
  if (!ready) return <Skeleton h={height} radius={0} />;
  return (
    <Suspense fallback={<Skeleton h={height} radius={0} />}>
      <FleetMapCanvas key={attempt} devices={devices} height={height} onFail={setFailure} {...rest} />
    </Suspense>
  );
}
