import { Suspense, lazy, useMemo, useState, type ReactNode } from 'react';
import { ActionIcon, Button, Center, Divider, Group, Loader, Popover, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChartLine } from '@tabler/icons-react';
import type { DeviceRow } from '@netloom/domain';
import { NO_DATA_TEXT } from '@netloom/domain';
import { METRICS_MINUTES, METRICS_REFRESH_MS, useDeviceMetrics } from './api/get-device-metrics';
import { interfaceSeries, wanSparklines } from './interface-series';
import { WanSparklines } from './wan-sparklines';

// The charts library loads when a popover first opens, not with the dashboard.
const InterfaceCharts = lazy(() => import('./interface-charts').then((m) => ({ default: m.InterfaceCharts })));

export interface InterfacePopoverProps {
  device: DeviceRow;
  /** What the user clicks, e.g. a WAN cell's text; wrapped in a button, so not a button itself. */
  children?: ReactNode;
  /** The selected tenant, for a super admin. */
  tid?: string | null;
  timezone?: string | null;
}

/**
 * The interface popover (spec 000 §2.6): per interface a ping graph and a traffic graph of the
 * last 10 minutes, and a live up/down sparkline per WAN link, refreshed every 5 s while open.
 */
export function InterfacePopover({ device, children, tid, timezone }: InterfacePopoverProps) {
  const [opened, setOpened] = useState(false);
  const label = `Interface graphs for ${device.name}`;
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-start" shadow="md" withinPortal keepMounted={false}>
      <Popover.Target>
        {children ? (
          <UnstyledButton aria-label={label} onClick={() => setOpened((o) => !o)}>
            {children}
          </UnstyledButton>
        ) : (
          <ActionIcon variant="subtle" size="sm" aria-label={label} onClick={() => setOpened((o) => !o)}>
            <IconChartLine size={16} />
          </ActionIcon>
        )}
      </Popover.Target>
      <Popover.Dropdown p="sm" aria-label={label} role="dialog">
        {opened && <InterfacePanels device={device} tid={tid} timezone={timezone} />}
      </Popover.Dropdown>
    </Popover>
  );
}

function InterfacePanels({ device, tid, timezone }: Omit<InterfacePopoverProps, 'children'>) {
  const metrics = useDeviceMetrics(device.id, { tid, open: true });
  const series = useMemo(() => interfaceSeries(metrics.data ?? []), [metrics.data]);
  const links = useMemo(() => wanSparklines(device, series), [device, series]);
  return (
    <Stack gap="sm" w={820} maw="90vw">
      <Group justify="space-between" gap="xs">
        <Text fw={600} size="sm">
          {device.name}
        </Text>
        <Group gap={6}>
          {metrics.isFetching && <Loader size={12} />}
          <Text size="xs" c="dimmed">
            Last {METRICS_MINUTES} minutes · refreshes every {METRICS_REFRESH_MS / 1000} s
          </Text>
        </Group>
      </Group>
      <WanSparklines links={links} />
      <Divider />
      {metrics.isPending ? (
        <Center h={230}>
          <Loader size="sm" />
        </Center>
      ) : metrics.isError && !metrics.data ? (
        <Center h={120}>
          <Stack align="center" gap={6} role="alert">
            <Text size="sm" c="dimmed">
              {metrics.error.message || 'Interface metrics unavailable'}
            </Text>
            <Button size="xs" variant="light" onClick={() => void metrics.refetch()}>
              Retry
            </Button>
          </Stack>
        </Center>
      ) : series.length === 0 ? (
        <Center h={120}>
          <Text size="sm" c="dimmed">
            {NO_DATA_TEXT}
          </Text>
        </Center>
      ) : (
        <ScrollArea.Autosize mah="60vh" type="auto" offsetScrollbars>
          <Suspense fallback={<Loader size="sm" />}>
            <Stack gap="md">
              {series.map((s) => (
                <InterfaceCharts key={s.ifname} series={s} timezone={timezone} />
              ))}
            </Stack>
          </Suspense>
        </ScrollArea.Autosize>
      )}
    </Stack>
  );
}
