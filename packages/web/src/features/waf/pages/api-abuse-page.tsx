import { useMemo } from 'react';
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { canManageTenant, type ApiAbuseView } from '@netloom/domain';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { ErrorPanel } from '@/components/error-panel';
import { CardSkeleton } from '@/components/feedback/skeletons';
import { toast } from '@/components/feedback/toast';
import { PageHeader } from '@/components/page-header';
import { useCurrentUser } from '@/lib/session/session-store';
import { useApiAbuse, useBlockApiKey } from '@/features/waf/api/get-waf-bots';
import { WindowPicker } from '@/features/waf/components/window-picker';
import { useWafFilters } from '@/features/waf/hooks/use-waf-filters';

type KeyRow = ApiAbuseView['keys'][number] & { id: string; why: string; endpoints: string; used_from: string };

const riskColor = (risk: number) => (risk >= 60 ? 'red' : risk >= 30 ? 'orange' : risk > 0 ? 'yellow' : 'gray');

/**
 * QShield › Bot › API Abuse Protection: each API key or token the edges saw (by its fingerprint;
 * no key leaves the edge) against its own week before: sudden volume, ids walked on one endpoint,
 * many client errors, riskiest first. Owners and admins refuse a key at the edges.
 */
export function ApiAbusePage() {
  const filters = useWafFilters();
  const view = useApiAbuse({ ...filters.range, application_id: filters.application_id, edge_id: filters.edge_id });
  return (
    <>
      <PageHeader
        title="API Abuse Protection"
        subtitle="API keys ranked by risk against their own baseline"
        actions={<WindowPicker value={filters.windowKey} onChange={(w) => filters.update({ window: w })} />}
      />
      {view.isError ? <ErrorPanel onRetry={() => void view.refetch()} /> : view.data ? <AbuseBody view={view.data} /> : <CardSkeleton height={400} />}
    </>
  );
}

function AbuseBody({ view }: { view: ApiAbuseView }) {
  const user = useCurrentUser();
  const manager = user ? canManageTenant(user) : false;
  const block = useBlockApiKey();
  const toggle = async (key: string, blocked: boolean) => {
    await block.mutateAsync({ key, blocked });
    toast.success(blocked ? `Key ${key} refused at the edges` : `Key ${key} no longer refused`);
  };
  const rows = useMemo<KeyRow[]>(
    () =>
      view.keys.map((k) => ({
        ...k,
        id: k.key,
        why: k.anomalies.map((a) => a.detail).join('; '),
        endpoints: k.top_templates.map((t) => `${t.method} ${t.template}`).join(', '),
        used_from: k.clients.join(', '),
      })),
    [view.keys],
  );
  const columns: DataTableColumn<KeyRow>[] = [
    { key: 'key', header: 'Key fingerprint' },
    {
      key: 'risk',
      header: 'Risk',
      rowAlign: 'right',
      render: (k) => (
        <Badge variant="light" color={riskColor(k.risk)}>
          {k.risk}
        </Badge>
      ),
    },
    { key: 'why', header: 'Anomalies', width: '22rem' },
    { key: 'per_hour', header: 'Requests / hour', rowAlign: 'right' },
    { key: 'baseline_per_hour', header: 'Usual / hour', rowAlign: 'right', render: (k) => (k.baseline_per_hour === null ? 'New' : k.baseline_per_hour) },
    { key: 'errors4xx', header: '4xx', rowAlign: 'right' },
    { key: 'endpoints', header: 'Endpoints', width: '18rem' },
    { key: 'used_from', header: 'Used from', width: '14rem' },
    {
      key: 'blocked',
      header: 'Edges',
      render: (k) =>
        manager ? (
          <Button
            size="xs"
            variant={k.blocked ? 'light' : 'filled'}
            color={k.blocked ? 'gray' : 'red'}
            loading={block.isPending}
            onClick={() => void toggle(k.key, !k.blocked)}
          >
            {k.blocked ? 'Unblock' : 'Block'}
          </Button>
        ) : k.blocked ? (
          'Refused'
        ) : (
          'Allowed'
        ),
    },
  ];
  return (
    <Stack gap="md">
      <Paper withBorder p="md" aria-label="Summary">
        <Group gap="xl">
          <Text size="sm">
            <b>{view.keys.length.toLocaleString()}</b> key{view.keys.length === 1 ? '' : 's'} seen
          </Text>
          <Text size="sm">
            <b>{view.keys.filter((k) => k.anomalies.length > 0).length.toLocaleString()}</b> with anomalies
          </Text>
          <Text size="sm">
            <b>{view.blocked.length.toLocaleString()}</b> refused at the edges
          </Text>
        </Group>
      </Paper>
      <Paper withBorder p="md">
        <DataTable
          label="API keys by risk"
          columns={columns}
          rows={rows}
          options={{ search: true, sort: true, paging: true, download: true }}
          csv={{ title: 'api-keys' }}
        />
      </Paper>
    </Stack>
  );
}
