import { Paper, Skeleton, Table, Text } from '@mantine/core';
import { EmptyState } from '@/components/empty-state';
import { ErrorPanel } from '@/components/error-panel';
import { useZtnaServers } from '@/features/ztna-overlay/api/get-ztna-servers';
import { DPC_CONTROLS, DpcRow } from './dpc-row';
import { ActionsHeader } from '@/components/data-table/actions-header';

/** Data protection controls: per private application, what clients may do with it, and whether only managed, approved endpoints connect. */
export function DpcTab({ writer }: { writer: boolean }) {
  const servers = useZtnaServers();
  if (servers.isError) return <ErrorPanel onRetry={() => void servers.refetch()} />;
  if (servers.isLoading) return <Skeleton h={200} />;
  const list = servers.data ?? [];
  return (
    <Paper withBorder p="md">
      <Text size="sm" c="dimmed" mb="sm">
        Download, upload and copy say what a client may do with a server&apos;s data; managed only lets just approved endpoints connect, whatever a policy
        allows.
      </Text>
      {list.length === 0 ? (
        <EmptyState title="No Servers yet" description="Publish private applications in Onboarding › Servers; their controls show here." />
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="xs" aria-label="Data protection controls" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Server</Table.Th>
                <Table.Th>Site</Table.Th>
                {DPC_CONTROLS.map((c) => (
                  <Table.Th key={c.key}>{c.label}</Table.Th>
                ))}
                {writer && <ActionsHeader />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((s) => (
                <DpcRow key={s.id} server={s} writer={writer} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
