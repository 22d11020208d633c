import { Badge, Group, Paper, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { API_DRIFT_KINDS, type ApiDriftKind, type WafApiDriftRow } from '@netloom/domain';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { ErrorPanel } from '@/components/error-panel';
import { PageHeader } from '@/components/page-header';
import { useCurrentUser } from '@/lib/session/session-store';
import { useApiDrift } from '@/features/waf/api/api-security';
import { ApplicationFilter } from '@/features/waf/components/application-filter';
import { useWafFilters } from '@/features/waf/hooks/use-waf-filters';

const KIND_LOOK: Record<ApiDriftKind, { label: string; color: string }> = {
  shadow: { label: 'Shadow endpoint', color: 'red' },
  zombie: { label: 'Zombie endpoint', color: 'orange' },
  undeclared_param: { label: 'Undeclared parameter', color: 'yellow' },
  type_mismatch: { label: 'Type mismatch', color: 'grape' },
  gone: { label: 'Gone', color: 'gray' },
};
const STATES = ['all', 'open', 'resolved'] as const;
type State = (typeof STATES)[number];

type Row = WafApiDriftRow & { endpoint: string; state: string };

const columns: DataTableColumn<Row>[] = [
  { key: 'application', header: 'Application' },
  {
    key: 'kind',
    header: 'Change',
    render: (r) => (
      <Badge variant="light" color={KIND_LOOK[r.kind].color}>
        {KIND_LOOK[r.kind].label}
      </Badge>
    ),
  },
  { key: 'method', header: 'Method' },
  {
    key: 'endpoint',
    header: 'Endpoint',
    width: '18rem',
    render: (r) => (
      <Text size="sm" style={{ wordBreak: 'break-all' }}>
        {r.endpoint}
      </Text>
    ),
  },
  { key: 'detail', header: 'What was seen', width: '16rem' },
  { key: 'first_seen', header: 'Appeared', type: 'date' },
  {
    key: 'state',
    header: 'State',
    render: (r) =>
      r.resolved_at ? (
        <Badge variant="light" color="green">
          Resolved
        </Badge>
      ) : (
        <Badge variant="light" color="red">
          Open
        </Badge>
      ),
  },
  { key: 'resolved_at', header: 'Resolved', type: 'date' },
  { key: 'resolution', header: 'Why', render: (r) => r.resolution ?? '—' },
];

/**
 * QShield › API Security › Diff Logs: the history of where each application's traffic and its
 * OpenAPI document disagreed — shadow and zombie endpoints, undeclared parameters, type mismatches,
 * endpoints gone — each with when it appeared and when and why it was resolved.
 */
export function DiffLogsPage() {
  const user = useCurrentUser();
  const filters = useWafFilters();
  const kindParam = filters.get('kind');
  const kind = API_DRIFT_KINDS.find((k) => k === kindParam);
  const stateParam = filters.get('state');
  const state: State = STATES.find((s) => s === stateParam) ?? 'all';
  const drift = useApiDrift({ application_id: filters.application_id, kind, state: state === 'all' ? undefined : state });
  const rows: Row[] = (drift.data ?? []).map((r) => ({
    ...r,
    endpoint: r.param ? `${r.path} ?${r.param}` : r.path,
    state: r.resolved_at ? 'resolved' : 'open',
  }));
  return (
    <>
      <PageHeader title="Diff Logs" subtitle="Where each application's traffic and its OpenAPI document disagreed, and when" />
      <Stack gap="md">
        <Group gap="xs">
          <ApplicationFilter filters={filters} />
          <Select
            aria-label="Change"
            placeholder="Every change"
            size="xs"
            w={200}
            clearable
            data={API_DRIFT_KINDS.map((k) => ({ value: k, label: KIND_LOOK[k].label }))}
            value={kind ?? null}
            onChange={(v) => filters.update({ kind: v })}
          />
          <SegmentedControl
            aria-label="State"
            size="xs"
            data={[
              { value: 'all', label: 'All' },
              { value: 'open', label: 'Open' },
              { value: 'resolved', label: 'Resolved' },
            ]}
            value={state}
            onChange={(v) => filters.update({ state: v === 'all' ? null : v })}
          />
        </Group>
        <Paper withBorder p="md">
          {drift.isError ? (
            <ErrorPanel onRetry={() => void drift.refetch()} />
          ) : (
            <DataTable
              label="API drift"
              columns={columns}
              rows={rows}
              loading={drift.isLoading}
              timezone={user?.timezone}
              options={{ search: true, sort: true, paging: true, download: true, refresh: true }}
              csv={{ title: 'api-diff-logs' }}
              onRefresh={() => drift.refetch()}
            />
          )}
        </Paper>
      </Stack>
    </>
  );
}
