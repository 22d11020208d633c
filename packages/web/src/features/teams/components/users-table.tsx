import { useMemo } from 'react';
import { Badge, Group, Select, Text } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { assignableRoles, canChangeMember, canManageUsers, TEAM_MESSAGES, type Role, type TeamUser, type User } from '@netloom/domain';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { EmptyState } from '@/components/empty-state';
import { UserRowActions } from './user-row-actions';
import { UserStatusBadge } from './user-status-badge';
import { useMemberActions } from './use-member-actions';

export interface UsersTableProps {
  actor: User;
  users: readonly TeamUser[];
  loading: boolean;
  onRefresh: () => unknown;
  onOpen: (u: TeamUser) => void;
}

const fullName = (u: TeamUser) => [u.first_name, u.last_name].filter(Boolean).join(' ') || u.username;

/** The organisation's members: role, status, 2FA, last login, devices and what the actor may do. */
export function UsersTable({ actor, users, loading, onRefresh, onOpen }: UsersTableProps) {
  const act = useMemberActions();
  const manager = canManageUsers(actor);
  const roleOptions = assignableRoles(actor);

  const columns = useMemo<DataTableColumn<TeamUser>[]>(() => {
    const changeable = (u: TeamUser) => u.id !== actor.id && canChangeMember(actor, u.role);
    return [
      {
        key: 'name',
        header: 'Name',
        render: (u) => (
          <Text size="sm" fw={600}>
            {fullName(u)}
          </Text>
        ),
      },
      { key: 'email', header: 'Email', width: '16rem' },
      {
        key: 'role',
        header: 'Role',
        render: (u) =>
          manager && changeable(u) ? (
            <Select
              size="xs"
              w={130}
              aria-label={`Role of ${u.email}`}
              data={[...new Set<Role>([...roleOptions, u.role])]}
              value={u.role}
              allowDeselect={false}
              disabled={act.busy}
              onChange={(r) => r && r !== u.role && act.changeRole(u, r as Role)}
            />
          ) : (
            <Badge variant="light">{u.role}</Badge>
          ),
      },
      { key: 'status', header: 'Status', render: (u) => <UserStatusBadge status={u.status} /> },
      {
        key: 'two_factor_enabled',
        header: '2FA',
        render: (u) =>
          u.two_factor_enabled ? (
            <IconShieldCheck size={16} color="var(--mantine-color-green-7)" aria-label="2FA on" />
          ) : (
            <Text size="sm" c="dimmed">
              Off
            </Text>
          ),
      },
      { key: 'last_login', header: 'Last login', type: 'date' },
      { key: 'devices', header: 'Devices', rowAlign: 'right' },
      {
        key: 'actions',
        header: 'Actions',
        sortable: false,
        render: (u) => (
          <Group justify="flex-end">
            <UserRowActions
              user={u}
              canChange={manager && changeable(u)}
              canResend={manager}
              onView={() => onOpen(u)}
              onResend={() => act.resend(u)}
              onSetActive={(a) => act.setActive(u, a)}
              onRemove={() => void act.remove(u)}
            />
          </Group>
        ),
      },
    ];
  }, [actor, manager, roleOptions, act, onOpen]);

  return (
    <DataTable
      label="Users"
      columns={columns}
      rows={users}
      loading={loading}
      options={{ search: true, sort: true, paging: true, download: true, refresh: true }}
      csv={{
        title: 'users',
        titles: ['Name', 'Email', 'Role', 'Status', 'Last login', 'Devices'],
        keys: ['username', 'email', 'role', 'status', 'last_login', 'devices'],
      }}
      onRefresh={onRefresh}
      timezone={actor.timezone}
      emptyState={<EmptyState title={TEAM_MESSAGES.emptyState} description="Invite the people who run your network." />}
    />
  );
}
