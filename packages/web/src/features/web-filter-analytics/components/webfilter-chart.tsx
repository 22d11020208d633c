import { useMemo } from 'react';
import { Box, Center, Stack, Text } from '@mantine/core';
import { NO_TRAFFIC_DATA_TEXT, PIE_PALETTE, TOOLTIP_THROTTLE_MS, type WebFilterSummary } from '@netloom/domain';
import { ChartErrorBoundary } from '@/components/charts/chart-error-boundary';
import { EChart } from '@/components/charts/echart';
import { buildPieOption } from '@/components/charts/pie-option';
import { ACTION_COLORS, actionOfKey } from './action-colors';
import { BucketKeysTable } from './bucket-keys-table';
import { buildRequestsOverTimeOption } from './requests-over-time-option';
import { buildBucketBarsOption } from './webfilter-bars-option';
import { chartHasData, isWebFilterChart, webFilterChartLabel, type BucketChartId, type WebFilterChartId } from './webfilter-charts';

interface WebFilterChartProps {
  /** As asked (URL, stored preference): an unknown id shows the empty state. */
  chart: string;
  summary: WebFilterSummary | undefined;
  height: number;
  timezone: string | null;
  /** A user was picked in Top Users: the panel opens their drill-down. Without it (a reader of totals only) users are not links. */
  onUser?: ((user: string) => void) | undefined;
}

const KEY_HEADERS: Record<BucketChartId, string> = {
  top_blocked_urls: 'URL',
  top_allowed_urls: 'URL',
  top_urls: 'URL',
  top_users: 'User',
  action_distribution: 'Action',
};
const BAR_COLORS: Partial<Record<BucketChartId, string>> = { top_blocked_urls: ACTION_COLORS.blocked, top_allowed_urls: ACTION_COLORS.allowed };

const actionColor = (key: string, i: number) => {
  const action = actionOfKey(key);
  return action ? ACTION_COLORS[action] : (PIE_PALETTE[i % PIE_PALETTE.length] ?? PIE_PALETTE[0]);
};

// The spec's catalogue gives the web filter summary the same empty text as top traffic (001 §8).
function NoData({ height }: { height: number }) {
  return (
    <Center h={height}>
      <Text c="dimmed" size="sm">
        {NO_TRAFFIC_DATA_TEXT}
      </Text>
    </Center>
  );
}

function ChartBody({ chart, summary, height, timezone, onUser }: WebFilterChartProps & { chart: WebFilterChartId; summary: WebFilterSummary }) {
  const label = webFilterChartLabel(chart);
  const option = useMemo(() => {
    if (chart === 'requests_over_time') return buildRequestsOverTimeOption(summary.requests_over_time.buckets, timezone);
    const buckets = summary[chart].buckets;
    if (chart === 'action_distribution') {
      return buildPieOption({
        data: buckets.map((b) => ({ name: b.key, value: b.doc_count })),
        donut: true,
        palette: buckets.map((b, i) => actionColor(b.key, i)),
      });
    }
    return buildBucketBarsOption(buckets, BAR_COLORS[chart]);
  }, [chart, summary, timezone]);
  if (!option) return <NoData height={height} />;
  const onItemClick = chart === 'top_users' && onUser ? (item: { name: string }) => onUser(item.name) : undefined;
  return (
    <Stack gap="xs">
      <EChart option={option} height={height} ariaLabel={label} tooltipThrottleMs={TOOLTIP_THROTTLE_MS} onItemClick={onItemClick} />
      {chart === 'requests_over_time' ? (
        <OverTimeTotals summary={summary} />
      ) : (
        <BucketKeysTable
          label={label}
          keyHeader={KEY_HEADERS[chart]}
          buckets={summary[chart].buckets}
          onKeyClick={chart === 'top_users' ? onUser : undefined}
          colorOf={chart === 'action_distribution' ? actionColor : undefined}
        />
      )}
    </Stack>
  );
}

/** The window's totals under the stacked bars, as text for readers the canvas leaves out. */
function OverTimeTotals({ summary }: { summary: WebFilterSummary }) {
  const buckets = summary.requests_over_time.buckets;
  const allowed = buckets.reduce((a, b) => a + b.allow, 0);
  const blocked = buckets.reduce((a, b) => a + b.blocked, 0);
  return (
    <Text size="xs" c="dimmed" data-testid="webfilter-keys">
      Allowed: {allowed.toLocaleString()} · Blocked: {blocked.toLocaleString()}
    </Text>
  );
}

/** One chart of the web-filter panel; a drawing failure stays inside the panel. */
export function WebFilterChart(props: WebFilterChartProps) {
  const { chart, summary, height } = props;
  const known = isWebFilterChart(chart) ? chart : null;
  return (
    <Box data-testid="webfilter-chart" data-chart={chart}>
      <ChartErrorBoundary height={height}>
        {known && summary && chartHasData(known, summary) ? <ChartBody {...props} chart={known} summary={summary} /> : <NoData height={height} />}
      </ChartErrorBoundary>
    </Box>
  );
}
