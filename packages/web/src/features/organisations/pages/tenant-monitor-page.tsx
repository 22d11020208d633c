import { Anchor, Badge, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { formatDate, type TeamUser } from '@netloom/domain';
import { paths } from '@/paths';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { ErrorPanel } from '@/components/error-panel';
import { PageHeader } from '@/components/page-header';
import { useCurrentUser } from '@/lib/session/session-store';
import { useTenantMonitor } from '@/features/organisations/api/get-tenant-monitor';

const userColumns: DataTableColumn<TeamUser>[] = [
  { key: 'email', header: 'Email' },
  { key: 'role', header: 'Role' },
  { key: 'status', header: 'Status' },
  { key: 'last_login', header: 'Last login', type: 'date' },
  { key: 'devices', header: 'Devices' },
];

function Tile({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <Paper withBorder p="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz={22} fw={700}>
        {value}
      </Text>
    </Paper>
  );
}

/** Tenant monitor of a super admin: counts, users, last login and last activity of one tenant. */
export function TenantMonitorPage() {
  const { tenantId = null } = useParams();
  const user = useCurrentUser();
  const tz = user?.timezone ?? null;
  const monitor = useTenantMonitor(tenantId);
  const back = (
    <Anchor component={Link} to={paths.superAdmin.tenant} size="sm">
      <Group gap={4}>
        <IconArrowLeft size={14} /> Tenants
      </Group>
    </Anchor>
  );
  if (monitor.isError)
    return (
      <>
        {back}
        <ErrorPanel onRetry={() => void monitor.refetch()} />
      </>
    );
  if (!monitor.data) return <Skeleton h={320} />;
  const { tenant, info, users, last_activity, last_login } = monitor.data;

  return (
    <>
      {back}
      <PageHeader
        title={tenant.tenantname}
        subtitle={
          <Group gap={6}>
            <Badge color={tenant.suspended ? 'red' : 'green'} variant="dot">
              {tenant.suspended ? 'Suspended' : 'Active'}
            </Badge>
            <Text size="sm" c="dimmed">
              Owners: {tenant.owner_emails.join(', ') || 'none yet'}
            </Text>
          </Group>
        }
      />
      <SimpleGrid cols={{ base: 2, md: 5 }} mb="lg">
        <Tile label="Devices" value={`${info.online_devices} / ${info.devices} online`} />
        <Tile label="Users" value={`${info.online_users} / ${info.users} online`} />
        <Tile label="Links" value={`${info.active_links} / ${info.links} up`} />
        <Tile label="Networks" value={info.total_networks} />
        <Tile label="Subscriptions" value={tenant.all_product_access ? 'all' : tenant.subscriptions.join(', ') || 'ztna'} />
      </SimpleGrid>
      <SimpleGrid cols={2} mb="lg">
        {[
          { label: 'Last login', e: last_login },
          { label: 'Last activity', e: last_activity },
        ].map(({ label, e }) => (
          <Paper withBorder p="md" key={label}>
            <Stack gap={2}>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                {label}
              </Text>
              <Text size="sm">{e ? `${e.action} by ${e.user ?? 'system'}, ${formatDate(e.time, { timezone: tz })}` : 'Not Available'}</Text>
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
      <Title order={4} mb="sm">
        Users
      </Title>
      <Paper withBorder p="md">
        <DataTable label="Users of the tenant" columns={userColumns} rows={users} timezone={tz} options={{ search: true, sort: true, paging: true }} />
      </Paper>
    </>
  );
}
