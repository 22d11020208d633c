import { Badge } from '@mantine/core';
import type { Delivery } from '@netloom/domain';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { ErrorPanel } from '@/components/error-panel';
import { useDeliveries } from '../api/channels';

const COLOURS: Record<Delivery['state'], string> = { pending: 'yellow', delivered: 'green', failed: 'red' };
const columns: DataTableColumn<Delivery>[] = [
  { key: 'summary', header: 'Notification' },
  {
    key: 'state',
    header: 'State',
    render: (d) => (
      <Badge variant="light" color={COLOURS[d.state]}>
        {d.state}
      </Badge>
    ),
  },
  { key: 'attempts', header: 'Tries' },
  { key: 'status_code', header: 'HTTP status' },
  { key: 'error', header: 'Last error' },
  { key: 'created_at', header: 'Queued', type: 'date' },
];

/** What a channel sent, newest first: the state, how many tries, the webhook's answer. */
export function DeliveryLog({ channelId, timezone }: { channelId: string; timezone: string | null }) {
  const log = useDeliveries(channelId);
  if (log.isError) return <ErrorPanel onRetry={() => void log.refetch()} />;
  return <DataTable label="Deliveries" columns={columns} rows={log.data?.results ?? []} loading={!log.data} timezone={timezone} options={{ paging: true }} />;
}
