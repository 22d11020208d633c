import { Badge, Group, Text } from '@mantine/core';
import type { WafApplication, WafEdge } from '@netloom/domain';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { EmptyState } from '@/components/empty-state';
import { ModeBadge, SyncStateBadge } from './sync-state-badge';

const TLS_LABEL: Record<WafApplication['tls_mode'], string> = { none: 'HTTP only', upload: 'Certificate', self_signed: 'Self-signed' };

interface ApplicationTableProps {
  applications: readonly WafApplication[];
  edges: readonly WafEdge[];
  loading: boolean;
  writer: boolean;
  onView: (app: WafApplication) => void;
  onEdit: (app: WafApplication) => void;
  onDelete: (app: WafApplication) => void;
}

/** The protected applications: where they are served, how they stand with DNS and their policy. */
export function ApplicationTable({ applications, edges, loading, writer, onView, onEdit, onDelete }: ApplicationTableProps) {
  const edgeName = new Map(edges.map((e) => [e.id, e.name]));
  const columns: DataTableColumn<WafApplication>[] = [
    { key: 'name', header: 'Name' },
    { key: 'domains', header: 'Domains', type: 'array' },
    { key: 'origins', header: 'Origins', render: (a) => a.origins.map((o) => (a.origins.length > 1 ? `${o.url} (${o.weight})` : o.url)).join(', ') },
    {
      key: 'tls_mode',
      header: 'TLS',
      render: (a) => (
        <Text size="sm" title={a.certificate ? `${a.certificate.subject}, until ${a.certificate.not_after}` : undefined}>
          {TLS_LABEL[a.tls_mode]}
        </Text>
      ),
    },
    { key: 'edge_ids', header: 'Edges', render: (a) => (a.edge_ids.length ? a.edge_ids.map((id) => edgeName.get(id) ?? id).join(', ') : '—') },
    {
      key: 'dns',
      header: 'DNS verified',
      render: (a) => (
        <Badge variant="light" color={a.dns.verified ? 'green' : a.dns.verified === false ? 'red' : 'gray'}>
          {a.dns.verified ? 'Verified' : a.dns.verified === false ? 'Not verified' : 'Not checked'}
        </Badge>
      ),
    },
    { key: 'sync_state', header: 'Sync', render: (a) => <SyncStateBadge state={a.sync_state} /> },
    {
      key: 'mode',
      header: 'Mode',
      render: (a) => (
        <Group gap={4} wrap="nowrap">
          <ModeBadge mode={a.mode} />
          {a.api && (
            <Badge variant="light" color="violet">
              API
            </Badge>
          )}
        </Group>
      ),
    },
  ];
  return (
    <DataTable
      label="Protected applications"
      columns={columns}
      rows={applications}
      loading={loading}
      options={{ sort: true, search: true, download: false, paging: true }}
      onView={onView}
      onEdit={writer ? onEdit : undefined}
      onDelete={writer ? onDelete : undefined}
      emptyState={<EmptyState title="No application protected yet" description="Onboard an application to put it behind the WAF." />}
    />
  );
}
