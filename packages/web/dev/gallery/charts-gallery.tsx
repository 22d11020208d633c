import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatBytes } from '@netloom/domain';
import { ChartErrorBoundary } from '@/components/charts/chart-error-boundary';
import { PieChart } from '@/components/charts/pie-chart';
import type { PieDatum } from '@/components/charts/pie-option';
import { Sparkline } from '@/components/charts/sparkline';
import { SPARKLINE_POINTS } from '@/components/charts/sparkline-points';
import { TimeSeriesChart } from '@/components/charts/time-series-chart';

// Sample data is generated from smooth curves, not Math.random, so the gallery looks the same
// on every visit and in screenshots.
const wave = (i: number, base: number, amp: number, period: number) => Math.round(base + amp * Math.sin((i / period) * Math.PI * 2));

function useTrafficSample() {
  return useMemo(() => {
    const now = Date.now();
    const step = 10_000;
    const count = 60; // last 10 minutes, one sample every 10 s
    const timestamp = Array.from({ length: count }, (_, i) => now - (count - 1 - i) * step);
    return {
      names: ['Download (Internet Uplink Primary)', 'Upload'],
      timestamp,
      series: [timestamp.map((_, i) => wave(i, 3 * 1024 ** 2, 2 * 1024 ** 2, 20)), timestamp.map((_, i) => wave(i, 600 * 1024, 400 * 1024, 13))],
    };
  }, []);
}

function useCpuSample() {
  return useMemo(() => {
    const now = Date.now();
    const timestamp = Array.from({ length: 24 }, (_, i) => new Date(now - (23 - i) * 3_600_000).toISOString());
    return { names: ['CPU'], timestamp, series: [timestamp.map((_, i) => wave(i, 4200, 2500, 12) / 100)] };
  }, []);
}

const APPLICATIONS: PieDatum[] = [
  { name: 'YouTube', value: 4_200_000_000 },
  { name: 'Microsoft Teams', value: 2_600_000_000 },
  { name: 'Zoom', value: 1_300_000_000 },
  { name: 'Salesforce', value: 700_000_000 },
  { name: 'Google Workspace (Docs, Sheets, Slides, Drive and Gmail)', value: 500_000_000 },
  { name: 'DNS', value: 120_000_000 },
  { name: 'NTP', value: 10_000_000 },
];

const ACTIONS: PieDatum[] = [
  { name: 'Allowed', value: 8_312 },
  { name: 'Blocked', value: 1_204 },
  { name: 'Warned', value: 310 },
];

function BrokenChart(): never {
  throw new Error('Gallery sample: this chart fails on purpose');
}

/** WAN links whose traffic moves once a second, as the interface popover shows it. */
function LiveSparklines() {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const id = window.setInterval(() => setTick((t) => t + 1), 1000);
    return () => window.clearInterval(id);
  }, []);
  const links = [
    { name: 'wan1', up: 80, down: 300 },
    { name: 'wan2 (LTE)', up: 20, down: 60 },
    { name: 'wan3 (idle)', up: 0, down: 0 },
  ];
  return (
    <Stack gap="xs">
      {links.map(({ name, up, down }) => {
        const at = (i: number, base: number) => Math.max(0, wave(i + tick, base, base / 2, 7));
        const slots = Array.from({ length: SPARKLINE_POINTS }, (_, i) => i);
        return (
          <Group key={name} gap="sm">
            <Text size="xs" w={90}>
              {name}
            </Text>
            <Sparkline
              ariaLabel={`${name} up and down traffic`}
              series={[{ values: slots.map((i) => at(i, up)) }, { values: slots.map((i) => at(i, down)) }]}
            />
          </Group>
        );
      })}
    </Stack>
  );
}

function Card({ children }: { children: ReactNode }) {
  return (
    <Paper withBorder p="md">
      {children}
    </Paper>
  );
}

/** Charts section of the development-only component gallery. */
export function ChartsGallery() {
  const traffic = useTrafficSample();
  const cpu = useCpuSample();
  return (
    <Stack gap="md">
      <Title order={2}>Charts</Title>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card>
          <TimeSeriesChart title="WAN traffic (last 10 minutes)" yAxisType="bitrate" recordDuration="minutes" chartType="area" {...traffic} />
        </Card>
        <Card>
          <TimeSeriesChart title="CPU usage (last 24 hours)" yAxisType="cpu" recordDuration="hours" {...cpu} />
        </Card>
        <Card>
          <PieChart title="Top Applications" data={APPLICATIONS} formatValue={formatBytes} />
        </Card>
        <Card>
          <PieChart title="Action Distribution" data={ACTIONS} donut labelPosition="outside" />
        </Card>
        <Card>
          <TimeSeriesChart title="Ping (no samples yet)" names={[]} series={[]} timestamp={[]} />
        </Card>
        <Card>
          <ChartErrorBoundary title="Broken widget" height={260}>
            <BrokenChart />
          </ChartErrorBoundary>
        </Card>
        <Card>
          <Text fw={600} size="sm" mb="xs">
            Live WAN traffic sparklines
          </Text>
          <LiveSparklines />
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
