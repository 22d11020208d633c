import { Paper, Switch } from '@mantine/core';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { ErrorPanel } from '@/components/error-panel';
import { toast } from '@/components/feedback/toast';
import { PageHeader } from '@/components/page-header';
import { formErrorMessage } from '@/lib/forms';
import { useProviderEdges, useShareEdge, type WafProviderEdge } from '@/features/waf/api/provider-edges';

/**
 * Super Admin › WAF POPs: every tenant's WAF edges; one shared as a POP is offered to every
 * organisation with QShield (its onboarding's edges), and serves their applications beside its own
 * tenant's. It stays shared while it serves another organisation's application.
 */
export function SharedPopsPage() {
  const edges = useProviderEdges();
  const share = useShareEdge();
  const columns: DataTableColumn<WafProviderEdge>[] = [
    { key: 'name', header: 'Edge' },
    { key: 'organisation', header: 'Organisation' },
    { key: 'status', header: 'Status' },
    { key: 'public_ip', header: 'Public IP', type: 'ip' },
    { key: 'sync_state', header: 'Sync' },
    { key: 'applications', header: 'Applications', rowAlign: 'right' },
    { key: 'foreign_applications', header: "Other organisations'", rowAlign: 'right' },
    {
      key: 'shared',
      header: 'Shared POP',
      render: (e) => (
        <Switch
          aria-label={`Share ${e.name}`}
          checked={e.shared}
          disabled={share.isPending}
          onChange={(event) =>
            share.mutate(
              { id: e.id, shared: event.currentTarget.checked },
              { onSuccess: () => toast.edited('WAF POP'), onError: (err) => toast.error(formErrorMessage(err)) },
            )
          }
        />
      ),
    },
  ];
  return (
    <>
      <PageHeader title="WAF POPs" subtitle="WAF edges shared with every organisation that has QShield" />
      <Paper withBorder p="md">
        {edges.isError ? (
          <ErrorPanel onRetry={() => void edges.refetch()} />
        ) : (
          <DataTable
            label="WAF edges"
            columns={columns}
            rows={edges.data ?? []}
            loading={edges.isLoading}
            options={{ search: true, sort: true, refresh: true }}
            onRefresh={() => edges.refetch()}
          />
        )}
      </Paper>
    </>
  );
}
