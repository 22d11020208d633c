import { useState } from 'react';
import { Group, Paper, Skeleton, Stack } from '@mantine/core';
import { canReadBrowsingData, canWriteConfig } from '@netloom/domain';
import { EmptyState } from '@/components/empty-state';
import { ErrorPanel } from '@/components/error-panel';
import { ConfigPageHeader } from '@/components/feedback/config-page-header';
import { GatewayPicker, useStatusDevice } from '@/components/gateway-picker';
import { RoutedTabs, useRoutedTab } from '@/components/routed-tabs';
import { useCurrentUser } from '@/lib/session/session-store';
import { useRefreshTraffic, useTrafficGraph } from '@/features/traffic/api/get-traffic-graph';
import { FlowExporterForm } from '@/features/traffic/components/flow-exporter-form';
import { FlowsDialog } from '@/features/traffic/components/flows-dialog';
import { NETFLOW_TABS } from '@/features/traffic/components/netflow-tabs';
import { RankedRowsTable, rankedRows, type RankedRow } from '@/features/traffic/components/ranked-rows-table';
import { TrafficOverTimeChart } from '@/features/traffic/components/traffic-over-time-chart';
import { TrafficRangePicker } from '@/features/traffic/components/traffic-range-picker';
import { useTrafficWindow } from '@/features/traffic/hooks/use-traffic-window';

/**
 * SD-WAN Gateway → Netflow (spec 000 §2.15 `sdwan/device/status/netflow/…`): one gateway's top
 * protocols, destinations, talkers (the hosts behind it) and ports over a window, as a chart over
 * time and a ranked table with CSV. A row opens its flows for owners and admins (flow records are
 * personal browsing data); others see the ranking only.
 */
export function NetflowPage() {
  const user = useCurrentUser();
  const deviceId = useStatusDevice();
  const { tab, open } = useRoutedTab(NETFLOW_TABS);
  const [range, setRange] = useTrafficWindow();
  const refresh = useRefreshTraffic();
  const graph = useTrafficGraph(deviceId ? { product: 'sdwan', graph: tab.graph, window: range, deviceId, series: true } : null);
  const [drill, setDrill] = useState<RankedRow | null>(null);
  if (!user) return null;
  const flows = canReadBrowsingData(user);
  const answer = graph.data;
  const rows = answer ? rankedRows(answer.results, answer.total_bytes) : [];

  return (
    <>
      <ConfigPageHeader
        title="Netflow"
        subtitle="What the gateway's traffic is made of: protocols, destinations, hosts and ports"
        onRefresh={refresh}
        refreshing={graph.isFetching}
      />
      <Paper withBorder p="md">
        <Stack gap="md">
          <Group justify="space-between" align="flex-end">
            <GatewayPicker deviceId={deviceId} />
            <TrafficRangePicker value={range} onChange={setRange} timezone={user.timezone} />
          </Group>
          {!deviceId ? (
            <EmptyState title="Please Select Device" description="Choose a gateway to see what its traffic is made of." />
          ) : (
            <>
              <FlowExporterForm deviceId={deviceId} canEdit={canWriteConfig(user)} />
              <RoutedTabs tabs={NETFLOW_TABS} value={tab.route} onChange={open}>
                {graph.isError ? (
                  <ErrorPanel onRetry={() => void graph.refetch()} />
                ) : (
                  <Stack gap="md">
                    {answer ? <TrafficOverTimeChart answer={answer} title={`${tab.label} over time`} timezone={user.timezone} /> : <Skeleton h={300} />}
                    <RankedRowsTable
                      key={tab.route}
                      rows={rows}
                      keyHeader={tab.keyHeader}
                      csvTitle={`${tab.route}`}
                      loading={graph.isLoading}
                      onView={flows ? setDrill : undefined}
                    />
                  </Stack>
                )}
              </RoutedTabs>
            </>
          )}
        </Stack>
      </Paper>
      {flows && (
        <FlowsDialog
          request={drill && deviceId ? { product: 'sdwan', window: range, deviceId, graph: tab.graph, key: drill.key } : null}
          title={drill ? `${tab.keyHeader} ${drill.name}` : ''}
          timezone={user.timezone}
          onClose={() => setDrill(null)}
        />
      )}
    </>
  );
}
