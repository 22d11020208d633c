import { Stack, Text, Title } from '@mantine/core';
import type { RumSlowestPages, VitalName } from '@netloom/domain';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { ErrorPanel } from '@/components/error-panel';
import { useRumSlowestPages, type RumPageQuery } from '@/features/rum/api/get-rum-analytics';
import { RatingBadge } from './rating-badge';
import { formatVital } from './vital-format';

type Row = RumSlowestPages['results'][number];

/** What made a page slow: the LCP element and resource, the slow interaction and the phases of the time. */
function Attribution({ row }: { row: Row }) {
  const a = row.attribution;
  if (!a) return <Text size="sm">—</Text>;
  const phases = Object.entries(a.phases ?? {}).sort((x, y) => y[1] - x[1]);
  return (
    <Stack gap={0}>
      {a.target && (
        <Text size="xs" ff="monospace" title="Element">
          {a.target}
        </Text>
      )}
      {a.url && (
        <Text size="xs" c="dimmed" title="Resource" style={{ wordBreak: 'break-all' }}>
          {a.url}
        </Text>
      )}
      {a.interaction_type && <Text size="xs">{a.interaction_type} interaction</Text>}
      {phases.length > 0 && (
        <Text size="xs" c="dimmed">
          {phases.map(([k, v]) => `${k} ${Math.round(v)} ms`).join(' · ')}
        </Text>
      )}
    </Stack>
  );
}

/** The pages with the worst p75 of the vital, each with what its attribution names. */
export function SlowestPages({ query, vital }: { query: RumPageQuery; vital: VitalName }) {
  const slowest = useRumSlowestPages(query, vital);
  const columns: DataTableColumn<Row>[] = [
    { key: 'page', header: 'Page', width: '16rem' },
    { key: 'p75', header: `${vital} p75`, render: (r) => formatVital(vital, r.p75) },
    { key: 'rating', header: 'Rating', render: (r) => <RatingBadge rating={r.rating} /> },
    { key: 'samples', header: 'Samples' },
    { key: 'attribution', header: 'Attribution', width: '28rem', sortable: false, render: (r) => <Attribution row={r} /> },
  ];
  return (
    <>
      <Title order={2} fz="md" mb="xs">
        Slowest pages by {vital}
      </Title>
      {slowest.isError ? (
        <ErrorPanel onRetry={() => void slowest.refetch()} />
      ) : (
        <DataTable
          label={`Slowest pages by ${vital}`}
          columns={columns}
          rows={(slowest.data?.results ?? []).map((r) => ({ ...r, id: r.page }))}
          loading={slowest.isLoading}
          options={{ sort: true, paging: true }}
          emptyState={<Text c="dimmed">No samples in this window</Text>}
        />
      )}
    </>
  );
}
