import { useCallback, useState } from 'react';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { canManageTenant, type User } from '@netloom/domain';
import { confirm } from '@/components/dialogs/confirm';
import { ModalHeader } from '@/components/dialogs/modal-header';
import { NamedModal } from '@/components/dialogs/named-modal';
import { ErrorPanel } from '@/components/error-panel';
import { toast } from '@/components/feedback/toast';
import { formErrorMessage } from '@/lib/forms';
import { useDeleteEnrolmentKey } from '@/features/ztna-onboarding/api/delete-enrolment-key';
import { useEnrolmentKeys, type EnrolmentKeyRow } from '@/features/ztna-onboarding/api/get-enrolment-keys';
import { useInvites } from '@/features/ztna-onboarding/api/get-invites';
import { useRevokeEnrolmentKey } from '@/features/ztna-onboarding/api/revoke-enrolment-key';
import { CreatedKeyPanel } from './created-key-panel';
import { EnrolmentKeyForm, type CreatedKey } from './enrolment-key-form';
import { EnrolmentKeysTable } from './enrolment-keys-table';
import { InviteForm } from './invite-form';
import { InvitesTable } from './invites-table';
import { useSecurityGroupOptions } from './use-security-group-options';

const fail = (e: unknown) => toast.error(formErrorMessage(e));

type KeyDialog = { step: 'form' } | { step: 'created'; key: CreatedKey } | null;

/** Onboarding › Clients: invite users by e-mail, and the enrolment keys clients join with. */
export function ClientsTab({ user }: { user: User }) {
  const manager = canManageTenant(user);
  const invites = useInvites();
  const keys = useEnrolmentKeys();
  const groups = useSecurityGroupOptions();
  const revoke = useRevokeEnrolmentKey();
  const remove = useDeleteEnrolmentKey();
  const [dialog, setDialog] = useState<KeyDialog>(null);

  const onRevoke = useCallback(
    async (k: EnrolmentKeyRow) => {
      if (!(await confirm({ title: `Revoke key '${k.name}'?`, message: 'No client can enrol with it any more; clients already enrolled stay.', danger: true })))
        return;
      revoke.mutate(k.id, { onSuccess: () => toast.info(`Key '${k.name}' revoked`), onError: fail });
    },
    [revoke],
  );
  const onDelete = useCallback(
    async (k: EnrolmentKeyRow) => {
      if (!(await confirm({ title: `Delete key '${k.name}'?`, message: 'Are you sure you want to delete this item?', danger: true }))) return;
      remove.mutate(k.id, { onSuccess: () => toast.deleted('Enrolment key'), onError: fail });
    },
    [remove],
  );
  const close = () => setDialog(null);

  return (
    <Stack gap="md">
      <Paper withBorder p="md">
        <Title order={3} fz="md">
          Invite users
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          Each invited user gets an e-mail with the client downloads and a single-use key.
        </Text>
        {manager ? (
          <InviteForm securityGroups={groups.options} />
        ) : (
          <Text size="sm" c="dimmed">
            Owners and admins invite users.
          </Text>
        )}
      </Paper>
      <Paper withBorder p="md">
        <Title order={3} fz="md" mb="sm">
          Invites
        </Title>
        {invites.isError ? (
          <ErrorPanel onRetry={() => void invites.refetch()} />
        ) : (
          <InvitesTable invites={invites.data ?? []} loading={invites.isLoading} timezone={user.timezone} />
        )}
      </Paper>
      <Paper withBorder p="md">
        <Group justify="space-between" mb="sm">
          <div>
            <Title order={3} fz="md">
              Enrolment keys
            </Title>
            <Text size="sm" c="dimmed">
              Clients enrol with a key: single-use for one device, reusable for a fleet.
            </Text>
          </div>
          {manager && (
            <Button leftSection={<IconKey size={16} />} onClick={() => setDialog({ step: 'form' })}>
              Create enrolment key
            </Button>
          )}
        </Group>
        {keys.isError ? (
          <ErrorPanel onRetry={() => void keys.refetch()} />
        ) : (
          <EnrolmentKeysTable
            keys={keys.data ?? []}
            loading={keys.isLoading}
            timezone={user.timezone}
            groupName={groups.nameOf}
            manager={manager}
            onRevoke={(k) => void onRevoke(k)}
            onDelete={(k) => void onDelete(k)}
          />
        )}
      </Paper>
      {/* The created key's dialog closes only by Done or the close button: a stray click outside would lose the key. */}
      <NamedModal
        opened={dialog !== null}
        onClose={close}
        size="lg"
        centered
        closeOnClickOutside={dialog?.step !== 'created'}
        name={dialog?.step === 'created' ? 'Enrolment key created' : 'Create enrolment key'}
      >
        {dialog?.step === 'form' && (
          <>
            <ModalHeader title="Create enrolment key" onClose={close} />
            <EnrolmentKeyForm securityGroups={groups.options} onCancel={close} onCreated={(key) => setDialog({ step: 'created', key })} />
          </>
        )}
        {dialog?.step === 'created' && (
          <>
            <ModalHeader title={`Enrolment key '${dialog.key.name}' created`} onClose={close} />
            <CreatedKeyPanel created={dialog.key} onDone={close} />
          </>
        )}
      </NamedModal>
    </Stack>
  );
}
