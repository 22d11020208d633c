import { useMemo } from 'react';
import { Grid, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { WafSummary } from '@netloom/domain';
import { PieChart } from '@/components/charts/pie-chart';
import { ErrorPanel } from '@/components/error-panel';
import { CardSkeleton } from '@/components/feedback/skeletons';
import { PageHeader } from '@/components/page-header';
import { useCurrentUser } from '@/lib/session/session-store';
import { useWafSummary } from '@/features/waf/api/get-waf-summary';
import { SummaryBars } from '@/features/waf/components/summary-charts';
import { attacksOverTimeOption, limitsFiredOption } from '@/features/waf/components/summary-options';
import { TopList } from '@/features/waf/components/top-list';
import { WindowPicker } from '@/features/waf/components/window-picker';
import { useWafFilters } from '@/features/waf/hooks/use-waf-filters';
import { FigureTile } from '@/features/waf/components/figure-tile';

const TILES: {
  key: keyof Pick<WafSummary, 'requests' | 'attacks' | 'blocked' | 'detected' | 'rate_limited' | 'denied' | 'challenged'>;
  label: string;
  color?: string;
}[] = [
  { key: 'requests', label: 'Requests' },
  { key: 'attacks', label: 'Attacks' },
  { key: 'blocked', label: 'Blocked', color: 'red' },
  { key: 'detected', label: 'Detected', color: 'orange' },
  { key: 'rate_limited', label: 'Rate-limited', color: 'yellow.8' },
  { key: 'denied', label: 'Denied (lists)', color: 'grape' },
  { key: 'challenged', label: 'Challenged', color: 'cyan' },
];

/** QShield's dashboard and Threat Analytics › Backend WAF: what the edges saw and did in a window. */
export function WafDashboardPage() {
  const filters = useWafFilters();
  const summary = useWafSummary({ ...filters.range, application_id: filters.application_id, edge_id: filters.edge_id });
  return (
    <>
      <PageHeader
        title="Backend WAF"
        subtitle="Requests and attacks of the protected applications"
        actions={<WindowPicker value={filters.windowKey} onChange={(w) => filters.update({ window: w })} />}
      />
      {summary.isError ? (
        <ErrorPanel onRetry={() => void summary.refetch()} />
      ) : summary.data ? (
        <SummaryBody summary={summary.data} />
      ) : (
        <CardSkeleton height={400} />
      )}
    </>
  );
}

function SummaryBody({ summary }: { summary: WafSummary }) {
  const timezone = useCurrentUser()?.timezone ?? null;
  const overTime = useMemo(() => attacksOverTimeOption(summary.series, timezone), [summary.series, timezone]);
  const limits = useMemo(() => limitsFiredOption(summary.limits_fired, timezone), [summary.limits_fired, timezone]);
  const categories = useMemo(() => summary.by_category.map((r) => ({ name: r.key, value: r.count })), [summary.by_category]);
  // A client address the GeoIP database does not place has no country: it still counts, as 'Unknown'.
  const countries = useMemo(() => summary.by_country.map((r) => ({ name: r.key || 'Unknown', value: r.count })), [summary.by_country]);
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: 4, lg: 7 }}>
        {TILES.map((t) => (
          <FigureTile key={t.key} label={t.label} value={summary[t.key]} color={t.color} />
        ))}
      </SimpleGrid>
      <Paper withBorder p="md">
        <SummaryBars title="Attacks over time" empty={summary.series.every((b) => b.blocked + b.detected + b.other === 0)} option={overTime} />
      </Paper>
      <Grid>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Paper withBorder p="md">
            <PieChart title="Attacks by category" data={categories} donut />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Paper withBorder p="md">
            <PieChart title="Attacks by country" data={countries} donut />
          </Paper>
        </Grid.Col>
      </Grid>
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        <Paper withBorder p="md">
          <TopList title="Top clients" keyHeader="Client" rows={summary.by_client} />
        </Paper>
        <Paper withBorder p="md">
          <TopList title="Top paths" keyHeader="Path" rows={summary.top_paths} />
        </Paper>
        <Paper withBorder p="md">
          <TopList title="Top rules" keyHeader="Rule" rows={summary.top_rules} />
        </Paper>
      </SimpleGrid>
      <Paper withBorder p="md">
        <Group justify="space-between" mb={4}>
          <Text size="xs" c="dimmed">
            Requests refused by the DDoS and rate limits
          </Text>
        </Group>
        <SummaryBars title="When limits fired" height={180} empty={summary.limits_fired.every((r) => r.count === 0)} option={limits} />
      </Paper>
    </Stack>
  );
}
