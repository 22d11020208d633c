import { useState } from 'react';
import { Paper } from '@mantine/core';
import type { LogFilterBody } from '@netloom/domain';
import { EmptyState } from '@/components/empty-state';
import { ErrorPanel } from '@/components/error-panel';
import { LogPager } from '@/components/logs/log-pager';
import { isApiError } from '@/lib/http/api-error';
import { useSquidLogs, useWebFilterLogs } from '@/features/web-filter-analytics/api/get-webfilter-logs';
import { SquidLogTable } from './squid-log-table';
import { UserActivityDialog } from './user-activity-dialog';
import { WebFilterLogTable } from './webfilter-log-table';

interface LogResultsProps {
  body: LogFilterBody;
  timezone: string | null;
  onPage: (page: number) => void;
  onSize: (size: string) => void;
}

/** The server decides who reads these logs: a refusal reads as such rather than as a broken connection. */
function Failure({ error, retry }: { error: unknown; retry: () => void }) {
  if (isApiError(error) && error.status === 403) return <EmptyState title="Permission Denied" description="Your role cannot read these logs." />;
  return <ErrorPanel onRetry={retry} />;
}

export function WebFilterLogResults({ body, timezone, onPage, onSize }: LogResultsProps) {
  const logs = useWebFilterLogs(body);
  const [user, setUser] = useState<string | null>(null);
  return (
    <Paper withBorder p="md">
      {logs.isError ? (
        <Failure error={logs.error} retry={() => void logs.refetch()} />
      ) : (
        <WebFilterLogTable rows={logs.data?.results ?? []} loading={logs.isLoading} timezone={timezone} onUser={setUser} />
      )}
      <LogPager count={logs.data?.count} page={body.page ?? 1} size={body.size ?? 25} onPage={onPage} onSize={onSize} />
      <UserActivityDialog user={user} range="24h" onClose={() => setUser(null)} />
    </Paper>
  );
}

export function SquidLogResults({ body, timezone, onPage, onSize }: LogResultsProps) {
  const logs = useSquidLogs(body);
  return (
    <Paper withBorder p="md">
      {logs.isError ? (
        <Failure error={logs.error} retry={() => void logs.refetch()} />
      ) : (
        <SquidLogTable rows={logs.data?.results ?? []} loading={logs.isLoading} timezone={timezone} />
      )}
      <LogPager count={logs.data?.count} page={body.page ?? 1} size={body.size ?? 25} onPage={onPage} onSize={onSize} />
    </Paper>
  );
}
