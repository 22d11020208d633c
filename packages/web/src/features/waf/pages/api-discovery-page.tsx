import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { WafDiscoveredEndpoint } from '@netloom/domain';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { ErrorPanel } from '@/components/error-panel';
import { PageHeader } from '@/components/page-header';
import { useCurrentUser } from '@/lib/session/session-store';
import { useApiDiscovery } from '@/features/waf/api/get-api-discovery';
import { ApplicationFilter } from '@/features/waf/components/application-filter';
import { WindowPicker } from '@/features/waf/components/window-picker';
import { useWafFilters } from '@/features/waf/hooks/use-waf-filters';

type Row = WafDiscoveredEndpoint & { id: string; error_rate: string };

const columns: DataTableColumn<Row>[] = [
  { key: 'application', header: 'Application', render: (e) => e.application ?? '—' },
  { key: 'method', header: 'Method', render: (e) => <Badge variant="light">{e.method}</Badge> },
  {
    key: 'template',
    header: 'Endpoint',
    width: '18rem',
    render: (e) => (
      <Text size="sm" style={{ wordBreak: 'break-all' }}>
        {e.template}
      </Text>
    ),
  },
  {
    key: 'requests',
    header: 'Requests',
    rowAlign: 'right',
    // From a sample (the application's discovery settings): scaled, an estimate.
    render: (e) => (e.estimated ? `≈ ${e.requests.toLocaleString()}` : e.requests.toLocaleString()),
  },
  { key: 'error_rate', header: 'Errors', rowAlign: 'right' },
  // Requests that carried an Authorization or X-API-Key header: whether the endpoint is used with credentials.
  { key: 'auth_rate', header: 'With credentials', rowAlign: 'right' },
  { key: 'statuses', header: 'Statuses', render: (e) => e.statuses.map((s) => `${s.status} × ${s.requests}`).join(', ') },
  {
    key: 'params',
    header: 'Query parameters',
    width: '16rem',
    render: (e) =>
      e.params.length ? (
        <Group gap={4}>
          {e.params.map((p) => (
            <Badge key={p.name} variant="outline" color={p.pii ? 'red' : 'gray'} tt="none">
              {`${p.name}: ${p.types.join(' | ')}${p.pii ? ' (personal data)' : ''}`}
            </Badge>
          ))}
        </Group>
      ) : (
        '—'
      ),
  },
  { key: 'first_seen', header: 'First seen', type: 'date' },
  { key: 'last_seen', header: 'Last seen', type: 'date' },
];

/**
 * QShield › Threat Analytics › API Discovery: the endpoints the edges' traffic shows, learnt from
 * the access log (a path's numbers, UUIDs, hashes and dates become placeholders), with their
 * errors, statuses and the query parameters seen.
 */
export function ApiDiscoveryPage() {
  const user = useCurrentUser();
  const filters = useWafFilters();
  const endpoints = useApiDiscovery({ ...filters.range, application_id: filters.application_id, edge_id: filters.edge_id });
  const rows: Row[] = (endpoints.data ?? []).map((e) => ({
    ...e,
    id: `${e.application_id ?? ''} ${e.method} ${e.template}`,
    error_rate: `${e.estimated ? '≈ ' : ''}${e.errors.toLocaleString()} (${e.requests ? Math.round((100 * e.errors) / e.requests) : 0} %)`,
    auth_rate: `${e.requests ? Math.round((100 * e.authenticated) / e.requests) : 0} %`,
  }));
  return (
    <>
      <PageHeader title="API Discovery" subtitle="The endpoints the protected applications' traffic shows" />
      <Stack gap="md">
        <Group gap="xs">
          <WindowPicker value={filters.windowKey} onChange={(w) => filters.update({ window: w })} />
          <ApplicationFilter filters={filters} />
        </Group>
        <Paper withBorder p="md">
          {endpoints.isError ? (
            <ErrorPanel onRetry={() => void endpoints.refetch()} />
          ) : (
            <DataTable
              label="Discovered endpoints"
              columns={columns}
              rows={rows}
              loading={endpoints.isLoading}
              timezone={user?.timezone}
              options={{ search: true, sort: true, paging: true, download: true, refresh: true }}
              csv={{ title: 'api-endpoints' }}
              onRefresh={() => endpoints.refetch()}
            />
          )}
        </Paper>
      </Stack>
    </>
  );
}
