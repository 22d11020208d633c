import { Stack, Table, Text } from '@mantine/core';
import { IDS_CATEGORIES, type StatusSnapshot } from '@netloom/domain';

const MODE_LABELS = { off: 'Off', detect: 'Detect (alerts only)', prevent: 'Prevent (drops what its categories drop)' } as const;

/** How the engine runs and what each loaded category matched since its section was applied: above the latest alerts. */
export function IdsCounters({ snapshot }: { snapshot: StatusSnapshot }) {
  if (snapshot.kind !== 'ids') return null;
  const label = (key: string) => IDS_CATEGORIES.find((c) => c.key === key)?.label ?? key;
  return (
    <Stack gap="xs">
      <Text size="sm">Mode: {MODE_LABELS[snapshot.mode]} · counted since its configuration was applied</Text>
      <Table withTableBorder striped maw={560} aria-label="Matches per category">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Category</Table.Th>
            <Table.Th>Alerted</Table.Th>
            <Table.Th>Dropped</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {snapshot.categories.map((c) => (
            <Table.Tr key={c.category}>
              <Table.Td>{label(c.category)}</Table.Td>
              <Table.Td>{c.alerted}</Table.Td>
              <Table.Td>{c.dropped}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="sm" fw={500}>
        Latest alerts
      </Text>
    </Stack>
  );
}
