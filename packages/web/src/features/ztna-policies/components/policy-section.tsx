import { useState } from 'react';
import { Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ZtnaPolicy } from '@netloom/domain';
import { confirm } from '@/components/dialogs/confirm';
import { ModalHeader } from '@/components/dialogs/modal-header';
import { ErrorPanel } from '@/components/error-panel';
import { toast } from '@/components/feedback/toast';
import { formErrorMessage } from '@/lib/forms';
import { useDeleteZtnaPolicy } from '@/features/ztna-policies/api/delete-ztna-policy';
import { useZtnaPolicies } from '@/features/ztna-policies/api/get-ztna-policies';
import { useReorderZtnaPolicies } from '@/features/ztna-policies/api/reorder-ztna-policies';
import { useSaveZtnaPolicy } from '@/features/ztna-policies/api/save-ztna-policy';
import { FormModal } from './form-modal';
import { PolicyEditor } from './policy-editor';
import { formValuesOf } from './policy-form-values';
import { PolicyList } from './policy-list';
import { usePolicyNames } from './use-policy-names';

type Editing = { policy?: ZtnaPolicy } | null;

/** The ordered access policies with their editor: create, edit, enable, reorder and delete. */
export function PolicySection({ writer }: { writer: boolean }) {
  const policies = useZtnaPolicies();
  const names = usePolicyNames();
  const reorder = useReorderZtnaPolicies();
  const save = useSaveZtnaPolicy();
  const remove = useDeleteZtnaPolicy();
  const [editing, setEditing] = useState<Editing>(null);
  const fail = (e: unknown) => toast.error(formErrorMessage(e));
  const close = () => setEditing(null);

  const onDelete = async (p: ZtnaPolicy) => {
    if (!(await confirm({ title: `Delete policy '${p.name}'?`, message: 'Endpoints and connectors stop applying it once they get the change.', danger: true })))
      return;
    remove.mutate(p.id, { onSuccess: () => toast.deleted('Policy'), onError: fail });
  };
  const title = editing?.policy ? `Edit policy: ${editing.policy.name}` : 'Create Policy';

  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <div>
            <Title order={3} fz="md">
              Access policies
            </Title>
            <Text size="sm" c="dimmed">
              Evaluated from the top; the first policy that matches decides, and what none allows is denied.
            </Text>
          </div>
          {writer && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({})}>
              Create Policy
            </Button>
          )}
        </Group>
        {policies.isError ? (
          <ErrorPanel onRetry={() => void policies.refetch()} />
        ) : policies.isLoading ? (
          <Skeleton h={120} />
        ) : (
          <PolicyList
            policies={policies.data ?? []}
            names={names}
            writer={writer}
            busy={reorder.isPending}
            onReorder={(ids) => reorder.mutate(ids, { onError: fail })}
            onToggle={(p, enabled) =>
              save.mutate({ id: p.id, policy: { ...formValuesOf(p), enabled, order: p.order } }, { onSuccess: () => toast.edited('Policy'), onError: fail })
            }
            onEdit={(p) => setEditing({ policy: p })}
            onDelete={(p) => void onDelete(p)}
          />
        )}
      </Stack>
      <FormModal opened={editing !== null} onClose={close} label={title}>
        {editing && (
          <>
            <ModalHeader title={title} onClose={close} />
            <PolicyEditor policy={editing.policy} onDone={close} />
          </>
        )}
      </FormModal>
    </Paper>
  );
}
