import { Badge } from '@mantine/core';
import type { z } from 'zod';
import type { demResultsPageSchema } from '@netloom/domain';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { EmptyState } from '@/components/empty-state';
import { CauseBadge } from './cause-badge';
import { ScoreBadge } from './score-badge';

type Result = z.infer<typeof demResultsPageSchema>['results'][number];
type Row = Result & { id: string };

const KIND_LABEL: Record<Result['kind'], string> = { http: 'HTTP(S) page', path: 'Network path', availability: 'Availability' };
const NETWORK_LABEL: Record<Result['network'], string> = { wifi: 'Wi-Fi', wired: 'Wired', cellular: 'Cellular' };
const ms = (v: number | null) => (v === null ? '—' : `${Math.round(v)} ms`);

const columns: DataTableColumn<Row>[] = [
  { key: 'at', header: 'Time', type: 'date' },
  { key: 'user', header: 'User', render: (r) => r.user ?? '—' },
  { key: 'device_name', header: 'Endpoint' },
  { key: 'kind', header: 'Test', render: (r) => KIND_LABEL[r.kind] },
  {
    key: 'ok',
    header: 'Result',
    render: (r) => (
      <Badge variant="light" color={r.ok ? 'green' : 'red'} title={r.error ?? undefined}>
        {r.ok ? (r.status ? `OK (${r.status})` : 'OK') : (r.error ?? 'Failed')}
      </Badge>
    ),
  },
  { key: 'total_ms', header: 'Total', rowAlign: 'right', render: (r) => ms(r.total_ms ?? r.latency_ms) },
  { key: 'path', header: 'Path', render: (r) => (r.path === 'relay' ? `Relay${r.relay ? ` ${r.relay}` : ''}` : 'Direct') },
  {
    key: 'network',
    header: 'Network',
    render: (r) => [NETWORK_LABEL[r.network], r.wifi_ssid, r.wifi_signal_dbm === null ? null : `${r.wifi_signal_dbm} dBm`].filter(Boolean).join(' · '),
  },
  { key: 'score', header: 'Score', render: (r) => <ScoreBadge score={r.score} size="sm" /> },
  { key: 'cause', header: 'Cause', render: (r) => (r.cause ? <CauseBadge cause={r.cause} /> : '—') },
];

/** The latest test results of an application, one row per test an endpoint ran. */
export function ResultsTable({ results, loading, timezone }: { results: readonly Result[]; loading: boolean; timezone: string | null }) {
  const rows = results.map((r, i) => ({ ...r, id: `${r.device_id} ${r.test_id} ${r.at} ${i}` }));
  return (
    <DataTable
      label="Latest test results"
      columns={columns}
      rows={rows}
      loading={loading}
      timezone={timezone}
      options={{ sort: true, search: true, paging: true, download: true }}
      csv={{ title: 'dem-results' }}
      emptyState={<EmptyState title="No test results yet" description="The endpoints run the application's tests on its interval." />}
    />
  );
}
