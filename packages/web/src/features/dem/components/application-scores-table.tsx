import { Anchor, Button } from '@mantine/core';
import { Link } from 'react-router';
import type { DemOverview } from '@netloom/domain';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { EmptyState } from '@/components/empty-state';
import { paths } from '@/paths';
import { COMPONENT_LABEL } from './dem-labels';
import { ScoreBadge } from './score-badge';
import { Trend } from './trend';

type Row = DemOverview['applications'][number];

const ms = (v: number | null) => (v === null ? '—' : `${Math.round(v).toLocaleString()} ms`);

const columns: DataTableColumn<Row>[] = [
  {
    key: 'name',
    header: 'Application',
    render: (a) => (
      <Anchor component={Link} to={paths.dem.application(a.id)} size="sm">
        {a.name}
      </Anchor>
    ),
  },
  { key: 'score', header: 'Score', render: (a) => <ScoreBadge score={a.score} /> },
  { key: 'trend', header: 'Trend', render: (a) => <Trend value={a.trend} /> },
  { key: 'worst_component', header: 'Worst component', render: (a) => (a.worst_component ? COMPONENT_LABEL[a.worst_component] : '—') },
  { key: 'availability', header: 'Availability', rowAlign: 'right', render: (a) => (a.availability === null ? '—' : `${a.availability.toFixed(1)}%`) },
  { key: 'p50_total_ms', header: 'Median page load', rowAlign: 'right', render: (a) => ms(a.p50_total_ms) },
  { key: 'samples', header: 'Tests', rowAlign: 'right' },
];

/** Each monitored application's experience in the window: its score, how it moved, and what pulls it down. */
export function ApplicationScoresTable({ applications, loading, writer }: { applications: readonly Row[]; loading: boolean; writer: boolean }) {
  return (
    <DataTable
      label="Application scores"
      columns={columns}
      rows={applications}
      loading={loading}
      options={{ sort: true, search: true, paging: true, download: true }}
      csv={{ title: 'dem-application-scores' }}
      emptyState={
        <EmptyState
          title="No application monitored yet"
          description="Add the SaaS and private applications your workforce depends on: the endpoints test them and their scores show here."
          action={
            writer && (
              <Button component={Link} to={paths.dem.applications}>
                Monitor an application
              </Button>
            )
          }
        />
      }
    />
  );
}
