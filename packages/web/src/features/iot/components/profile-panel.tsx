import { Badge, Group, Stack, Text } from '@mantine/core';
import { formatDate, type IotDeviation, type IotProfile } from '@netloom/domain';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { EmptyState } from '@/components/empty-state';
import { classLabel, protocolName } from './iot-labels';

type Entry = IotProfile['entries'][number];

const SEVERITY_COLOR: Record<IotDeviation['severity'], string> = { low: 'gray', medium: 'yellow', high: 'orange', critical: 'red' };

const entryColumns: DataTableColumn<Entry>[] = [
  { key: 'direction', header: 'Direction', render: (e) => (e.direction === 'out' ? 'Outbound' : 'Inbound') },
  { key: 'peer', header: 'Peer', width: '16rem', render: (e) => `${e.peer} (${e.peer_kind})` },
  { key: 'port', header: 'Service', render: (e) => (e.port ? `${protocolName(e.protocol)} ${e.port}` : protocolName(e.protocol)) },
  { key: 'flows', header: 'Flows', rowAlign: 'right' },
  { key: 'last_seen', header: 'Last seen', type: 'date' },
];

const deviationColumns: DataTableColumn<IotDeviation>[] = [
  { key: 'last_seen', header: 'Last seen', type: 'date' },
  {
    key: 'severity',
    header: 'Severity',
    render: (d) => (
      <Badge variant="light" color={SEVERITY_COLOR[d.severity]} size="sm">
        {d.severity}
      </Badge>
    ),
  },
  { key: 'title', header: 'Deviation', width: '16rem' },
  { key: 'summary', header: 'What it did', width: '20rem' },
  { key: 'count', header: 'Seen', rowAlign: 'right', render: (d) => `${d.count}×` },
];

const table = { sort: false, search: false, download: false, paging: true } as const;

/** The device's deviations from its class's profile, then the profile itself: learning or enforced, and what it allows. */
export function ProfilePanel({ profile, deviations, timezone }: { profile: IotProfile | null; deviations: readonly IotDeviation[]; timezone: string | null }) {
  return (
    <Stack gap="md">
      <DataTable
        label="Deviations from the profile"
        columns={deviationColumns}
        rows={deviations}
        timezone={timezone}
        options={table}
        emptyState={<EmptyState title="No deviation" description="The device talks only to what its class is known to talk to." />}
      />
      {profile ? (
        <>
          <Group gap="xs">
            <Text size="sm" fw={600}>{`Profile of ${classLabel(profile.class)}`}</Text>
            <Badge variant="light" color={profile.state === 'enforcing' ? 'green' : 'blue'}>
              {profile.state === 'enforcing' ? 'Enforcing' : 'Learning'}
            </Badge>
            <Text size="xs" c="dimmed">
              {profile.state === 'learning'
                ? `Learning until ${formatDate(profile.learning_until, { timezone })}, from ${profile.devices} devices`
                : `Learnt from ${profile.devices} devices between ${formatDate(profile.learning_from, { timezone })} and ${formatDate(profile.learning_until, { timezone })}`}
            </Text>
          </Group>
          <DataTable
            label="Communication profile"
            columns={entryColumns}
            rows={profile.entries}
            timezone={timezone}
            options={table}
            getRowId={(e) => `${e.direction}-${e.peer_kind}-${e.peer}-${e.protocol}-${e.port}`}
            emptyState={<EmptyState title="Nothing learnt yet" description="The profile fills as the gateways see the class's flows." />}
          />
        </>
      ) : (
        <Text size="sm">No profile has been learnt for this class yet.</Text>
      )}
    </Stack>
  );
}
