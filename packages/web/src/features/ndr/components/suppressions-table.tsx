import { Button } from '@mantine/core';
import { formatDate, type NdrRuleRow, type NdrSuppression } from '@netloom/domain';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { confirm } from '@/components/dialogs/confirm';
import { toast } from '@/components/feedback/toast';
import { formErrorMessage } from '@/lib/forms';
import { useUpdateNdrRule } from '@/features/ndr/api/update-ndr-rule';

const keyOf = (s: NdrSuppression) => `${s.host_ip}|${s.peer ?? ''}|${s.created_at}`;
const scopeText = (s: NdrSuppression) => `${s.host_ip} ${s.peer ? `with ${s.peer}` : 'with every peer'}`;

/** Where a rule stays silent (the false positives triage left), each of which a writer may lift. */
export function SuppressionsTable({ rule, writer, timezone }: { rule: NdrRuleRow; writer: boolean; timezone: string | null }) {
  const update = useUpdateNdrRule();
  const lift = async (s: NdrSuppression) => {
    const ok = await confirm({
      title: 'Lift the suppression?',
      message: `${rule.name} judges ${scopeText(s)} again.`,
      confirmLabel: 'Lift',
      cancelLabel: 'Cancel',
    });
    if (!ok) return;
    // The list as a whole: lifting one is sending the list without it.
    const suppressions = rule.suppressions.filter((x) => keyOf(x) !== keyOf(s));
    update.mutate(
      { ruleId: rule.id, patch: { suppressions } },
      { onSuccess: () => toast.info('Suppression lifted'), onError: (e) => toast.error(formErrorMessage(e)) },
    );
  };
  const columns: DataTableColumn<NdrSuppression & { id: string }>[] = [
    { key: 'host_ip', header: 'Host' },
    { key: 'peer', header: 'Peer', render: (s) => s.peer ?? 'Every peer' },
    { key: 'reason', header: 'Reason', render: (s) => s.reason || '—' },
    { key: 'created_by', header: 'By', render: (s) => s.created_by ?? '—' },
    { key: 'created_at', header: 'Since', type: 'date' },
    { key: 'expires_at', header: 'Until', render: (s) => (s.expires_at ? formatDate(s.expires_at, { timezone }) : 'Until lifted') },
    ...(writer
      ? [
          {
            key: 'lift',
            header: 'Lift',
            sortable: false,
            render: (s: NdrSuppression) => (
              <Button
                size="compact-xs"
                variant="light"
                aria-label={`Lift the suppression of ${scopeText(s)}`}
                loading={update.isPending}
                onClick={() => void lift(s)}
              >
                Lift
              </Button>
            ),
          },
        ]
      : []),
  ];
  return (
    <DataTable
      label={`Suppressions of ${rule.name}`}
      columns={columns}
      rows={rule.suppressions.map((s) => ({ ...s, id: keyOf(s) }))}
      timezone={timezone}
      options={{ sort: true, search: false, paging: true, download: false }}
      emptyState="No suppression: marking a detection a false positive adds one."
    />
  );
}
