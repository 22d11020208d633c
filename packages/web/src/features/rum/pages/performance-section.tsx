import { Grid, Paper, Stack } from '@mantine/core';
import type { VitalName } from '@netloom/domain';
import { ErrorPanel } from '@/components/error-panel';
import { CardSkeleton } from '@/components/feedback/skeletons';
import { useRumOverview, type RumPageQuery } from '@/features/rum/api/get-rum-analytics';
import { BreakdownPanel } from '@/features/rum/components/breakdown-panel';
import { OverviewTiles } from '@/features/rum/components/overview-tiles';
import { SlowestPages } from '@/features/rum/components/slowest-pages';
import { VitalCharts } from '@/features/rum/components/vital-charts';
import type { RumFilter } from '@/features/rum/hooks/use-rum-filters';

interface PerformanceSectionProps {
  query: RumPageQuery;
  vital: VitalName;
  onVital: (v: VitalName) => void;
  onFilter: (f: RumFilter, value: string) => void;
}

/** The window's figures and vitals, the chosen vital over time, by page, country, browser and device, and the slowest pages. */
export function PerformanceSection({ query, vital, onVital, onFilter }: PerformanceSectionProps) {
  const overview = useRumOverview(query);
  return (
    <Stack gap="md">
      {overview.isError ? (
        <ErrorPanel onRetry={() => void overview.refetch()} />
      ) : overview.data ? (
        <OverviewTiles overview={overview.data} vital={vital} onVital={onVital} />
      ) : (
        <CardSkeleton height={160} />
      )}
      <VitalCharts query={query} vital={vital} />
      <Grid>
        <Grid.Col span={{ base: 12, xl: 6 }}>
          <Paper withBorder p="md">
            <BreakdownPanel query={query} vital={vital} onFilter={onFilter} />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, xl: 6 }}>
          <Paper withBorder p="md">
            <SlowestPages query={query} vital={vital} />
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
