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
import { useDecideInventory } from '@/features/ztna-onboarding/api/decide-inventory';
import { useInventory } from '@/features/ztna-onboarding/api/get-inventory';
import { pendingColumns } from './inventory-columns';
import { useSecurityGroupOptions } from './use-security-group-options';

const plural = (n: number) => `${n} client${n === 1 ? '' : 's'}`;

/** Inventory › Rejected: clients rejected (or revoked), refused until owners or admins let them in again. */
export function RejectedInventory({ user }: { user: User }) {
  const manager = canManageTenant(user);
  const rejected = useInventory({ state: 'rejected', search: '', page: 1, pageSize: 0 });
  const groups = useSecurityGroupOptions();
  const decide = useDecideInventory();
  const [selected, setSelected] = useState<string[]>([]);
  const columns = useMemo(() => pendingColumns(groups.nameOf), [groups.nameOf]);
  const rows = rejected.data?.results ?? [];
  const chosen = selected.filter((id) => rows.some((r) => r.id === id));

  const readmit = async () => {
    const message = 'They come back approved the next time they connect, and may connect as the policies allow.';
    if (!(await confirm({ title: `Let ${plural(chosen.length)} in again?`, message }))) return;
    try {
      const r = await decide.mutateAsync({ ids: chosen, decision: 'readmit' });
      const parts = [`${r.readmitted} let in again`, ...(r.skipped.length ? [`${r.skipped.length} skipped`] : [])];
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
            {chosen.length ? `${chosen.length} selected` : rows.length ? `${plural(rows.length)} kept out` : 'No client is kept out'}
          </Text>
          <Button size="xs" disabled={chosen.length === 0} loading={decide.isPending} onClick={() => void readmit()}>
            Let in again{chosen.length ? ` (${chosen.length})` : ''}
          </Button>
        </Group>
      )}
      {rejected.isError ? (
        <ErrorPanel onRetry={() => void rejected.refetch()} />
      ) : (
        <DataTable
          label="Rejected clients"
          columns={columns}
          rows={rows}
          loading={rejected.isLoading}
          timezone={user.timezone}
          options={{ search: true, sort: true, paging: true, download: false }}
          selection={manager ? { header: 'Select', selectedIds: chosen, onChange: setSelected } : undefined}
          emptyState={
            <EmptyState
              title="No rejected clients"
              description="Clients you reject or revoke are refused, whatever key they hold, and wait here to be let in again."
            />
          }
        />
      )}
    </Paper>
  );
}
