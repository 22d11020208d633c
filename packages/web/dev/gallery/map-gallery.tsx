import { useEffect, useMemo, useState } from 'react';
import { Group, SegmentedControl, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { FleetMapCard } from '@/features/dashboard/components/map/fleet-map-card';
import { flipSomeStatuses, sampleFleet, seededRandom } from './sample-devices';

const SIZES = ['2000', '10000'];
const LIVE_TICK_MS = 2000;

/** The map card with generated fleets, for developers and the end-to-end map check. */
export function MapGallery() {
  const [size, setSize] = useState('2000');
  const [live, setLive] = useState(false);
  const [selected, setSelected] = useState<string | null>(null);
  const initial = useMemo(() => sampleFleet(Number(size)), [size]);
  const [devices, setDevices] = useState(initial);
  useEffect(() => setDevices(initial), [initial]);

  useEffect(() => {
    if (!live) return;
    const rnd = seededRandom(Date.now());
    const timer = setInterval(() => setDevices((rows) => flipSomeStatuses(rows, rnd)), LIVE_TICK_MS);
    return () => clearInterval(timer);
  }, [live]);

  const name = devices.find((d) => d.id === selected)?.name;
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={4}>Fleet map</Title>
        <Group>
          <SegmentedControl size="xs" data={SIZES.map((s) => ({ value: s, label: `${Number(s).toLocaleString()} devices` }))} value={size} onChange={setSize} />
          <Switch label="Live updates" checked={live} onChange={(e) => setLive(e.currentTarget.checked)} />
        </Group>
      </Group>
      <FleetMapCard devices={devices} height={420} onSelectDevice={setSelected} />
      <Text size="sm" c="dimmed" data-testid="fleet-map-selected">
        {name ? `Selected: ${name}` : 'Click a marker to select a device'}
      </Text>
      <SimpleGrid cols={2}>
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            No positions
          </Text>
          <FleetMapCard devices={[]} height={160} />
        </Stack>
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            Only bad coordinates
          </Text>
          <FleetMapCard devices={devices.filter((d) => d.name.startsWith('edge-bad-coords'))} height={160} />
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}
