import { Anchor, Text } from '@mantine/core';
import type { WebFilterLogRow } from '@netloom/domain';
import { UrlText } from './url-text';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { EmptyState } from '@/components/empty-state';
import { useGatewayLabel } from '@/lib/use-gateway-labels';
import { ActionBadge } from './action-badge';
import { RULE_LABELS } from './rule-labels';

interface WebFilterLogTableProps {
  rows: readonly WebFilterLogRow[];
  loading: boolean;
  timezone: string | null;
  /** A user's name opens their web activity. */
  onUser: (user: string) => void;
}

const VIA_LABELS: Record<WebFilterLogRow['via'], string> = { agent: 'Agent', proxy: 'Proxy' };

/** One page of web-filter decisions: who asked for what, from which device, and what the filter did and why. */
export function WebFilterLogTable({ rows, loading, timezone, onUser }: WebFilterLogTableProps) {
  // A proxy on a gateway logs under the gateway's name: two 'branch' gateways read with their serials.
  const label = useGatewayLabel();
  const columns: DataTableColumn<WebFilterLogRow>[] = [
    { key: 'time', header: 'Time', type: 'date' },
    {
      key: 'user',
      header: 'User',
      render: (r) =>
        r.user ? (
          <Anchor component="button" type="button" size="sm" onClick={() => onUser(r.user ?? '')} aria-label={`Web activity of ${r.user}`}>
            {r.user}
          </Anchor>
        ) : (
          <Text size="sm" c="dimmed">
            Unknown
          </Text>
        ),
    },
    { key: 'device_name', header: 'Device', width: '9rem', render: (r) => label(r.device_id, r.device_name ?? r.device_id) },
    { key: 'domain', header: 'Domain' },
    {
      key: 'url',
      header: 'URL',
      width: '16rem',
      render: (r) => <UrlText url={r.url} minWidth="14rem" />,
    },
    { key: 'category_name', header: 'Category' },
    { key: 'action', header: 'Action', width: '6.5rem', render: (r) => <ActionBadge action={r.action} /> },
    { key: 'policy_name', header: 'Policy', render: (r) => r.policy_name ?? '—' },
    {
      key: 'rule',
      header: 'Rule',
      width: '11rem',
      render: (r) => (r.matched ? `${RULE_LABELS[r.rule]}: ${r.matched}` : RULE_LABELS[r.rule]),
    },
    { key: 'via', header: 'Seen by', render: (r) => VIA_LABELS[r.via] },
  ];
  return (
    <DataTable
      label="Web filter log entries"
      data-testid="webfilter-logs-table"
      columns={columns}
      rows={rows}
      loading={loading}
      timezone={timezone}
      // The page searches, filters, pages and exports on the server (every page, not just this one).
      options={{ sort: false, search: false, download: false, paging: false }}
      emptyState={<EmptyState title="No Logs Available yet!" />}
    />
  );
}
