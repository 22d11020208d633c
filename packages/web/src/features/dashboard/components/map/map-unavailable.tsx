import { Button, Stack, Text } from '@mantine/core';
import { IconMapOff } from '@tabler/icons-react';

/** Why a map cannot be drawn; a slow start is not one of them (use-maplibre-map.ts). */
export type MapFailure = 'webgl' | 'context-lost' | 'crashed';

const MESSAGES: Record<MapFailure, string> = {
  webgl: 'This browser cannot draw the map: WebGL is turned off or not supported by the graphics card.',
  'context-lost': 'The graphics card stopped drawing the map.',
  crashed: 'The map stopped working.',
};

interface MapUnavailableProps {
  reason: MapFailure;
  height: number | string;
  /** Left out where trying again cannot help (no WebGL). */
  onRetry?: () => void;
}

/** Shown in place of the map so the rest of the dashboard carries on (DESIGN.md). */
export function MapUnavailable({ reason, height, onRetry }: MapUnavailableProps) {
  return (
    <Stack role="alert" align="center" justify="center" gap={6} h={height} p="md" ta="center">
      <IconMapOff size={28} stroke={1.5} color="var(--mantine-color-dimmed)" />
      <Text size="sm" fw={600}>
        Map unavailable
      </Text>
      <Text size="sm" c="dimmed" maw={360}>
        {MESSAGES[reason]}
      </Text>
      {onRetry && (
        <Button size="xs" variant="light" onClick={onRetry}>
          Retry
        </Button>
      )}
    </Stack>
  );
}
