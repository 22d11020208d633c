import { Paper, SimpleGrid, Table, Text } from '@mantine/core';
import type { StatusSnapshot } from '@netloom/domain';
import { upFor } from '@/features/device-status/hooks/use-fresh-snapshot';

export type SystemEntry = Extract<StatusSnapshot, { kind: 'system' }>['entries'][number];

const percent = (v: number) => `${Math.round(v)}%`;

/** The system snapshot as label/value pairs, in the order a person scans a box's identity then its load. */
function facts(system: SystemEntry): [string, string][] {
  return [
    ['Model', system.model],
    ['Firmware', system.firmware],
    ['Up for', upFor(system.uptime_s)],
    ['CPU', percent(system.cpu_pct)],
    ['Memory', percent(system.memory_pct)],
    ['Disk', percent(system.disk_pct)],
  ];
}

/** The overview's cards: what the box is and how loaded it is now. */
export function SystemCards({ system }: { system: SystemEntry }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }}>
      {facts(system).map(([label, value]) => (
        <Paper key={label} withBorder p="md" role="group" aria-label={label}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {label}
          </Text>
          <Text size="lg" fw={600}>
            {value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/** System information: every field of the snapshot, board included. */
export function SystemDetails({ system }: { system: SystemEntry }) {
  const rows: [string, string][] = [
    ['Board', system.board],
    ...facts(system),
    ...(system.capabilities ? [['Can run', system.capabilities.join(', ') || 'Routing only'] as [string, string]] : []),
  ];
  return (
    <Table variant="vertical" withTableBorder aria-label="System information" maw={560}>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w={160}>{label}</Table.Th>
            <Table.Td>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
