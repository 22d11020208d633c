import { Group, Paper, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { INVALID_COORDINATES_TEXT, type DeviceRow } from '@netloom/domain';

const NAMES_SHOWN = 5;

/** The devices the map had to leave out (spec 001 §8), named on hover so they can be fixed. */
export function InvalidCoordinatesNotice({ devices }: { devices: readonly DeviceRow[] }) {
  const names = devices.slice(0, NAMES_SHOWN).map((d) => d.name);
  const more = devices.length - names.length;
  const label = `Not on the map: ${names.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
  return (
    <Tooltip label={label} multiline w={260} withinPortal>
      <Paper withBorder shadow="xs" px={8} py={4} pos="absolute" bottom={8} left={8} style={{ zIndex: 2 }} role="status">
        <Group gap={6} wrap="nowrap">
          <IconAlertTriangle size={14} color="var(--mantine-color-orange-6)" />
          <Text size="xs">{INVALID_COORDINATES_TEXT}</Text>
          <Text size="xs" c="dimmed">
            ({devices.length})
          </Text>
        </Group>
      </Paper>
    </Tooltip>
  );
}
