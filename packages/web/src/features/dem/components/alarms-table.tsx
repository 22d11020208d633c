import { Anchor, Badge, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { DemAlarm } from '@netloom/domain';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { EmptyState } from '@/components/empty-state';
import { paths } from '@/paths';
import { CauseBadge } from './cause-badge';
import { formatScore } from './dem-labels';

const columns: DataTableColumn<DemAlarm>[] = [
  {
    key: 'state',
    header: 'State',
    render: (a) => (
      <Badge variant="light" color={a.state === 'Alerting' ? 'red' : 'green'}>
        {a.state}
      </Badge>
    ),
  },
  {
    key: 'application',
    header: 'Application',
    render: (a) =>
      a.application === null ? (
        <Text size="sm" c="dimmed">
          Removed application
        </Text>
      ) : (
        <Anchor component={Link} to={paths.dem.application(a.application_id)} size="sm">
          {a.application}
        </Anchor>
      ),
  },
  { key: 'user', header: 'User', render: (a) => a.user ?? 'Unassigned endpoint' },
  { key: 'device_name', header: 'Endpoint' },
  {
    key: 'score',
    header: 'Score',
    rowAlign: 'right',
    render: (a) => (a.score === null ? '—' : a.threshold === null ? formatScore(a.score) : `${formatScore(a.score)} (alarm under ${a.threshold})`),
  },
  { key: 'cause', header: 'Cause', render: (a) => (a.cause ? <CauseBadge cause={a.cause} /> : '—') },
  { key: 'at', header: 'Time', type: 'date' },
];

/** DEM alarms, newest first: who went under their application's threshold, why, and when they recovered. */
export function AlarmsTable({ alarms, loading, timezone }: { alarms: readonly DemAlarm[]; loading: boolean; timezone: string | null }) {
  return (
    <DataTable
      label="DEM alarms"
      columns={columns}
      rows={alarms}
      loading={loading}
      timezone={timezone}
      options={{ sort: true, search: true, paging: true, download: true }}
      csv={{ title: 'dem-alarms' }}
      emptyState={<EmptyState title="No alarm" description="An alarm is raised when a user's experience of an application falls under its alarm score." />}
    />
  );
}
