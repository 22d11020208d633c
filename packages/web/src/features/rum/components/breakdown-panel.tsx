import { useState } from 'react';
import { Group, SegmentedControl, Text, Title } from '@mantine/core';
import type { RumBreakdown, VitalName } from '@netloom/domain';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { ErrorPanel } from '@/components/error-panel';
import { useRumBreakdown, type RumPageQuery } from '@/features/rum/api/get-rum-analytics';
import type { RumFilter } from '@/features/rum/hooks/use-rum-filters';
import { RatingBadge } from './rating-badge';
import { formatVital, percent } from './vital-format';

const BY: { value: RumBreakdown; label: string }[] = [
  { value: 'page', label: 'Page' },
  { value: 'country', label: 'Country' },
  { value: 'browser', label: 'Browser' },
  { value: 'device_class', label: 'Device' },
  { value: 'os', label: 'OS' },
];

type Row = { key: string; p75: number | null; samples: number; good_share: number | null; rating: 'good' | 'needs-improvement' | 'poor' | null };

/** The vital's p75 by page or route, country, browser, device class or OS; a row narrows the page to it. */
export function BreakdownPanel({ query, vital, onFilter }: { query: RumPageQuery; vital: VitalName; onFilter: (f: RumFilter, value: string) => void }) {
  const [by, setBy] = useState<RumBreakdown>('page');
  const breakdown = useRumBreakdown(query, vital, by);
  const header = BY.find((b) => b.value === by)!.label;
  const columns: DataTableColumn<Row>[] = [
    { key: 'key', header, render: (r) => r.key || 'Unknown' },
    { key: 'p75', header: `${vital} p75`, render: (r) => formatVital(vital, r.p75) },
    { key: 'rating', header: 'Rating', render: (r) => <RatingBadge rating={r.rating} /> },
    { key: 'good_share', header: 'Good', render: (r) => percent(r.good_share) },
    { key: 'samples', header: 'Samples' },
  ];
  // OS is shown, not filtered by: the queries narrow by page, country, browser and device class.
  const filterable = by !== 'os';
  return (
    <>
      <Group justify="space-between" mb="xs">
        <Title order={2} fz="md">
          {vital} by {header.toLowerCase()}
        </Title>
        <SegmentedControl aria-label="Break down by" size="xs" data={BY} value={by} onChange={(v) => setBy(v as RumBreakdown)} />
      </Group>
      {breakdown.isError ? (
        <ErrorPanel onRetry={() => void breakdown.refetch()} />
      ) : (
        <DataTable
          label={`${vital} by ${header.toLowerCase()}`}
          columns={columns}
          rows={(breakdown.data?.results ?? []).map((r) => ({ ...r, id: r.key, actionButtonName: filterable && r.key ? 'Filter' : undefined }))}
          loading={breakdown.isLoading}
          options={{ sort: true, search: true, paging: true }}
          onRowAction={filterable ? (r) => r.key && onFilter(by as RumFilter, r.key) : undefined}
          emptyState={<Text c="dimmed">No samples in this window</Text>}
        />
      )}
    </>
  );
}
