import { Badge, Paper } from '@mantine/core';
import type { z } from 'zod';
import type { customUrlReportRowSchema } from '@netloom/domain';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { EmptyState } from '@/components/empty-state';
import { ErrorPanel } from '@/components/error-panel';
import { useCustomUrlsReport } from '@/features/web-filter-analytics/api/get-custom-urls-report';
import { ACTION_BADGE_COLORS } from './action-colors';

type CustomUrlReportRow = z.infer<typeof customUrlReportRowSchema>;

const columns: DataTableColumn<CustomUrlReportRow>[] = [
  { key: 'url', header: 'URL', width: '20rem' },
  {
    key: 'list',
    header: 'List',
    render: (r) => (
      <Badge variant="light" color={ACTION_BADGE_COLORS[r.list]} tt="none">
        {r.list === 'blocked' ? 'Blocked' : 'Allowed'}
      </Badge>
    ),
  },
  // A URL of no policy is on the organisation's own list, which every policy honours.
  { key: 'policy_name', header: 'Policy', render: (r) => r.policy_name ?? 'Organisation' },
  { key: 'hits', header: 'Hits', rowAlign: 'right' },
];

/** Reports → Custom URLs: every URL an admin listed, on which list and policy, and how often it matched. */
export function CustomUrlsReport() {
  const report = useCustomUrlsReport();
  if (report.isError) return <ErrorPanel onRetry={() => void report.refetch()} />;
  return (
    <Paper withBorder p="md">
      <DataTable
        label="Custom URLs"
        data-testid="custom-urls-table"
        columns={columns}
        getRowId={(r) => `${r.policy_id ?? 'organisation'}-${r.list}-${r.url}`}
        rows={report.data ?? []}
        loading={report.isLoading}
        options={{ search: true, sort: true, download: true, paging: true }}
        csv={{ title: 'custom-urls', titles: ['URL', 'List', 'Policy', 'Hits'], keys: ['url', 'list', 'policy_name', 'hits'] }}
        emptyState={<EmptyState title="No custom URLs yet" description="URLs added to the organisation's lists or to a policy show here." />}
      />
    </Paper>
  );
}
