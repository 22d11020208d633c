import { useState } from 'react';
import { Button, Group, Paper, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { SecurityGroup, SecurityGroupRow } from '@netloom/domain';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { ModalHeader } from '@/components/dialogs/modal-header';
import { EmptyState } from '@/components/empty-state';
import { ErrorPanel } from '@/components/error-panel';
import { toast } from '@/components/feedback/toast';
import { FormModal } from '@/components/dialogs/form-modal';
import { formErrorMessage } from '@/lib/forms';
import { useDeleteSecurityGroup } from '@/features/ztna-overlay/api/delete-security-group';
import { useSecurityGroups } from '@/features/ztna-overlay/api/get-security-groups';
import { KIND_LABELS, ruleText } from './overlay-labels';
import { SecurityGroupEditor } from './security-group-editor';

const COLUMNS: DataTableColumn<SecurityGroupRow>[] = [
  { key: 'name', header: 'Name' },
  { key: 'kind', header: 'Holds', render: (g) => KIND_LABELS[g.kind] },
  { key: 'users', header: 'Users', render: (g) => (g.kind === 'endpoints' ? '—' : String(g.users.length)) },
  // Who is in it now, as Group membership lists them (listed, by their user, or by the rule): not only those listed by hand.
  { key: 'endpoint_count', header: 'Endpoints' },
  { key: 'rule', header: 'Rule', width: '14rem', render: (g) => ruleText(g.rule) },
  { key: 'description', header: 'Description' },
];

type Editing = { group?: SecurityGroup } | null;

/** Security groups: who policies, DNS and the overlay access policy may name as one. */
export function SecurityGroupsTab({ writer }: { writer: boolean }) {
  const groups = useSecurityGroups();
  const remove = useDeleteSecurityGroup();
  const [editing, setEditing] = useState<Editing>(null);
  const close = () => setEditing(null);
  const title = editing?.group ? `Edit security group: ${editing.group.name}` : 'Create Security Group';
  const createButton = writer && (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({})}>
      Create Security Group
    </Button>
  );

  return (
    <Paper withBorder p="md">
      <Group justify="space-between" mb="sm">
        <Text size="sm" c="dimmed">
          Users, endpoints or both; members listed by hand or added by a rule on what their endpoint reports.
        </Text>
        {createButton}
      </Group>
      {groups.isError ? (
        <ErrorPanel onRetry={() => void groups.refetch()} />
      ) : (
        <DataTable
          label="Security groups"
          columns={COLUMNS}
          rows={groups.data ?? []}
          getRowId={(g) => g.id}
          loading={groups.isLoading}
          options={{ search: true, sort: true, download: false, paging: true }}
          onEdit={writer ? (g) => setEditing({ group: g }) : undefined}
          onDelete={
            writer
              ? (g) => remove.mutate(g.id, { onSuccess: () => toast.deleted('Security group'), onError: (e) => toast.error(formErrorMessage(e)) })
              : undefined
          }
          emptyState={
            <EmptyState
              title={writer ? 'Create your First Security Group' : 'No Security Groups yet'}
              description="Group users and endpoints to name them at once in policies, DNS and the overlay access policy."
            />
          }
        />
      )}
      <FormModal opened={editing !== null} onClose={close} label={title} size="lg">
        {editing && (
          <>
            <ModalHeader title={title} onClose={close} />
            <SecurityGroupEditor group={editing.group} onDone={close} />
          </>
        )}
      </FormModal>
    </Paper>
  );
}
