import { CloseButton, Group, Paper, Pill, Stack, Text } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';
import type { DemScoreDimension } from '@netloom/domain';
import { ErrorPanel } from '@/components/error-panel';
import { PageHeader } from '@/components/page-header';
import { RoutedTabs, useRoutedTab } from '@/components/routed-tabs';
import { paths } from '@/paths';
import { useDemScores } from '@/features/dem/api/get-dem-scores';
import { ScoreFormula } from '@/features/dem/components/score-formula';
import { ScoresTable } from '@/features/dem/components/scores-table';
import { DemWindowPicker } from '@/features/dem/components/window-picker';
import { DEM_NARROWING, useDemFilters } from '@/features/dem/hooks/use-dem-filters';

const TABS: readonly [ScoreTab, ...ScoreTab[]] = [
  { route: 'application', label: 'By application' },
  { route: 'user', label: 'By user' },
  { route: 'location', label: 'By location' },
  { route: 'network', label: 'By network' },
];

interface ScoreTab {
  route: DemScoreDimension;
  label: string;
}

const NARROWING_LABEL = { user: 'User', location: 'Location', network: 'Network' } as const;

/**
 * DEM › Experience scores: the window's score per application, user, location or network (a tab
 * each, in the URL), narrowed to a user, location or network by picking it, with the formula.
 */
export function DemScoresPage() {
  const { tab, open } = useRoutedTab(TABS);
  const by = tab.route;
  const { window, filter, update } = useDemFilters();
  const scores = useDemScores(by, filter);
  const navigate = useNavigate();
  const { search } = useLocation();
  const narrowedBy = DEM_NARROWING.filter((k) => filter[k]);

  const narrow = (key: (typeof DEM_NARROWING)[number], value: string) => {
    // Narrowed to a user (say), the applications tab shows how each application fares for them.
    const next = new URLSearchParams(search);
    next.set(key, value);
    void navigate({ pathname: paths.dem.scores('application'), search: `?${next.toString()}` });
  };

  return (
    <>
      <PageHeader
        title="Experience scores"
        subtitle="The experience score per application, user, location and network, from the endpoints' tests"
        actions={<DemWindowPicker value={window} onChange={(w) => update({ window: w })} />}
      />
      <Stack gap="md">
        {narrowedBy.length > 0 && (
          <Group gap="xs" aria-label="Narrowed to">
            <Text size="sm" c="dimmed">
              Narrowed to
            </Text>
            {narrowedBy.map((k) => (
              <Pill key={k} size="md">
                <Group gap={4} wrap="nowrap">
                  {NARROWING_LABEL[k]}: {filter[k]}
                  <CloseButton size="xs" aria-label={`Clear the ${k} filter`} onClick={() => update({ [k]: null })} />
                </Group>
              </Pill>
            ))}
          </Group>
        )}
        <Paper withBorder p="md">
          <RoutedTabs tabs={TABS} value={tab.route} onChange={open}>
            {scores.isError ? (
              <ErrorPanel onRetry={() => void scores.refetch()} />
            ) : (
              <ScoresTable by={by} results={scores.data?.results ?? []} loading={scores.isLoading} onNarrow={narrow} />
            )}
          </RoutedTabs>
        </Paper>
        <ScoreFormula />
      </Stack>
    </>
  );
}
