import { Paper } from '@mantine/core';
import { ErrorPanel } from '@/components/error-panel';
import { PageHeader } from '@/components/page-header';
import { useCurrentUser } from '@/lib/session/session-store';
import { useNdrHosts } from '@/features/ndr/api/get-ndr-hosts';
import { HostsAtRiskTable } from '@/features/ndr/components/hosts-at-risk-table';

/** NDR › Hosts at risk: every host a detection still weighs on, the riskiest first (at most 500). */
export function NdrHostsPage() {
  const user = useCurrentUser();
  const hosts = useNdrHosts(500);
  return (
    <>
      <PageHeader title="Hosts at risk" subtitle="Scores fall by half each day after a host's detections were last seen" />
      <Paper withBorder p="md">
        {hosts.isError ? (
          <ErrorPanel onRetry={() => void hosts.refetch()} />
        ) : (
          <HostsAtRiskTable hosts={hosts.data ?? []} loading={hosts.isLoading} timezone={user?.timezone ?? null} paging />
        )}
      </Paper>
    </>
  );
}
