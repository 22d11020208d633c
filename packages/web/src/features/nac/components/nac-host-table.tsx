import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { EmptyState } from '@/components/empty-state';
import type { NacHostRow } from '@/features/nac/api/get-nac-hosts';
import { DecisionBadge, EnforcedState } from './decision-badges';

const COLUMNS: DataTableColumn<NacHostRow>[] = [
  { key: 'mac', header: 'MAC' },
  { key: 'ip', header: 'IP', type: 'ip' },
  { key: 'hostname', header: 'Hostname', render: (h) => h.hostname ?? '—' },
  { key: 'vendor', header: 'Vendor', render: (h) => h.vendor ?? '—' },
  { key: 'os', header: 'OS', render: (h) => h.os ?? '—' },
  { key: 'gateway_name', header: 'Gateway' },
  { key: 'interface', header: 'Interface', render: (h) => h.interface ?? '—' },
  { key: 'first_seen', header: 'First seen', type: 'date' },
  { key: 'last_seen', header: 'Last seen', type: 'date' },
  { key: 'decision', header: 'Decision', render: (h) => <DecisionBadge decision={h.decision} /> },
  { key: 'state', header: 'Enforced', render: (h) => <EnforcedState decision={h.decision} state={h.state} /> },
];

interface NacHostTableProps {
  rows: readonly NacHostRow[];
  loading: boolean;
  timezone: string | null;
  /** Owners and admins choose hosts to decide about; others only read. */
  selection: { selectedIds: readonly string[]; onChange: (macs: string[]) => void } | null;
  filtered: boolean;
}

/** One page of the hosts the gateways saw, each with its decision and what its gateway enforces. */
export function NacHostTable({ rows, loading, timezone, selection, filtered }: NacHostTableProps) {
  return (
    <DataTable
      label="NAC hosts"
      data-testid="nac-hosts-table"
      columns={COLUMNS}
      rows={rows}
      getRowId={(h) => h.mac}
      loading={loading}
      timezone={timezone}
      selection={selection ?? undefined}
      // The page searches, filters and pages on the server.
      options={{ sort: false, search: false, download: false, paging: false }}
      emptyState={
        filtered ? (
          <EmptyState title="No Matching Result(s)." description="No host matches the search and decision chosen." />
        ) : (
          <EmptyState title="No hosts seen yet" description="Gateways list the devices they see on the organisation's networks every few minutes." />
        )
      }
    />
  );
}
