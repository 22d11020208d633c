import { useState } from 'react';
import { Button, Modal, Paper } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { canManageUsers } from '@netloom/domain';
import { PageHeader } from '@/components/page-header';
import { ErrorPanel } from '@/components/error-panel';
import { ModalHeader } from '@/components/dialogs/modal-header';
import { toast } from '@/components/feedback/toast';
import { useCurrentUser } from '@/lib/session/session-store';
import { useTeamUsers } from '@/features/teams/api/get-team-users';
import { useInviteUser } from '@/features/teams/api/invite-user';
import { InviteUserForm } from '@/features/teams/components/invite-user-form';
import { UsersTable } from '@/features/teams/components/users-table';

/** Teams › Users (spec 000 §2.15, §2.16). `detailsPath` leads to one user's page. */
export function UsersPage({ detailsPath }: { detailsPath: (id: string) => string }) {
  const actor = useCurrentUser();
  const users = useTeamUsers();
  const invite = useInviteUser();
  const navigate = useNavigate();
  const [inviting, setInviting] = useState(false);
  if (!actor) return null;

  return (
    <>
      <PageHeader
        title="Users"
        subtitle="People of the organisation and their roles"
        actions={
          canManageUsers(actor) && (
            <Button leftSection={<IconUserPlus size={16} />} onClick={() => setInviting(true)}>
              Invite user
            </Button>
          )
        }
      />
      <Paper withBorder p="md">
        {users.isError ? (
          <ErrorPanel onRetry={() => void users.refetch()} />
        ) : (
          <UsersTable
            actor={actor}
            users={users.data?.results ?? []}
            loading={users.isLoading}
            onRefresh={() => users.refetch()}
            onOpen={(u) => navigate(detailsPath(u.id))}
          />
        )}
      </Paper>
      <Modal opened={inviting} onClose={() => setInviting(false)} withCloseButton={false} centered>
        <ModalHeader title="Invite user" onClose={() => setInviting(false)} />
        <InviteUserForm
          actor={actor}
          onCancel={() => setInviting(false)}
          onSubmit={async (body) => {
            await invite.mutateAsync(body);
            toast.success('User');
            setInviting(false);
          }}
        />
      </Modal>
    </>
  );
}
