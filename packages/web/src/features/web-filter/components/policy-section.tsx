import { useState } from 'react';
import { Button, Group, Modal, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { WebFilterPolicy } from '@netloom/domain';
import { confirm } from '@/components/dialogs/confirm';
import { ModalHeader } from '@/components/dialogs/modal-header';
import { EmptyState } from '@/components/empty-state';
import { ErrorPanel } from '@/components/error-panel';
import { toast } from '@/components/feedback/toast';
import { formErrorMessage } from '@/lib/forms';
import { useDeleteWebFilterPolicy } from '@/features/web-filter/api/delete-web-filter-policy';
import { useFilterEndpoints } from '@/features/web-filter/api/get-filter-endpoints';
import { useWebFilterPolicies } from '@/features/web-filter/api/get-web-filter-policies';
import { useReorderWebFilterPolicies } from '@/features/web-filter/api/reorder-web-filter-policies';
import { useSaveWebFilterPolicy } from '@/features/web-filter/api/save-web-filter-policy';
import { PolicyEditor } from './policy-editor';
import { formValuesOf } from './policy-form-values';
import { PolicyList } from './policy-list';
import { usePolicyNames } from './use-policy-names';

type Editing = { policy?: WebFilterPolicy } | null;

/** The ordered policies with their editor: create, edit, enable, reorder and delete. */
export function PolicySection({ writer }: { writer: boolean }) {
  const policies = useWebFilterPolicies();
  const endpoints = useFilterEndpoints();
  const names = usePolicyNames();
  const reorder = useReorderWebFilterPolicies();
  const save = useSaveWebFilterPolicy();
  const remove = useDeleteWebFilterPolicy();
  const [editing, setEditing] = useState<Editing>(null);
  const fail = (e: unknown) => toast.error(formErrorMessage(e));
  const close = () => setEditing(null);

  const createButton = writer && (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({})}>
      Create Policy
    </Button>
  );
  const onDelete = async (p: WebFilterPolicy) => {
    if (!(await confirm({ title: `Delete policy '${p.name}'?`, message: 'Endpoints stop applying it once they get the change.', danger: true }))) return;
    remove.mutate(p.id, { onSuccess: () => toast.deleted('Policy'), onError: fail });
  };
  const list = policies.data ?? [];

  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <div>
            <Title order={3} fz="md">
              Policies
            </Title>
            <Text size="sm" c="dimmed">
              Evaluated from the top; the first policy that decides wins.
            </Text>
          </div>
          {list.length > 0 && createButton}
        </Group>
        {policies.isError ? (
          <ErrorPanel onRetry={() => void policies.refetch()} />
        ) : policies.isLoading ? (
          <Skeleton h={120} />
        ) : list.length === 0 ? (
          writer ? (
            <EmptyState
              title="Create your First Web Filter Policy"
              description="Block or allow categories, applications, URLs and addresses for users, groups and endpoints."
              action={createButton}
            />
          ) : (
            <EmptyState title="No Web Filter Policies yet" description="Owners, admins and editors create policies." />
          )
        ) : (
          <PolicyList
            policies={list}
            names={names}
            endpoints={endpoints.data ?? []}
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
      <Modal opened={editing !== null} onClose={close} withCloseButton={false} size="xl" centered>
        {editing && (
          <>
            <ModalHeader title={editing.policy ? `Edit policy: ${editing.policy.name}` : 'Create Policy'} onClose={close} />
            <PolicyEditor policy={editing.policy} onDone={close} />
          </>
        )}
      </Modal>
    </Paper>
  );
}
