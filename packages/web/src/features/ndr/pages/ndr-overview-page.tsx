import { Anchor, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { NDR_SEVERITIES } from '@netloom/domain';
import { ErrorPanel } from '@/components/error-panel';
import { CardSkeleton } from '@/components/feedback/skeletons';
import { PageHeader } from '@/components/page-header';
import { useCurrentUser } from '@/lib/session/session-store';
import { paths } from '@/paths';
import { useNdrHosts } from '@/features/ndr/api/get-ndr-hosts';
import { useNdrOverview } from '@/features/ndr/api/get-ndr-overview';
import { FigureTile } from '@/features/ndr/components/figure-tile';
import { HostsAtRiskTable } from '@/features/ndr/components/hosts-at-risk-table';
import { SEVERITY_LOOK } from '@/features/ndr/components/ndr-labels';
import { OverviewCharts } from '@/features/ndr/components/overview-charts';
import { NdrWindowPicker } from '@/features/ndr/components/window-picker';
import { useNdrWindow } from '@/features/ndr/hooks/use-ndr-window';

/** Seconds as the engine's lag reads best: under a minute in seconds, then minutes. */
const lagText = (s: number) => (s < 60 ? `${Math.round(s)} s` : `${Math.round(s / 60)} min`);

/**
 * NDR's dashboard: the detections of the window by severity and ATT&CK tactic over time, what is
 * still untriaged, the hosts at risk ranked by their score, and how far the detection engine runs
 * behind the evidence.
 */
export function NdrOverviewPage() {
  const user = useCurrentUser();
  const timezone = user?.timezone ?? null;
  const [window, setWindow] = useNdrWindow();
  const overview = useNdrOverview(window);
  const hosts = useNdrHosts(10);
  const o = overview.data;
  const total = o ? NDR_SEVERITIES.reduce((n, s) => n + o.by_severity[s], 0) : 0;
  return (
    <>
      <PageHeader
        title="Network Detection and Response"
        subtitle="Threats found in your network's flows, DNS queries and IDS alerts, and the hosts they put at risk"
        actions={<NdrWindowPicker value={window} onChange={setWindow} />}
      />
      <Stack gap="md">
        {overview.isError ? (
          <ErrorPanel onRetry={() => void overview.refetch()} />
        ) : !o ? (
          <CardSkeleton height={120} />
        ) : (
          <>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
              <FigureTile label="Detections" note={NDR_SEVERITIES.map((s) => `${SEVERITY_LOOK[s].label} ${o.by_severity[s]}`).join(' · ')}>
                <Anchor component={Link} to={paths.ndr.detections} inherit>
                  {total.toLocaleString()}
                </Anchor>
              </FigureTile>
              <FigureTile label="Open" note="Not yet triaged, whenever seen">
                <Anchor component={Link} to={`${paths.ndr.detections}?status=new&window=30d`} inherit c={o.open > 0 ? 'red' : undefined}>
                  {o.open.toLocaleString()}
                </Anchor>
              </FigureTile>
              <FigureTile label="Hosts at risk" note="A detection of theirs still weighs on their score">
                {o.hosts_at_risk.toLocaleString()}
              </FigureTile>
              <FigureTile label="Engine lag" note={`${o.engine.queued.toLocaleString()} evidence records queued`}>
                <Text component="span" inherit c={o.engine.lag_seconds > 300 ? 'orange' : undefined}>
                  {lagText(o.engine.lag_seconds)}
                </Text>
              </FigureTile>
            </SimpleGrid>
            <OverviewCharts overview={o} timezone={timezone} />
            {o.by_tactic.length > 0 && (
              <Paper withBorder p="md">
                <Title order={2} size="h4" mb="sm">
                  ATT&CK tactics
                </Title>
                <Group gap="lg">
                  {o.by_tactic.map((t) => (
                    <Anchor key={t.tactic} component={Link} to={`${paths.ndr.detections}?tactic=${t.tactic}&window=${window}`} size="sm">
                      {`${t.name} (${t.tactic}): ${t.count}`}
                    </Anchor>
                  ))}
                </Group>
              </Paper>
            )}
          </>
        )}
        <Paper withBorder p="md">
          <Group justify="space-between" mb="sm">
            <Title order={2} size="h4">
              Hosts at risk
            </Title>
            <Anchor component={Link} to={paths.ndr.hosts} size="sm">
              Every host at risk
            </Anchor>
          </Group>
          {hosts.isError ? (
            <ErrorPanel onRetry={() => void hosts.refetch()} />
          ) : (
            <HostsAtRiskTable hosts={hosts.data ?? []} loading={hosts.isLoading} timezone={timezone} />
          )}
        </Paper>
        <Group gap="lg">
          <Anchor component={Link} to={paths.ndr.detections} size="sm">
            Detections
          </Anchor>
          <Anchor component={Link} to={paths.ndr.actions} size="sm">
            Response actions
          </Anchor>
          <Anchor component={Link} to={paths.ndr.rules} size="sm">
            Detection rules
          </Anchor>
        </Group>
      </Stack>
    </>
  );
}
