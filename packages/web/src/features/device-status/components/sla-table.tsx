import { Badge } from '@mantine/core';
import { MISSING_TEXT, formatAxisValue, type StatusSnapshot } from '@netloom/domain';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';

type SlaEntry = Extract<StatusSnapshot, { kind: 'sla' }>['entries'][number];

const STATE_COLOURS: Record<SlaEntry['state'], string> = { ok: 'green', degraded: 'orange', down: 'red' };
const STATE_LABELS: Record<SlaEntry['state'], string> = { ok: 'OK', degraded: 'Degraded', down: 'Down' };

// A link that is down measured no latency or jitter: that reads as missing, not as 0 ms.
const ms = (v: number | null) => (v === null ? MISSING_TEXT : formatAxisValue(v, 'ms'));

const COLUMNS: DataTableColumn<SlaEntry>[] = [
  { key: 'interface', header: 'WAN' },
  { key: 'target', header: 'Target', type: 'ip' },
  { key: 'latency_ms', header: 'Latency', render: (r) => ms(r.latency_ms) },
  { key: 'jitter_ms', header: 'Jitter', render: (r) => ms(r.jitter_ms) },
  { key: 'loss_pct', header: 'Loss', render: (r) => formatAxisValue(r.loss_pct, 'dropRate') },
  {
    key: 'state',
    header: 'State',
    render: (r) => (
      <Badge variant="light" color={STATE_COLOURS[r.state]}>
        {STATE_LABELS[r.state]}
      </Badge>
    ),
  },
];

/** Each WAN's SLA probe as the gateway last measured it, and whether it meets its rules. */
export function SlaTable({ entries, loading, timezone }: { entries: readonly SlaEntry[]; loading: boolean; timezone: string | null }) {
  return (
    <DataTable
      label="SLA of each WAN"
      columns={COLUMNS}
      rows={entries}
      getRowId={(r) => r.interface}
      loading={loading}
      timezone={timezone}
      options={{ search: true, sort: true, download: true }}
    />
  );
}
