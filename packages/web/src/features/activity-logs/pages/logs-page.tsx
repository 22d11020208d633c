import { useState } from 'react';
import { Button, Group, Pagination, Paper, Select, Text, TextInput } from '@mantine/core';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { canReadLogs } from '@netloom/domain';
import { DateRangeButton } from '@/components/inputs/date-range-button';
import { EmptyState } from '@/components/empty-state';
import { ErrorPanel } from '@/components/error-panel';
import { toast } from '@/components/feedback/toast';
import { formErrorMessage } from '@/lib/forms';
import { useCurrentUser } from '@/lib/session/session-store';
import { useDownloadLogs } from '@/features/activity-logs/api/download-logs';
import { useLogs, type LogKind } from '@/features/activity-logs/api/get-logs';
import { LogsTable } from '@/features/activity-logs/components/logs-table';

const SIZES = ['10', '25', '50', '100'];

/**
 * Login and activity logs (spec 000 §2.15 logs), a tab of the logs section (its header and tabs
 * are the route's: other features add tabs there). Search, date range, page and page size live in
 * the URL; the server filters and pages, and its CSV has every row of the filter.
 */
export function LogsPage({ kind }: { kind: LogKind }) {
  const user = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const page = Number(params.get('page') ?? 1) || 1;
  const size = Number(params.get('size') ?? 25) || 25;
  const search = params.get('q') ?? '';
  const start = params.get('from') ?? undefined;
  const end = params.get('to') ?? undefined;
  const [term, setTerm] = useState(search);
  const filter = { search: search || undefined, start_time: start, end_time: end };
  const logs = useLogs(kind, { page, page_size: size, ...filter });
  const download = useDownloadLogs(kind);
  const tz = user?.timezone ?? null;

  const update = (patch: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch))
      if (v) next.set(k, v);
      else next.delete(k);
    if (!('page' in patch)) next.delete('page');
    setParams(next, { replace: true });
  };
  if (user && !canReadLogs(user)) return <EmptyState title="Permission Denied" description="Only owners and admins can read the logs." />;

  const pages = Math.max(1, Math.ceil((logs.data?.count ?? 0) / size));

  return (
    <>
      <Group mb="sm" justify="space-between">
        <Group>
          <TextInput
            aria-label="Search logs"
            placeholder="Search user, action, target, IP"
            leftSection={<IconSearch size={16} />}
            value={term}
            w={300}
            onChange={(e) => setTerm(e.currentTarget.value)}
            onKeyDown={(e) => e.key === 'Enter' && update({ q: term.trim() || null })}
            onBlur={() => term.trim() !== search && update({ q: term.trim() || null })}
          />
          <DateRangeButton start={start} end={end} timezone={tz} onApply={(r) => update({ from: r?.start_time ?? null, to: r?.end_time ?? null })} />
        </Group>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          loading={download.isPending}
          onClick={() => download.mutate(filter, { onError: (e) => toast.error(formErrorMessage(e)) })}
        >
          Download CSV
        </Button>
      </Group>
      <Paper withBorder p="md">
        {logs.isError ? (
          <ErrorPanel onRetry={() => void logs.refetch()} />
        ) : (
          <LogsTable rows={logs.data?.results ?? []} loading={logs.isLoading} timezone={tz} />
        )}
        <Group justify="space-between" mt="md">
          <Text size="sm" c="dimmed">
            {logs.data ? `${logs.data.count} entries` : ''}
          </Text>
          <Group>
            <Select aria-label="Rows per page" data={SIZES} value={String(size)} w={90} size="xs" allowDeselect={false} onChange={(v) => update({ size: v })} />
            <Pagination total={pages} value={Math.min(page, pages)} onChange={(p) => update({ page: String(p) })} size="sm" />
          </Group>
        </Group>
      </Paper>
    </>
  );
}
