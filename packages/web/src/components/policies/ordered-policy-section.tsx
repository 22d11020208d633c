import { useState, type ReactNode } from 'react';
import { Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { confirm } from '@/components/dialogs/confirm';
import { FormModal } from '@/components/dialogs/form-modal';
import { ModalHeader } from '@/components/dialogs/modal-header';
import { EmptyState } from '@/components/empty-state';
import { ErrorPanel } from '@/components/error-panel';
import { toast } from '@/components/feedback/toast';
import { formErrorMessage } from '@/lib/forms';
import { OrderedPolicyList, type OrderedPolicyListProps } from './ordered-policy-list';
import { policyValues, type PolicyValues } from './policy-values';
import type { OrderedPolicy } from './types';

/** The policies as their query holds them. */
interface PolicyQuery<P> {
  data?: readonly P[];
  isError: boolean;
  isLoading: boolean;
  refetch: () => unknown;
}

/** The writes of a policy page; each settles as the server answers. */
export interface PolicyWrites<P> {
  /** Saves the whole order, first first. */
  reorder: (ids: string[]) => Promise<unknown>;
  /** A reorder is on its way: the order controls wait for it. */
  reordering: boolean;
  setEnabled: (policy: P, enabled: boolean) => Promise<unknown>;
  remove: (policy: P) => Promise<unknown>;
}

interface Mutation<V> {
  mutateAsync: (variables: V) => Promise<unknown>;
  isPending: boolean;
}

/**
 * The writes of a policy page from its three mutations: the order, a whole policy (turning one on
 * or off sends it whole, in its place) and a delete by id.
 */
export function policyWrites<P extends OrderedPolicy & { order: number }>(
  reorder: Mutation<string[]>,
  save: Mutation<{ id: string; policy: PolicyValues<P> & { order: number } }>,
  remove: Mutation<string>,
): PolicyWrites<P> {
  return {
    reorder: (ids) => reorder.mutateAsync(ids),
    reordering: reorder.isPending,
    setEnabled: (p, enabled) => save.mutateAsync({ id: p.id, policy: { ...policyValues(p), enabled, order: p.order } }),
    remove: (p) => remove.mutateAsync(p.id),
  };
}

interface EmptyText {
  title: string;
  description: string;
}

export interface OrderedPolicySectionProps<P extends OrderedPolicy> {
  title: string;
  /** How the policies are evaluated, in a sentence. */
  description: string;
  writer: boolean;
  policies: PolicyQuery<P>;
  writes: PolicyWrites<P>;
  /** The list's own parts: its name, columns, default policy… */
  list: Omit<OrderedPolicyListProps<P>, 'policies' | 'writer' | 'busy' | 'onReorder' | 'onToggle' | 'onEdit' | 'onDelete'>;
  /** With no policy yet, this instead of the list: writers are invited to create the first. */
  empty?: { writer: EmptyText; reader: EmptyText };
  /** What the delete confirmation says happens next. */
  deleteMessage: string;
  /** The editor of one policy (none: a new one), closed by `done`. */
  editor: (policy: P | undefined, done: () => void) => ReactNode;
}

type Editing<P> = { policy?: P } | null;

/** A page's ordered policies with their editor: create, edit, enable, reorder and delete, each write confirmed or explained. */
export function OrderedPolicySection<P extends OrderedPolicy>({
  title,
  description,
  writer,
  policies,
  writes,
  list,
  empty,
  deleteMessage,
  editor,
}: OrderedPolicySectionProps<P>) {
  const [editing, setEditing] = useState<Editing<P>>(null);
  const fail = (e: unknown) => toast.error(formErrorMessage(e));
  const close = () => setEditing(null);
  const rows = policies.data ?? [];
  const invite = empty && rows.length === 0;

  const createButton = writer && (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({})}>
      Create Policy
    </Button>
  );
  const onDelete = async (p: P) => {
    if (!(await confirm({ title: `Delete policy '${p.name}'?`, message: deleteMessage, danger: true }))) return;
    void writes.remove(p).then(() => toast.deleted('Policy'), fail);
  };
  const editorTitle = editing?.policy ? `Edit policy: ${editing.policy.name}` : 'Create Policy';

  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <div>
            <Title order={3} fz="md">
              {title}
            </Title>
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          </div>
          {!invite && createButton}
        </Group>
        {policies.isError ? (
          <ErrorPanel onRetry={() => void policies.refetch()} />
        ) : policies.isLoading ? (
          <Skeleton h={120} />
        ) : invite ? (
          writer ? (
            <EmptyState title={empty.writer.title} description={empty.writer.description} action={createButton} />
          ) : (
            <EmptyState title={empty.reader.title} description={empty.reader.description} />
          )
        ) : (
          <OrderedPolicyList
            {...list}
            policies={rows}
            writer={writer}
            busy={writes.reordering}
            onReorder={(ids) => void writes.reorder(ids).catch(fail)}
            onToggle={(p, enabled) => void writes.setEnabled(p, enabled).then(() => toast.edited('Policy'), fail)}
            onEdit={(p) => setEditing({ policy: p })}
            onDelete={(p) => void onDelete(p)}
          />
        )}
      </Stack>
      <FormModal opened={editing !== null} onClose={close} label={editorTitle}>
        {editing && (
          <>
            <ModalHeader title={editorTitle} onClose={close} />
            {editor(editing.policy, close)}
          </>
        )}
      </FormModal>
    </Paper>
  );
}
