import { Anchor, Badge, Group } from '@mantine/core';
import { Link } from 'react-router';
import type { DemApplication, ZtnaServer } from '@netloom/domain';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { EmptyState } from '@/components/empty-state';
import { paths } from '@/paths';
import { INTERVAL_CHOICES } from './application-form-values';

const TEST_LABEL = { http: 'HTTP(S)', path: 'Path', availability: 'Availability' } as const;

interface ApplicationsTableProps {
  applications: readonly DemApplication[];
  servers: readonly ZtnaServer[];
  loading: boolean;
  writer: boolean;
  onEdit: (a: DemApplication) => void;
  onDelete: (a: DemApplication) => void;
}

/** The monitored applications: where each is tested, which tests, how often, and its alarm threshold. */
export function ApplicationsTable({ applications, servers, loading, writer, onEdit, onDelete }: ApplicationsTableProps) {
  const serverName = new Map(servers.map((s) => [s.id, s.name]));
  const columns: DataTableColumn<DemApplication>[] = [
    {
      key: 'name',
      header: 'Name',
      render: (a) => (
        <Anchor component={Link} to={paths.dem.application(a.id)} size="sm">
          {a.name}
        </Anchor>
      ),
    },
    { key: 'kind', header: 'Kind', render: (a) => (a.kind === 'saas' ? 'SaaS' : 'Private') },
    {
      key: 'target',
      header: 'Tested at',
      width: '18rem',
      render: (a) => ('url' in a.target ? a.target.url : `ZTNA server ${serverName.get(a.target.ztna_server_id) ?? a.target.ztna_server_id}`),
    },
    {
      key: 'tests',
      header: 'Tests',
      render: (a) => (
        <Group gap={4}>
          {(Object.keys(TEST_LABEL) as (keyof typeof TEST_LABEL)[])
            .filter((k) => a.tests[k])
            .map((k) => (
              <Badge key={k} variant="light" size="sm">
                {TEST_LABEL[k]}
              </Badge>
            ))}
        </Group>
      ),
    },
    {
      key: 'interval_seconds',
      header: 'Interval',
      render: (a) => INTERVAL_CHOICES.find((c) => c.value === String(a.interval_seconds))?.label ?? `Every ${a.interval_seconds} s`,
    },
    { key: 'thresholds.alarm_score', header: 'Alarm under', rowAlign: 'right' },
  ];
  return (
    <DataTable
      label="Monitored applications"
      columns={columns}
      rows={applications}
      loading={loading}
      options={{ sort: true, search: true, paging: true, download: false }}
      onEdit={writer ? onEdit : undefined}
      onDelete={writer ? onDelete : undefined}
      emptyState={
        <EmptyState
          title="No application monitored yet"
          description="Add the SaaS and private applications your workforce depends on; your ZTNA endpoints test them on schedule."
        />
      }
    />
  );
}
