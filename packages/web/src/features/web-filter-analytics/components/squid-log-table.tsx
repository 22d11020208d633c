import { Code } from '@mantine/core';
import type { z } from 'zod';
import type { squidLogRowSchema } from '@netloom/domain';
import { UrlText } from './url-text';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { EmptyState } from '@/components/empty-state';
import { useGatewayLabel } from '@/lib/use-gateway-labels';

type SquidLogRow = z.infer<typeof squidLogRowSchema>;

interface SquidLogTableProps {
  rows: readonly SquidLogRow[];
  loading: boolean;
  timezone: string | null;
}

/** One page of the proxy's access log: its fields as columns, and the line as the proxy wrote it. */
export function SquidLogTable({ rows, loading, timezone }: SquidLogTableProps) {
  // A proxy on a gateway logs under the gateway's name: two 'branch' gateways read with their serials.
  const label = useGatewayLabel();
  const columns: DataTableColumn<SquidLogRow>[] = [
    { key: 'time', header: 'Time', type: 'date' },
    { key: 'device_name', header: 'Device', width: '9rem', render: (r) => label(r.device_id, r.device_name ?? r.device_id) },
    { key: 'client_ip', header: 'Client', type: 'ip' },
    { key: 'user', header: 'User', render: (r) => r.user ?? '—' },
    { key: 'method', header: 'Method' },
    {
      key: 'url',
      header: 'URL',
      width: '14rem',
      render: (r) => <UrlText url={r.url} minWidth="12rem" />,
    },
    // The proxy's result code with the HTTP status, as the line has it (TCP_DENIED/403).
    { key: 'result', header: 'Result' },
    { key: 'bytes', header: 'Bytes', type: 'bytes', rowAlign: 'right' },
    {
      key: 'elapsed_ms',
      header: 'Elapsed',
      rowAlign: 'right',
      width: '6rem',
      render: (r) => <span style={{ whiteSpace: 'nowrap' }}>{r.elapsed_ms.toLocaleString()} ms</span>,
    },
    {
      key: 'line',
      header: 'Access log line',
      width: '30rem',
      render: (r) => (
        <Code block fz="xs" miw="24rem" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
          {r.line}
        </Code>
      ),
    },
  ];
  return (
    <DataTable
      label="Squid access log entries"
      data-testid="squid-logs-table"
      columns={columns}
      rows={rows}
      loading={loading}
      timezone={timezone}
      options={{ sort: false, search: false, download: false, paging: false }}
      emptyState={<EmptyState title="No Logs Available yet!" />}
    />
  );
}
