import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import type { DemAffectedUsers } from '@netloom/domain';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { EmptyState } from '@/components/empty-state';
import { paths } from '@/paths';
import { CauseBadge } from './cause-badge';
import { COMPONENT_LABEL } from './dem-labels';
import { ScoreBadge } from './score-badge';

type Row = DemAffectedUsers['results'][number] & { id: string };

const columns: DataTableColumn<Row>[] = [
  { key: 'user', header: 'User', render: (r) => r.user ?? 'Unassigned endpoint' },
  { key: 'device_name', header: 'Endpoint' },
  {
    key: 'application.name',
    header: 'Application',
    render: (r) => (
      <Anchor component={Link} to={paths.dem.application(r.application.id)} size="sm">
        {r.application.name}
      </Anchor>
    ),
  },
  { key: 'score', header: 'Score', render: (r) => <ScoreBadge score={r.score} /> },
  { key: 'cause', header: 'Cause', render: (r) => <CauseBadge cause={r.cause} /> },
  { key: 'worst_component', header: 'Slowest part', render: (r) => (r.worst_component ? COMPONENT_LABEL[r.worst_component] : '—') },
  { key: 'since', header: 'Since', type: 'date' },
];

/** The users whose experience is poor now, and what causes it: DNS, Wi-Fi, the relay, the application… */
export function AffectedUsersTable({ users, loading, timezone }: { users: DemAffectedUsers['results']; loading: boolean; timezone: string | null }) {
  const rows = users.map((u) => ({ ...u, id: `${u.device_id} ${u.application.id}` }));
  return (
    <DataTable
      label="Users affected now"
      columns={columns}
      rows={rows}
      loading={loading}
      timezone={timezone}
      options={{ sort: true, search: true, paging: true, download: true }}
      csv={{ title: 'dem-affected-users' }}
      emptyState={<EmptyState title="Nobody is affected" description="Every user's latest tests score above their application's alarm threshold." />}
    />
  );
}
