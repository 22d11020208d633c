import { useState } from 'react';
import { Button, Group, Paper, Select, Skeleton, Stack, Text } from '@mantine/core';
import { IconList } from '@tabler/icons-react';
import {
  TRAFFIC_CHARTS,
  TRAFFIC_RANGES,
  canReadBrowsingData,
  trafficChartLabel,
  type TrafficChartId,
  type TrafficProduct,
  type TrafficRangeMinutes,
} from '@netloom/domain';
import { ErrorPanel } from '@/components/error-panel';
import { useCurrentUser } from '@/lib/session/session-store';
import { useTrafficGraph } from '@/features/traffic/api/get-traffic-graph';
import { useTopTrafficChoice } from '@/features/traffic/hooks/use-top-traffic-choice';
import { FlowsDialog } from './flows-dialog';
import { TopTrafficChart } from './top-traffic-chart';
import type { DrillTarget } from './top-traffic-bars';
import { rangeLabel, type TrafficWindow } from './traffic-window';

const CHART_HEIGHT = 340;
const CHART_CHOICES = TRAFFIC_CHARTS.map((c) => ({ value: c.id, label: c.label }));
const RANGE_CHOICES = TRAFFIC_RANGES.map((r) => ({ value: String(r.minutes), label: r.label }));

export interface TopTrafficPanelProps {
  product: TrafficProduct;
  /** The dashboard's device group; null for 'All Device Groups'. */
  networkId: string | null;
  timezone: string | null;
}

/**
 * The dashboards' top-traffic panel (spec 000 §2.7): one of the nine top-N charts over the last
 * hour, day or week, bytes in MB. A bar opens the flows behind it; 'All flows' opens the window's.
 * Flow records are personal browsing data: only owners and admins get them, the others the chart.
 */
export function TopTrafficPanel({ product, networkId, timezone }: TopTrafficPanelProps) {
  const { chart, minutes, setChart, setMinutes } = useTopTrafficChoice();
  const range: TrafficWindow = { kind: 'last', minutes };
  const graph = useTrafficGraph({ product, graph: chart, window: range, networkId });
  const [drill, setDrill] = useState<DrillTarget | 'all' | null>(null);
  const user = useCurrentUser();
  const flows = user !== null && canReadBrowsingData(user);
  const flowsRequest = drill === null ? null : { product, window: range, networkId, ...(drill === 'all' ? {} : { graph: drill.graph, key: drill.key }) };

  return (
    <Paper withBorder p="md" data-tour="top-traffic">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end">
          <Text fw={600}>Top Traffic</Text>
          <Group gap="sm" align="flex-end">
            <Select aria-label="Chart" data={CHART_CHOICES} value={chart} onChange={(v) => v && setChart(v as TrafficChartId)} allowDeselect={false} w={240} />
            <Select
              aria-label="Time range"
              data={RANGE_CHOICES}
              value={String(minutes)}
              onChange={(v) => v && setMinutes(Number(v) as TrafficRangeMinutes)}
              allowDeselect={false}
              w={150}
            />
            {flows && (
              <Button variant="default" leftSection={<IconList size={16} />} onClick={() => setDrill('all')}>
                All flows
              </Button>
            )}
          </Group>
        </Group>
        {graph.isError ? (
          <ErrorPanel onRetry={() => void graph.refetch()} />
        ) : graph.isLoading ? (
          <Skeleton h={CHART_HEIGHT} aria-label={`Loading ${trafficChartLabel(chart)}`} />
        ) : (
          <TopTrafficChart chart={chart} rows={graph.data?.results ?? []} height={CHART_HEIGHT} onDrill={flows ? setDrill : undefined} />
        )}
      </Stack>
      {flows && (
        <FlowsDialog
          request={flowsRequest}
          title={drill === 'all' ? `All traffic, ${rangeLabel(minutes)}` : drill ? `${drill.title}, ${rangeLabel(minutes)}` : ''}
          timezone={timezone}
          onClose={() => setDrill(null)}
        />
      )}
    </Paper>
  );
}
