import { Anchor, Badge, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { formatDate, type DeviceRow } from '@netloom/domain';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { EmptyState } from '@/components/empty-state';
import { ErrorPanel } from '@/components/error-panel';
import { PageHeader } from '@/components/page-header';
import { useCurrentUser } from '@/lib/session/session-store';
import { useTeamUsers } from '@/features/teams/api/get-team-users';
import { useUserDevices } from '@/features/teams/api/get-user-devices';
import { UserStatusBadge } from '@/features/teams/components/user-status-badge';

const deviceColumns: DataTableColumn<DeviceRow>[] = [
  { key: 'device_name', header: 'Device' },
  { key: 'currentStatus', header: 'Status' },
  { key: 'os', header: 'OS' },
  { key: 'version', header: 'Version' },
  { key: 'vpnIp', header: 'VPN IP', type: 'ip' },
  { key: 'location', header: 'Location' },
  { key: 'lastSeenTime', header: 'Last seen', type: 'date' },
];

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <div>{children}</div>
    </Stack>
  );
}

/** One member of the organisation with the devices they are signed in on (teams/users/details). */
export function UserDetailsPage({ backTo }: { backTo: string }) {
  const { userId } = useParams();
  const actor = useCurrentUser();
  const users = useTeamUsers();
  const member = users.data?.results.find((u) => u.id === userId) ?? null;
  const devices = useUserDevices(member?.username ?? null);
  const tz = actor?.timezone ?? null;

  const back = (
    <Anchor component={Link} to={backTo} size="sm">
      <Group gap={4}>
        <IconArrowLeft size={14} /> Users
      </Group>
    </Anchor>
  );
  if (users.isError) return <ErrorPanel onRetry={() => void users.refetch()} />;
  if (users.isLoading) return <Skeleton h={240} />;
  if (!member) return <EmptyState title="User not found" action={back} />;

  return (
    <>
      {back}
      <PageHeader title={[member.first_name, member.last_name].filter(Boolean).join(' ') || member.email} subtitle={member.email} />
      <Paper withBorder p="lg" mb="lg">
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="lg">
          <Fact label="Role">
            <Badge variant="light">{member.role}</Badge>
          </Fact>
          <Fact label="Status">
            <UserStatusBadge status={member.status} />
          </Fact>
          <Fact label="Two-factor">
            <Text size="sm">{member.two_factor_enabled ? 'On' : 'Off'}</Text>
          </Fact>
          <Fact label="Last login">
            <Text size="sm">{formatDate(member.last_login, { timezone: tz })}</Text>
          </Fact>
          <Fact label="Member since">
            <Text size="sm">{formatDate(member.created_at, { timezone: tz })}</Text>
          </Fact>
        </SimpleGrid>
      </Paper>
      <Title order={4} mb="sm">
        Devices
      </Title>
      <Paper withBorder p="md">
        {devices.isError ? (
          <ErrorPanel onRetry={() => void devices.refetch()} />
        ) : (
          <DataTable
            label="Devices of the user"
            columns={deviceColumns}
            rows={devices.data ?? []}
            loading={devices.isLoading}
            timezone={tz}
            options={{ search: true, sort: true, paging: true }}
            emptyState={<EmptyState title="No Devices" description="This user has not signed in on a device yet." />}
          />
        )}
      </Paper>
    </>
  );
}
