import type { ReactNode } from 'react';
import { Group, Paper, Stack } from '@mantine/core';
import { EmptyState } from '@/components/empty-state';
import { ErrorPanel } from '@/components/error-panel';
import { ConfigPageHeader } from '@/components/feedback/config-page-header';
import { useCurrentUser } from '@/lib/session/session-store';
import { useInterfaceMetrics } from '@/features/device-status/api/metrics';
import { ChartWindowPicker, useChartWindow } from '@/features/device-status/components/chart-window';
import { GatewayPicker, useStatusDevice } from '@/components/gateway-picker';
import { MetricsState } from '@/features/device-status/components/metrics-state';
import { ReportedAge } from '@/features/device-status/components/reported-age';
import { RoutedTabs, useRoutedTab, type RoutedTab } from '@/components/routed-tabs';
import { SlaCharts, type SlaChartView } from '@/features/device-status/components/sla-charts';
import { SlaTable } from '@/features/device-status/components/sla-table';
import { useFreshSnapshot } from '@/features/device-status/hooks/use-fresh-snapshot';

interface SlaTab extends RoutedTab {
  /** The graphs the tab draws; none for the table of the latest probes; 'traffic' for the WAN traffic slot. */
  chart: SlaChartView | 'traffic' | null;
}
const SLA_TABS: readonly [SlaTab, ...SlaTab[]] = [
  { route: 'interface', label: 'Interfaces', chart: null },
  { route: 'interfacesingle', label: 'Single interface', chart: 'single' },
  { route: 'ping', label: 'Ping', chart: 'ping' },
  { route: 'linkcomparision', label: 'Link comparison', chart: 'compare' },
  { route: 'linkcomparision2', label: 'Jitter comparison', chart: 'jitter' },
];
const WAN_TRAFFIC_TAB: SlaTab = { route: 'wantraffic', label: 'WAN traffic', chart: 'traffic' };

/** The WAN traffic tab (spec `slastatus/wantraffic`): traffic analytics' view, handed in by the route. */
export interface WanTrafficSlot {
  render: (deviceId: string) => ReactNode;
  onRefresh: () => void;
}

/**
 * SD-WAN Gateway → Monitor → SLA (spec 000 §2.15 `sdwan/device/status/slastatus/…`): each WAN's
 * SLA probe as the gateway reports it, then its latency, jitter and loss over the last minutes.
 */
export function SlaStatusPage({ wanTraffic }: { wanTraffic?: WanTrafficSlot }) {
  const user = useCurrentUser();
  const deviceId = useStatusDevice();
  const tabs: readonly [SlaTab, ...SlaTab[]] = wanTraffic ? [...SLA_TABS, WAN_TRAFFIC_TAB] : SLA_TABS;
  const { tab, open } = useRoutedTab(tabs);
  const traffic = tab.chart === 'traffic' ? wanTraffic : undefined;
  const chart = tab.chart === 'traffic' ? null : tab.chart;
  const [minutes, setMinutes] = useChartWindow();
  // Only the open tab's data is asked for: the table asks the gateway, the graphs read stored points.
  const sla = useFreshSnapshot(chart || traffic ? null : deviceId, 'sla');
  const metrics = useInterfaceMetrics(deviceId, minutes, chart !== null);
  if (!user) return null;
  const entries = sla.snapshot?.kind === 'sla' ? sla.snapshot.entries : [];

  return (
    <>
      <ConfigPageHeader
        title="SLA status"
        subtitle={`Latency, jitter and loss of each WAN link against its SLA target${wanTraffic ? ', and the traffic it carries' : ''}`}
        onRefresh={traffic ? traffic.onRefresh : chart ? () => void metrics.refetch() : sla.ask}
        refreshing={!chart && !traffic && sla.waiting}
      />
      <Paper withBorder p="md">
        <Stack gap="md">
          <Group justify="space-between" align="flex-end">
            <GatewayPicker deviceId={deviceId} resets={['wan']} />
            {traffic ? null : chart ? <ChartWindowPicker value={minutes} onChange={setMinutes} /> : <ReportedAge at={sla.at} />}
          </Group>
          {!deviceId ? (
            <EmptyState title="Please Select Device" description="Choose a gateway to see the SLA of its WAN links." />
          ) : (
            <RoutedTabs tabs={tabs} value={tab.route} onChange={open}>
              {traffic ? (
                traffic.render(deviceId)
              ) : chart ? (
                <MetricsState query={metrics}>{(data) => <SlaCharts view={chart} metrics={data} timezone={user.timezone} />}</MetricsState>
              ) : sla.status.isError ? (
                <ErrorPanel onRetry={() => void sla.status.refetch()} />
              ) : !sla.at && !sla.waiting ? (
                <EmptyState title="No Status Available" description="The gateway has not reported its SLA probes yet. Refresh asks it again." />
              ) : (
                <SlaTable entries={entries} loading={!sla.at} timezone={user.timezone} />
              )}
            </RoutedTabs>
          )}
        </Stack>
      </Paper>
    </>
  );
}
