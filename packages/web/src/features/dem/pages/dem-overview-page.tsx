import { Anchor, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { canWriteConfig } from '@netloom/domain';
import { ErrorPanel } from '@/components/error-panel';
import { CardSkeleton } from '@/components/feedback/skeletons';
import { PageHeader } from '@/components/page-header';
import { useCurrentUser } from '@/lib/session/session-store';
import { paths } from '@/paths';
import { useDemAffectedUsers } from '@/features/dem/api/get-dem-affected-users';
import { useDemOverview } from '@/features/dem/api/get-dem-overview';
import { AffectedUsersTable } from '@/features/dem/components/affected-users-table';
import { ApplicationScoresTable } from '@/features/dem/components/application-scores-table';
import { FigureTile } from '@/features/dem/components/figure-tile';
import { ScoreBadge } from '@/features/dem/components/score-badge';
import { DemWindowPicker } from '@/features/dem/components/window-picker';
import { useDemFilters } from '@/features/dem/hooks/use-dem-filters';

/**
 * DEM's dashboard: the workforce's experience score over the window, each monitored application's
 * score with its trend and the component that pulls it down, and the users whose experience is
 * poor now with the cause named (DNS, Wi-Fi, the ZTNA relay, the application…).
 */
export function DemOverviewPage() {
  const user = useCurrentUser();
  const writer = user ? canWriteConfig(user) : false;
  const { window, filter, update } = useDemFilters();
  const overview = useDemOverview(filter);
  const affected = useDemAffectedUsers(filter);
  return (
    <>
      <PageHeader
        title="Digital Experience"
        subtitle="How your workforce experiences the applications it depends on, measured from its endpoints"
        actions={<DemWindowPicker value={window} onChange={(w) => update({ window: w })} />}
      />
      <Stack gap="md">
        {overview.isError ? (
          <ErrorPanel onRetry={() => void overview.refetch()} />
        ) : !overview.data ? (
          <CardSkeleton height={120} />
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <FigureTile label="Experience score" note="Mean of every test in the window">
              <ScoreBadge score={overview.data.score} size="xl" />
            </FigureTile>
            <FigureTile label="Applications monitored">{overview.data.applications.length.toLocaleString()}</FigureTile>
            <FigureTile label="Users affected now" note="Their latest tests score under the application's alarm threshold">
              <Text component="span" inherit c={overview.data.users_affected_now > 0 ? 'red' : undefined}>
                {overview.data.users_affected_now.toLocaleString()}
              </Text>
            </FigureTile>
          </SimpleGrid>
        )}
        <Paper withBorder p="md">
          <Title order={2} size="h4" mb="sm">
            Applications
          </Title>
          <ApplicationScoresTable applications={overview.data?.applications ?? []} loading={overview.isLoading} writer={writer} />
        </Paper>
        <Paper withBorder p="md">
          <Title order={2} size="h4" mb="sm">
            Users affected now
          </Title>
          {affected.isError ? (
            <ErrorPanel onRetry={() => void affected.refetch()} />
          ) : (
            <AffectedUsersTable users={affected.data?.results ?? []} loading={affected.isLoading} timezone={user?.timezone ?? null} />
          )}
        </Paper>
        <Group gap="lg">
          <Anchor component={Link} to={paths.dem.scores()} size="sm">
            Scores by application, user, location and network, and how the score is made
          </Anchor>
          <Anchor component={Link} to={paths.dem.alarms} size="sm">
            Alarms
          </Anchor>
        </Group>
      </Stack>
    </>
  );
}
