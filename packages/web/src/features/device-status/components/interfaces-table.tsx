import type { StatusSnapshot } from '@netloom/domain';
import { MISSING_TEXT } from '@netloom/domain';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';

type InterfaceEntry = Extract<StatusSnapshot, { kind: 'interfaces' }>['entries'][number];

const KIND_LABELS: Record<InterfaceEntry['kind'], string> = { lan: 'LAN', vlan: 'VLAN', wan: 'WAN' };

const COLUMNS: DataTableColumn<InterfaceEntry>[] = [
  { key: 'name', header: 'Interface' },
  { key: 'kind', header: 'Kind', render: (r) => KIND_LABELS[r.kind] },
  { key: 'address', header: 'Address', type: 'ip' },
  // An interface without an address (a WAN waiting for DHCP) has no prefix either.
  { key: 'prefix', header: 'Prefix', render: (r) => (r.prefix === null ? MISSING_TEXT : `/${r.prefix}`) },
];

/** The gateway's interfaces and their addresses, as it last reported them. */
export function InterfacesTable({ entries, timezone }: { entries: readonly InterfaceEntry[]; timezone: string | null }) {
  return (
    <DataTable
      label="Interfaces"
      columns={COLUMNS}
      rows={entries}
      getRowId={(r) => r.name}
      timezone={timezone}
      options={{ search: true, sort: true, download: true }}
    />
  );
}
