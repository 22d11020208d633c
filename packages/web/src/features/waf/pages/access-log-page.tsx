import { Group, Paper, Stack, Text } from '@mantine/core';
import type { z } from 'zod';
import type { wafLogRowSchema } from '@netloom/domain';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { EmptyState } from '@/components/empty-state';
import { LogPager } from '@/components/logs/log-pager';
import { PageHeader } from '@/components/page-header';
import { useCurrentUser } from '@/lib/session/session-store';
import { useWafLog } from '@/features/waf/api/get-waf-log';
import { FilterText } from '@/features/waf/components/filter-text';
import { ApplicationFilter } from '@/features/waf/components/application-filter';
import { WindowPicker } from '@/features/waf/components/window-picker';
import { LogFailure } from '@/features/waf/components/log-failure';
import { useWafFilters } from '@/features/waf/hooks/use-waf-filters';

type WafLogRow = z.infer<typeof wafLogRowSchema>;

const COLUMNS: DataTableColumn<WafLogRow>[] = [
  { key: 'at', header: 'Time', type: 'date' },
  { key: 'application', header: 'Application', render: (r) => r.application ?? '—' },
  { key: 'edge', header: 'Edge', render: (r) => r.edge ?? '—' },
  { key: 'client_ip', header: 'Client', render: (r) => (r.country ? `${r.client_ip} (${r.country})` : r.client_ip) },
  {
    key: 'path',
    header: 'Request',
    width: '18rem',
    render: (r) => <Text size="sm" style={{ wordBreak: 'break-all' }}>{`${r.method} ${r.host}${r.path}`}</Text>,
  },
  { key: 'status', header: 'Status', rowAlign: 'right' },
  { key: 'bytes', header: 'Bytes', type: 'bytes', rowAlign: 'right' },
  { key: 'elapsed_ms', header: 'Elapsed', rowAlign: 'right', render: (r) => `${r.elapsed_ms.toLocaleString()} ms` },
  { key: 'user_agent', header: 'User agent', render: (r) => r.user_agent ?? '—' },
  { key: 'request_id', header: 'Request id', visible: false },
];

/** QShield › Threat Analytics › Log: every request the edges served, paged by the server. */
export function AccessLogPage() {
  const user = useCurrentUser();
  const filters = useWafFilters();
  const { get, update } = filters;
  const page = Math.max(1, Number(get('page')) || 1);
  const size = Number(get('size')) || 50;
  const status = Number(get('status'));
  const log = useWafLog({
    ...filters.range,
    application_id: filters.application_id,
    edge_id: filters.edge_id,
    status: Number.isInteger(status) && status > 0 ? status : undefined,
    search: get('search'),
    page,
    page_size: size,
  });
  return (
    <>
      <PageHeader title="Log" subtitle="The edges' access log: every request to the protected applications" />
      <Stack gap="md">
        <Group gap="xs">
          <WindowPicker value={filters.windowKey} onChange={(w) => update({ window: w })} />
          <ApplicationFilter filters={filters} />
          <FilterText label="Status" value={get('status') ?? ''} width={90} onApply={(v) => update({ status: v })} />
          <FilterText label="Search path or host" value={get('search') ?? ''} width={220} onApply={(v) => update({ search: v })} />
        </Group>
        <Paper withBorder p="md">
          {log.isError ? (
            <LogFailure error={log.error} retry={() => void log.refetch()} />
          ) : (
            <DataTable
              label="Access log"
              columns={COLUMNS}
              rows={log.data?.results ?? []}
              loading={log.isLoading}
              timezone={user?.timezone ?? null}
              options={{ sort: false, search: false, download: false, paging: false }}
              emptyState={<EmptyState title="No request in this window" />}
            />
          )}
          <LogPager count={log.data?.count} page={page} size={size} onPage={(p) => update({ page: String(p) }, false)} onSize={(s) => update({ size: s })} />
        </Paper>
      </Stack>
    </>
  );
}
