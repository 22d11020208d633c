import { useMemo, useState } from 'react';
import { Button, Group, Paper, Text } from '@mantine/core';
import { canManageTenant, type User } from '@netloom/domain';
import { DataTable } from '@/components/data-table/data-table';
import { confirm } from '@/components/dialogs/confirm';
import { EmptyState } from '@/components/empty-state';
import { ErrorPanel } from '@/components/error-panel';
import { toast } from '@/components/feedback/toast';
import { formErrorMessage } from '@/lib/forms';
import { snack } from '@/lib/notify';
import { useDecideInventory, type InventoryDecision } from '@/features/ztna-onboarding/api/decide-inventory';
import { useInventory } from '@/features/ztna-onboarding/api/get-inventory';
import { pendingColumns } from './inventory-columns';
import { useSecurityGroupOptions } from './use-security-group-options';

const plural = (n: number) => `${n} client${n === 1 ? '' : 's'}`;

/** Inventory › Approve: clients waiting for approval; owners and admins approve or reject many at once. */
export function ApproveInventory({ user }: { user: User }) {
  const manager = canManageTenant(user);
  const pending = useInventory({ state: 'pending', search: '', page: 1, pageSize: 0 });
  const groups = useSecurityGroupOptions();
  const decide = useDecideInventory();
  const [selected, setSelected] = useState<string[]>([]);
  const columns = useMemo(() => pendingColumns(groups.nameOf), [groups.nameOf]);
  const rows = pending.data?.results ?? [];
  const chosen = selected.filter((id) => rows.some((r) => r.id === id));

  const run = async (decision: InventoryDecision) => {
    const verb = decision === 'approve' ? 'Approve' : 'Reject';
    const message =
      decision === 'approve'
        ? 'They get their profile and may connect as the policies allow.'
        : 'They are refused, whatever key they hold, until you let them in again (Rejected tab).';
    if (!(await confirm({ title: `${verb} ${plural(chosen.length)}?`, message, danger: decision === 'reject' }))) return;
    try {
      const r = await decide.mutateAsync({ ids: chosen, decision });
      const parts = [`${r.approved} approved`, `${r.rejected} rejected`, ...(r.skipped.length ? [`${r.skipped.length} skipped`] : [])];
      snack(parts.join(', '), { color: r.skipped.length ? 'yellow' : 'green' });
      setSelected([]);
    } catch (e) {
      toast.error(formErrorMessage(e));
    }
  };

  return (
    <Paper withBorder p="md">
      {manager && (
        <Group mb="sm" gap="xs">
          <Text size="sm" c="dimmed" mr="sm">
            {chosen.length ? `${chosen.length} selected` : rows.length ? `${plural(rows.length)} waiting for approval` : 'Nothing waits for approval'}
          </Text>
          <Button size="xs" disabled={chosen.length === 0} loading={decide.isPending} onClick={() => void run('approve')}>
            Approve{chosen.length ? ` (${chosen.length})` : ''}
          </Button>
          <Button size="xs" color="red" variant="light" disabled={chosen.length === 0} loading={decide.isPending} onClick={() => void run('reject')}>
            Reject{chosen.length ? ` (${chosen.length})` : ''}
          </Button>
        </Group>
      )}
      {pending.isError ? (
        <ErrorPanel onRetry={() => void pending.refetch()} />
      ) : (
        <DataTable
          label="Clients waiting for approval"
          columns={columns}
          rows={rows}
          loading={pending.isLoading}
          timezone={user.timezone}
          options={{ search: true, sort: true, paging: true, download: true }}
          csv={{
            title: 'pending-clients',
            titles: ['Endpoint', 'User', 'OS', 'Client', 'Last seen'],
            keys: ['name', 'user', 'os_label', 'client_version', 'last_seen'],
          }}
          selection={manager ? { header: 'Select', selectedIds: chosen, onChange: setSelected } : undefined}
          emptyState={<EmptyState title="No clients waiting" description="Clients enrolled with a key that does not approve them at once wait here." />}
        />
      )}
    </Paper>
  );
}
