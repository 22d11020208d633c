import { useState } from 'react';
import { Button, Modal, Paper } from '@mantine/core';
import { IconUsersPlus } from '@tabler/icons-react';
import { canManageUsers, type Group } from '@netloom/domain';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { ModalHeader } from '@/components/dialogs/modal-header';
import { EmptyState } from '@/components/empty-state';
import { ErrorPanel } from '@/components/error-panel';
import { toast } from '@/components/feedback/toast';
import { PageHeader } from '@/components/page-header';
import { formErrorMessage } from '@/lib/forms';
import { useCurrentUser } from '@/lib/session/session-store';
import { useDeleteGroup } from '@/features/teams/api/delete-group';
import { useGroups } from '@/features/teams/api/get-groups';
import { useTeamUsers } from '@/features/teams/api/get-team-users';
import { useSaveGroup } from '@/features/teams/api/save-group';
import { useSetGroupMembers } from '@/features/teams/api/set-group-members';
import { GroupForm } from '@/features/teams/components/group-form';
import { GroupMembersForm } from '@/features/teams/components/group-members-form';

type GroupRow = Group & { actionButtonName?: string };
type Dialog = { kind: 'create' } | { kind: 'edit'; group: Group } | { kind: 'members'; group: Group } | null;

const columns: DataTableColumn<GroupRow>[] = [
  { key: 'name', header: 'Group' },
  { key: 'description', header: 'Description', width: '18rem' },
  { key: 'members', header: 'Members', type: 'array', itemKey: 'email' },
  { key: 'created_at', header: 'Created', type: 'date' },
];

/** Teams › Groups: create, rename, delete, add and remove members (owners and admins). */
export function GroupsPage() {
  const actor = useCurrentUser();
  const groups = useGroups();
  const users = useTeamUsers();
  const save = useSaveGroup();
  const del = useDeleteGroup();
  const setMembers = useSetGroupMembers();
  const [dialog, setDialog] = useState<Dialog>(null);
  if (!actor) return null;
  const manager = canManageUsers(actor);
  const rows: GroupRow[] = (groups.data?.results ?? []).map((g) => ({ ...g, actionButtonName: manager ? 'Members' : undefined }));
  const close = () => setDialog(null);
  const createButton = (
    <Button leftSection={<IconUsersPlus size={16} />} onClick={() => setDialog({ kind: 'create' })}>
      Create group
    </Button>
  );

  return (
    <>
      <PageHeader title="Groups" subtitle="Users grouped for policies and access" actions={manager && createButton} />
      <Paper withBorder p="md">
        {groups.isError ? (
          <ErrorPanel onRetry={() => void groups.refetch()} />
        ) : (
          <DataTable
            label="Groups"
            columns={columns}
            rows={rows}
            loading={groups.isLoading}
            timezone={actor.timezone}
            options={{ search: true, sort: true, paging: true, download: true, refresh: true }}
            csv={{ title: 'groups', titles: ['Group', 'Description', 'Created'], keys: ['name', 'description', 'created_at'] }}
            onRefresh={() => groups.refetch()}
            onEdit={manager ? (g) => setDialog({ kind: 'edit', group: g }) : undefined}
            onDelete={
              manager ? (g) => del.mutate(g.id, { onSuccess: () => toast.deleted('Group'), onError: (e) => toast.error(formErrorMessage(e)) }) : undefined
            }
            onRowAction={manager ? (g) => setDialog({ kind: 'members', group: g }) : undefined}
            emptyState={
              manager ? (
                <EmptyState title="Create your First Group" action={createButton} />
              ) : (
                <EmptyState title="No Groups yet" description="Owners and admins create groups." />
              )
            }
          />
        )}
      </Paper>
      <Modal opened={dialog !== null} onClose={close} withCloseButton={false} centered>
        {dialog?.kind === 'members' ? (
          <>
            <ModalHeader title={`Members of ${dialog.group.name}`} onClose={close} />
            <GroupMembersForm
              group={dialog.group}
              users={users.data?.results ?? []}
              onCancel={close}
              onSubmit={async (ids) => {
                await setMembers.mutateAsync({ id: dialog.group.id, userIds: ids });
                toast.edited('Group');
                close();
              }}
            />
          </>
        ) : dialog ? (
          <>
            <ModalHeader title={dialog.kind === 'edit' ? 'Edit group' : 'Create group'} onClose={close} />
            <GroupForm
              initial={dialog.kind === 'edit' ? { name: dialog.group.name, description: dialog.group.description } : undefined}
              onCancel={close}
              onSubmit={async (v) => {
                await save.mutateAsync(dialog.kind === 'edit' ? { ...v, id: dialog.group.id } : v);
                toast.success('Group', dialog.kind === 'edit' ? 'edited' : 'added');
                close();
              }}
            />
          </>
        ) : null}
      </Modal>
    </>
  );
}
