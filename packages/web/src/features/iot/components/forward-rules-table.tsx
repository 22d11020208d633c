import type { IotForwardRule } from '@netloom/domain';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { EmptyState } from '@/components/empty-state';

const columns: DataTableColumn<IotForwardRule>[] = [
  { key: 'position', header: 'Order', rowAlign: 'right' },
  { key: 'filter', header: 'Topic filter', width: '20rem' },
  { key: 'series', header: 'Series' },
  { key: 'unit', header: 'Unit', render: (r) => r.unit ?? '—' },
  { key: 'value_path', header: 'Value path', render: (r) => r.value_path ?? 'The payload' },
  { key: 'device_wildcard', header: 'Device', render: (r) => (r.device_wildcard ? `Level + ${r.device_wildcard}` : 'The publisher') },
  { key: 'updated_at', header: 'Changed', type: 'date' },
];

interface ForwardRulesTableProps {
  rules: readonly IotForwardRule[];
  loading: boolean;
  timezone: string | null;
  writer: boolean;
  onEdit: (r: IotForwardRule) => void;
  onDelete: (r: IotForwardRule) => void;
}

/** The forwarding rules in the order they are tried: the first whose filter matches a topic decides. */
export function ForwardRulesTable({ rules, loading, timezone, writer, onEdit, onDelete }: ForwardRulesTableProps) {
  return (
    <DataTable
      label="Forwarding rules"
      columns={columns}
      rows={rules}
      loading={loading}
      timezone={timezone}
      options={{ sort: false, search: true, paging: true, download: false }}
      onEdit={writer ? onEdit : undefined}
      onDelete={writer ? onDelete : undefined}
      emptyState={
        <EmptyState
          title="No forwarding rule yet"
          description="The gateways bridge their sites' MQTT; a rule turns the topics it matches into a series of each device."
        />
      }
    />
  );
}
