import { Badge, Paper } from '@mantine/core';
import type { z } from 'zod';
import type { urlRuleRowSchema } from '@netloom/domain';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { EmptyState } from '@/components/empty-state';
import { ErrorPanel } from '@/components/error-panel';
import { useUrlRules } from '@/features/web-filter-analytics/api/get-url-rules';
import { ACTION_BADGE_COLORS } from './action-colors';
import { UrlListCell } from './url-list-cell';

type UrlRuleRow = z.infer<typeof urlRuleRowSchema>;

const columns: DataTableColumn<UrlRuleRow>[] = [
  { key: 'order', header: 'Order', rowAlign: 'right', render: (r) => r.order ?? '—' },
  {
    key: 'policy_name',
    header: 'Policy',
    render: (r) => (
      <>
        {r.policy_name}
        {!r.enabled && (
          <Badge ml={6} size="xs" color="gray" variant="light">
            Disabled
          </Badge>
        )}
      </>
    ),
  },
  { key: 'applies_to', header: 'Applies to' },
  { key: 'action', header: 'Action', render: (r) => r.action.charAt(0).toUpperCase() + r.action.slice(1) },
  { key: 'blocks', header: 'Blocks', width: '16rem', render: (r) => <UrlListCell items={r.blocks} color={ACTION_BADGE_COLORS.blocked} /> },
  { key: 'allows', header: 'Allows', width: '16rem', render: (r) => <UrlListCell items={r.allows} color={ACTION_BADGE_COLORS.allowed} /> },
  { key: 'hits_blocked', header: 'Blocked (7 d)', rowAlign: 'right' },
  { key: 'hits_allowed', header: 'Allowed (7 d)', rowAlign: 'right' },
  { key: 'hits_logged', header: 'Logged (7 d)', rowAlign: 'right' },
];

/** Reports → URL rules: what each policy (and the organisation's own lists) blocks or allows, and how often it did in 7 days. */
export function UrlRulesReport({ timezone }: { timezone: string | null }) {
  const rules = useUrlRules();
  if (rules.isError) return <ErrorPanel onRetry={() => void rules.refetch()} />;
  return (
    <Paper withBorder p="md">
      <DataTable
        label="URL rules"
        data-testid="url-rules-table"
        columns={columns}
        // Rows have no id of their own: the organisation's lists have no policy.
        getRowId={(r) => r.policy_id ?? `organisation-${r.policy_name}`}
        rows={rules.data ?? []}
        loading={rules.isLoading}
        timezone={timezone}
        options={{ search: true, sort: true, download: true, paging: true }}
        csv={{
          title: 'url-rules',
          titles: ['Order', 'Policy', 'Enabled', 'Applies to', 'Action', 'Blocks', 'Allows', 'Blocked (7 d)', 'Allowed (7 d)', 'Logged (7 d)'],
          keys: ['order', 'policy_name', 'enabled', 'applies_to', 'action', 'blocks', 'allows', 'hits_blocked', 'hits_allowed', 'hits_logged'],
        }}
        emptyState={<EmptyState title="No web filter rules yet" description="Policies and the organisation's URL lists show here once they exist." />}
      />
    </Paper>
  );
}
