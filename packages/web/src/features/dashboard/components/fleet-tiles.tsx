import { memo } from 'react';
import { Loader, Paper, SimpleGrid, Text } from '@mantine/core';
import type { TenantInfo } from '@netloom/domain';

const UNKNOWN_TILE_VALUE = ' - ';

interface Tile {
  label: string;
  key: keyof TenantInfo;
  /** Where the guided tours point (spec 000 §2.17). */
  tour?: string;
}

// Spec 000 §2.7 tiles; ZTNA counts its users, SD-WAN its links and device groups.
const TILES: Record<'sdwan' | 'ztna', Tile[]> = {
  sdwan: [
    { label: 'Total Devices', key: 'devices', tour: 'totalDevices' },
    { label: 'Online Devices', key: 'online_devices', tour: 'onlineDevices' },
    { label: 'Offline Devices', key: 'offline_devices' },
    { label: 'Active Links', key: 'active_links' },
    { label: 'Inactive Links', key: 'inactive_links' },
    { label: 'Device Groups', key: 'total_networks' },
  ],
  ztna: [
    { label: 'Total Devices', key: 'devices', tour: 'totalDevices' },
    { label: 'Online Devices', key: 'online_devices', tour: 'onlineDevices' },
    { label: 'Offline Devices', key: 'offline_devices' },
    { label: 'Total Users', key: 'users', tour: 'totalUsers' },
    { label: 'Online Users', key: 'online_users', tour: 'onlineUsers' },
  ],
};

const shown = (v: unknown): string => (typeof v === 'number' && Number.isFinite(v) ? String(v) : UNKNOWN_TILE_VALUE);

interface FleetTilesProps {
  product: 'sdwan' | 'ztna';
  info: TenantInfo | undefined;
}

/** The tile group: a loader until the counts arrive, ' - ' for a count the server did not give. */
function FleetTilesBody({ product, info }: FleetTilesProps) {
  const tiles = TILES[product];
  return (
    <SimpleGrid cols={{ base: 3, lg: tiles.length }} spacing="md" data-testid="fleet-tiles">
      {tiles.map((t) => (
        <Paper key={t.key} withBorder p="md" role="group" aria-label={t.label} data-tour={t.tour}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {t.label}
          </Text>
          {info ? (
            <Text size="xl" fw={700} data-testid={`tile-${t.key}`}>
              {shown(info[t.key])}
            </Text>
          ) : (
            <Loader size="sm" mt={6} aria-label={`Loading ${t.label}`} />
          )}
        </Paper>
      ))}
    </SimpleGrid>
  );
}

const sameCounts = (a: TenantInfo | undefined, b: TenantInfo | undefined) =>
  a === b || (a !== undefined && b !== undefined && TILES.sdwan.concat(TILES.ztna).every((t) => a[t.key] === b[t.key]));

/** The counts are recomputed on every live update but rarely change: the tiles render only when one does. */
export const FleetTiles = memo(FleetTilesBody, (a, b) => a.product === b.product && sameCounts(a.info, b.info));
