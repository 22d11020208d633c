import { Paper } from '@mantine/core';
import type { LogFilterBody } from '@netloom/domain';
import { EmptyState } from '@/components/empty-state';
import { ErrorPanel } from '@/components/error-panel';
import { LogPager } from '@/components/logs/log-pager';
import { isApiError } from '@/lib/http/api-error';
import { useSessionLogs } from '@/features/ztna-sessions/api/get-session-logs';
import { SessionLogTable } from './session-log-table';

interface SessionLogResultsProps {
  body: LogFilterBody;
  timezone: string | null;
  onPage: (page: number) => void;
  onSize: (size: string) => void;
}

/** The page of sessions the payload asks for, with its pager; the server's refusal reads as such rather than as a broken connection. */
export function SessionLogResults({ body, timezone, onPage, onSize }: SessionLogResultsProps) {
  const logs = useSessionLogs(body);
  return (
    <Paper withBorder p="md">
      {logs.isError ? (
        isApiError(logs.error) && logs.error.status === 403 ? (
          <EmptyState title="Permission Denied" description="Your role cannot read these logs." />
        ) : (
          <ErrorPanel onRetry={() => void logs.refetch()} />
        )
      ) : (
        <SessionLogTable rows={logs.data?.results ?? []} loading={logs.isLoading} timezone={timezone} />
      )}
      <LogPager count={logs.data?.count} page={body.page ?? 1} size={body.size ?? 25} onPage={onPage} onSize={onSize} />
    </Paper>
  );
}
