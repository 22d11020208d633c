import { Button, Group, Paper, Skeleton, Stack } from '@mantine/core';
import { IconLifebuoy } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/paths';
import { EmptyState } from '@/components/empty-state';
import { ErrorPanel } from '@/components/error-panel';
import { ConfigPageHeader } from '@/components/feedback/config-page-header';
import { useCurrentUser } from '@/lib/session/session-store';
import { useSystemMetrics } from '@/features/device-status/api/metrics';
import { ChartWindowPicker, useChartWindow } from '@/features/device-status/components/chart-window';
import { DeviceOverviewTab } from '@/features/device-status/components/device-overview-tab';
import { GatewayPicker, useStatusDevice } from '@/components/gateway-picker';
import { MetricsState } from '@/features/device-status/components/metrics-state';
import { ReportedAge } from '@/features/device-status/components/reported-age';
import { RoutedTabs, useRoutedTab, type RoutedTab } from '@/components/routed-tabs';
import { SystemMetricChart, type SystemMetric } from '@/features/device-status/components/system-metric-chart';
import { SystemDetails } from '@/features/device-status/components/system-summary';
import { useFreshSnapshot } from '@/features/device-status/hooks/use-fresh-snapshot';

interface OverviewTab extends RoutedTab {
  /** The graph the tab draws; none for the tabs that show snapshots. */
  graph: SystemMetric | null;
}
const TABS: readonly [OverviewTab, ...OverviewTab[]] = [
  { route: 'deviceoverview/device-interfaces', label: 'Overview', graph: null },
  { route: 'sysInfo', label: 'System information', graph: null },
  { route: 'cpugraph', label: 'CPU', graph: 'cpu' },
  { route: 'memorygraph', label: 'Memory', graph: 'memory' },
];

/** The older of two report times: the age shown must hold for everything on the tab. */
const oldest = (...ats: (string | null)[]) => ats.filter((a): a is string => a !== null).sort((a, b) => Date.parse(a) - Date.parse(b))[0] ?? null;

/**
 * SD-WAN Gateway → Configure → Status (spec 000 §2.15 `sdwan/device/configure/status/…`): what the
 * box is, how loaded it is, its interfaces, and its CPU and memory over the last minutes.
 */
export function DeviceOverviewPage() {
  const user = useCurrentUser();
  const deviceId = useStatusDevice();
  const { tab, open } = useRoutedTab(TABS);
  const graph = tab.graph;
  const [minutes, setMinutes] = useChartWindow();
  const onOverview = tab === TABS[0];
  // Only the open tab's data is asked for: snapshot tabs ask the gateway, graphs read stored points.
  const system = useFreshSnapshot(graph ? null : deviceId, 'system');
  const interfaces = useFreshSnapshot(onOverview ? deviceId : null, 'interfaces');
  const metrics = useSystemMetrics(deviceId, minutes, graph !== null);
  if (!user) return null;
  const box = system.snapshot?.kind === 'system' ? (system.snapshot.entries[0] ?? null) : null;
  const failed = system.status.isError || (onOverview && interfaces.status.isError);
  const ask = () => {
    system.ask();
    if (onOverview) interfaces.ask();
  };
  const retry = () => {
    void system.status.refetch();
    if (onOverview) void interfaces.status.refetch();
  };

  return (
    <>
      <ConfigPageHeader
        title="Device status"
        subtitle="The gateway's model, firmware, load and interfaces"
        onRefresh={graph ? () => void metrics.refetch() : ask}
        refreshing={!graph && (system.waiting || interfaces.waiting)}
        actions={
          deviceId && (
            // The ticket form opens with this gateway chosen: its state goes with the ticket.
            <Button variant="default" component={Link} to={`${paths.tickets.raise}?device=${deviceId}`} leftSection={<IconLifebuoy size={16} />}>
              Raise a ticket
            </Button>
          )
        }
      />
      <Paper withBorder p="md">
        <Stack gap="md">
          <Group justify="space-between" align="flex-end">
            <GatewayPicker deviceId={deviceId} />
            {graph ? (
              <ChartWindowPicker value={minutes} onChange={setMinutes} />
            ) : (
              <ReportedAge at={onOverview ? oldest(system.at, interfaces.at) : system.at} />
            )}
          </Group>
          {!deviceId ? (
            <EmptyState title="Please Select Device" description="Choose a gateway to see its status." />
          ) : (
            <RoutedTabs tabs={TABS} value={tab.route} onChange={open}>
              {graph ? (
                <MetricsState query={metrics}>{(points) => <SystemMetricChart metric={graph} points={points} timezone={user.timezone} />}</MetricsState>
              ) : failed ? (
                <ErrorPanel onRetry={retry} />
              ) : onOverview ? (
                <DeviceOverviewTab system={system} interfaces={interfaces} timezone={user.timezone} />
              ) : box ? (
                <SystemDetails system={box} />
              ) : system.waiting ? (
                <Skeleton h={240} />
              ) : (
                <EmptyState title="No Status Available" description="The gateway has not reported its system status yet. Refresh asks it again." />
              )}
            </RoutedTabs>
          )}
        </Stack>
      </Paper>
    </>
  );
}
