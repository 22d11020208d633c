import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { DEM_COMPONENTS, type DemScoreDimension, type DemScores } from '@netloom/domain';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { EmptyState } from '@/components/empty-state';
import { paths } from '@/paths';
import { COMPONENT_LABEL, formatScore, scoreColor } from './dem-labels';
import { ScoreBadge } from './score-badge';

type Row = DemScores['results'][number] & { id: string };

const DIMENSION_HEADER: Record<DemScoreDimension, string> = { application: 'Application', user: 'User', location: 'Location', network: 'Network' };

interface ScoresTableProps {
  by: DemScoreDimension;
  results: DemScores['results'];
  loading: boolean;
  /** Narrows the page to a user, location or network (the application rows lead to the application instead). */
  onNarrow: (by: Exclude<DemScoreDimension, 'application'>, key: string) => void;
}

/** The window's score per group, the component that pulls it down, and each component's own score. */
export function ScoresTable({ by, results, loading, onNarrow }: ScoresTableProps) {
  const rows: Row[] = results.map((r) => ({ ...r, id: r.key }));
  // Only the components something measured get a column (a wired fleet has no Wi-Fi).
  const measured = DEM_COMPONENTS.filter((c) => results.some((r) => r.components[c] !== undefined));
  const columns: DataTableColumn<Row>[] = [
    {
      key: 'label',
      header: DIMENSION_HEADER[by],
      render: (r) =>
        by === 'application' ? (
          <Anchor component={Link} to={paths.dem.application(r.key)} size="sm">
            {r.label}
          </Anchor>
        ) : (
          <Anchor component="button" type="button" size="sm" onClick={() => onNarrow(by, r.key)} title={`Scores of ${r.label} only`}>
            {r.label}
          </Anchor>
        ),
    },
    { key: 'score', header: 'Score', render: (r) => <ScoreBadge score={r.score} /> },
    { key: 'worst_component', header: 'Worst component', render: (r) => (r.worst_component ? COMPONENT_LABEL[r.worst_component] : '—') },
    { key: 'samples', header: 'Tests', rowAlign: 'right' },
    ...measured.map((c): DataTableColumn<Row> => ({
      key: `components.${c}`,
      header: COMPONENT_LABEL[c],
      rowAlign: 'right',
      render: (r) => {
        const s = r.components[c];
        return s === undefined ? (
          '—'
        ) : (
          <Text size="sm" c={scoreColor(s)} fw={r.worst_component === c ? 700 : undefined}>
            {formatScore(s)}
          </Text>
        );
      },
    })),
  ];
  return (
    <DataTable
      label={`Scores by ${by}`}
      columns={columns}
      rows={rows}
      loading={loading}
      options={{ sort: true, search: true, paging: true, download: true }}
      csv={{ title: `dem-scores-by-${by}` }}
      emptyState={
        <EmptyState title="No test results in this window" description="Scores show once the endpoints have run the monitored applications' tests." />
      }
    />
  );
}
