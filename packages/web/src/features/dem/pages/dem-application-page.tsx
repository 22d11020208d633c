import { useMemo } from 'react';
import { Anchor, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import type { DemApplication } from '@netloom/domain';
import { EmptyState } from '@/components/empty-state';
import { ErrorPanel } from '@/components/error-panel';
import { CardSkeleton } from '@/components/feedback/skeletons';
import { PageHeader } from '@/components/page-header';
import { useCurrentUser } from '@/lib/session/session-store';
import { paths } from '@/paths';
import { useDemAffectedUsers } from '@/features/dem/api/get-dem-affected-users';
import { useDemApplications } from '@/features/dem/api/get-dem-applications';
import { useDemResults } from '@/features/dem/api/get-dem-results';
import { useDemScores } from '@/features/dem/api/get-dem-scores';
import { useDemTimeseries } from '@/features/dem/api/get-dem-timeseries';
import { useDemZtnaServers } from '@/features/dem/api/get-ztna-servers';
import { AffectedUsersTable } from '@/features/dem/components/affected-users-table';
import { ApplicationCharts } from '@/features/dem/components/application-charts';
import { DegradationPanel } from '@/features/dem/components/degradation-panel';
import { ResultsTable } from '@/features/dem/components/results-table';
import { ScoreBadge } from '@/features/dem/components/score-badge';
import { ScoreFormula } from '@/features/dem/components/score-formula';
import { DemWindowPicker } from '@/features/dem/components/window-picker';
import { useDemFilters } from '@/features/dem/hooks/use-dem-filters';

/** The newest results the page lists (the table pages through them). */
const RESULTS_SHOWN = 100;

/**
 * One monitored application: its score and each component's timing over the window, what
 * degrades it, the users affected now and the latest test results, with the score's formula.
 */
export function DemApplicationPage() {
  const { applicationId = '' } = useParams();
  const user = useCurrentUser();
  const timezone = user?.timezone ?? null;
  const { window, filter: base, update } = useDemFilters();
  const filter = useMemo(() => ({ ...base, application_id: applicationId }), [base, applicationId]);
  const applications = useDemApplications();
  const application = applications.data?.find((a) => a.id === applicationId);
  const scores = useDemScores('application', filter);
  const series = useDemTimeseries(filter);
  const affected = useDemAffectedUsers(filter);
  const results = useDemResults(filter, 1, RESULTS_SHOWN);
  const row = scores.data?.results.find((r) => r.key === applicationId) ?? null;

  if (applications.isError) return <ErrorPanel onRetry={() => void applications.refetch()} />;
  if (!applications.data) return <CardSkeleton height={300} />;
  if (!application)
    return (
      <EmptyState
        title="No such application"
        description="It may have been deleted, or it belongs to another organisation."
        action={
          <Anchor component={Link} to={paths.dem.dashboard}>
            Back to the overview
          </Anchor>
        }
      />
    );

  return (
    <>
      <PageHeader
        title={application.name}
        subtitle={<TargetText application={application} />}
        actions={<DemWindowPicker value={window} onChange={(w) => update({ window: w })} />}
      />
      <Stack gap="md">
        <Grid>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Paper withBorder p="md" h="100%">
              <Stack gap="md">
                <Group gap="sm" aria-label="Application score">
                  <Text fw={600}>Experience score</Text>
                  <ScoreBadge score={row?.score ?? null} size="xl" />
                  {row && (
                    <Text size="xs" c="dimmed">
                      {row.samples.toLocaleString()} tests
                    </Text>
                  )}
                </Group>
                {scores.isError ? (
                  <ErrorPanel onRetry={() => void scores.refetch()} />
                ) : (
                  <DegradationPanel scores={row} affected={affected.data?.results ?? []} />
                )}
              </Stack>
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Paper withBorder p="md" h="100%">
              {series.isError ? (
                <ErrorPanel onRetry={() => void series.refetch()} />
              ) : series.data ? (
                <ApplicationCharts series={series.data} timezone={timezone} />
              ) : (
                <CardSkeleton height={300} />
              )}
            </Paper>
          </Grid.Col>
        </Grid>
        <Paper withBorder p="md">
          <Title order={2} size="h4" mb="sm">
            Users affected now
          </Title>
          {affected.isError ? (
            <ErrorPanel onRetry={() => void affected.refetch()} />
          ) : (
            <AffectedUsersTable users={affected.data?.results ?? []} loading={affected.isLoading} timezone={timezone} />
          )}
        </Paper>
        <Paper withBorder p="md">
          <Title order={2} size="h4" mb="sm">
            Latest test results
          </Title>
          {results.isError ? (
            <ErrorPanel onRetry={() => void results.refetch()} />
          ) : (
            <ResultsTable results={results.data?.results ?? []} loading={results.isLoading} timezone={timezone} />
          )}
        </Paper>
        <ScoreFormula />
      </Stack>
    </>
  );
}

/** Where the application is tested: its URL, or the ZTNA server it names. */
function TargetText({ application }: { application: DemApplication }) {
  const servers = useDemZtnaServers();
  const kind = application.kind === 'saas' ? 'SaaS' : 'Private application';
  if ('url' in application.target) return `${kind} · ${application.target.url}`;
  const id = application.target.ztna_server_id;
  const server = servers.data?.find((s) => s.id === id);
  return `${kind} · ZTNA server ${server ? `${server.name} (${server.address})` : id}`;
}
