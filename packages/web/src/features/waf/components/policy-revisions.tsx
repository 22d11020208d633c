import { useState } from 'react';
import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { formatDate, type WafPolicy } from '@netloom/domain';
import { ConfigDiff } from '@/components/config-diff/config-diff';
import { confirm } from '@/components/dialogs/confirm';
import { ErrorPanel } from '@/components/error-panel';
import { toast } from '@/components/feedback/toast';
import { TableSkeleton } from '@/components/feedback/skeletons';
import { formErrorMessage } from '@/lib/forms';
import { useWafPolicyRevisions } from '@/features/waf/api/get-policy-revisions';
import { useRollbackWafPolicy } from '@/features/waf/api/rollback-waf-policy';

interface PolicyRevisionsProps {
  appId: string;
  current: { revision: number; policy: WafPolicy };
  writer: boolean;
  timezone: string | null;
}

/** Every saved policy of the application: what changed against the current one, and the way back to it. */
export function PolicyRevisions({ appId, current, writer, timezone }: PolicyRevisionsProps) {
  const revisions = useWafPolicyRevisions(appId);
  const rollback = useRollbackWafPolicy(appId);
  const [shownId, setShownId] = useState<string | null>(null);
  if (revisions.isError) return <ErrorPanel onRetry={() => void revisions.refetch()} />;
  if (revisions.isLoading) return <TableSkeleton rows={3} columns={4} />;
  const rows = revisions.data ?? [];
  const shown = rows.find((r) => r.id === shownId) ?? null;

  const roll = async (id: string, revision: number) => {
    if (
      !(await confirm({
        title: `Roll back to revision ${revision}?`,
        message: 'Its policy becomes the current one, as a new revision.',
        confirmLabel: 'Roll back',
      }))
    )
      return;
    rollback.mutate(id, { onSuccess: () => toast.info(`Rolled back to revision ${revision}`), onError: (e) => toast.error(formErrorMessage(e)) });
  };

  return (
    <Stack gap="sm">
      <Table verticalSpacing="xs" aria-label="Policy revisions" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Revision</Table.Th>
            <Table.Th>Message</Table.Th>
            <Table.Th>Author</Table.Th>
            <Table.Th>Saved</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.id} aria-label={`Revision ${r.revision}`}>
              <Table.Td>
                <Group gap={4}>
                  {r.revision}
                  {r.revision === current.revision && (
                    <Badge size="xs" variant="light">
                      current
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>{r.message || '—'}</Table.Td>
              <Table.Td>{r.author ?? '—'}</Table.Td>
              <Table.Td>{formatDate(r.created_at, { timezone })}</Table.Td>
              <Table.Td>
                <Group gap="xs" justify="flex-end" wrap="nowrap">
                  {r.revision !== current.revision && (
                    <Button size="compact-xs" variant="subtle" onClick={() => setShownId(shownId === r.id ? null : r.id)}>
                      {shownId === r.id ? 'Hide changes' : 'Compare'}
                    </Button>
                  )}
                  {writer && r.revision !== current.revision && (
                    <Button
                      size="compact-xs"
                      variant="light"
                      color="orange"
                      loading={rollback.isPending && rollback.variables === r.id}
                      onClick={() => void roll(r.id, r.revision)}
                    >
                      Roll back
                    </Button>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
          {rows.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={5}>
                <Text size="sm" c="dimmed">
                  No revision yet.
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
      {shown && (
        <ConfigDiff
          before={shown.policy}
          after={current.policy}
          beforeLabel={`Revision ${shown.revision}`}
          afterLabel={`Current (revision ${current.revision})`}
        />
      )}
    </Stack>
  );
}
