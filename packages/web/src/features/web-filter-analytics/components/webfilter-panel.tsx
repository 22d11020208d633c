import { useState } from 'react';
import { Group, Paper, Select, Skeleton, Stack, Text } from '@mantine/core';
import { WEBFILTER_CHARTS, WEBFILTER_RANGES, canReadBrowsingData, type WebFilterRange } from '@netloom/domain';
import { ErrorPanel } from '@/components/error-panel';
import { useCurrentUser } from '@/lib/session/session-store';
import { useWebFilterGraph } from '@/features/web-filter-analytics/api/get-webfilter-graph';
import { useWebFilterChoice } from '@/features/web-filter-analytics/hooks/use-webfilter-choice';
import { UserActivityDialog } from './user-activity-dialog';
import { WebFilterChart } from './webfilter-chart';
import { RANGE_LABELS } from './webfilter-charts';

const CHART_HEIGHT = 320;
const CHART_CHOICES = WEBFILTER_CHARTS.map((c) => ({ value: c.id, label: c.label }));
const RANGE_CHOICES = WEBFILTER_RANGES.map((r) => ({ value: r, label: RANGE_LABELS[r] }));

/**
 * The ZTNA dashboard's web-filter panel (spec 000 §2.7, shown when URL Stats is on): one chart
 * of the web filter summary over the last hour, day or week. A user in Top Users opens their
 * activity for those who may read personal browsing data (owners and admins); others see the totals.
 */
export function WebFilterPanel({ timezone }: { timezone: string | null }) {
  const { chart, range, setChart, setRange } = useWebFilterChoice();
  const graph = useWebFilterGraph(range);
  const [user, setUser] = useState<string | null>(null);
  const me = useCurrentUser();
  const browsing = me !== null && canReadBrowsingData(me);

  return (
    <Paper withBorder p="md" data-testid="webfilter-panel" data-tour="webfilter-graphs">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end">
          <Text fw={600}>Web Filter</Text>
          <Group gap="sm" align="flex-end">
            <Select aria-label="Web filter chart" data={CHART_CHOICES} value={chart} onChange={(v) => v && setChart(v)} allowDeselect={false} w={220} />
            <Select
              aria-label="Web filter time range"
              data={RANGE_CHOICES}
              value={range}
              onChange={(v) => v && setRange(v as WebFilterRange)}
              allowDeselect={false}
              w={160}
            />
          </Group>
        </Group>
        {graph.isError ? (
          <ErrorPanel onRetry={() => void graph.refetch()} />
        ) : graph.isLoading ? (
          <Skeleton h={CHART_HEIGHT} aria-label="Loading web filter chart" />
        ) : (
          <WebFilterChart chart={chart} summary={graph.data} height={CHART_HEIGHT} timezone={timezone} onUser={browsing ? setUser : undefined} />
        )}
      </Stack>
      {browsing && <UserActivityDialog user={user} range={range} onClose={() => setUser(null)} />}
    </Paper>
  );
}
