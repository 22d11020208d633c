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

/** The box's NTP client in a sentence: whom it follows and how far off it is. */
function clockLine(ntp: NonNullable<SystemEntry['ntp']>): string {
  if (ntp.state === 'off') return 'NTP off';
  if (ntp.state === 'unsynchronised') return 'Not synchronised';
  const offset = ntp.offset_ms === null ? '' : Math.abs(ntp.offset_ms) < 0.05 ? ' (offset under 0.1 ms)' : ` (offset ${ntp.offset_ms.toFixed(1)} ms)`;
  return `Synchronised${ntp.source ? ` to ${ntp.source}` : ''}${offset}`;
}

/** System information: every field of the snapshot, board included; what only some boxes report shows where they do. */
export function SystemDetails({ system }: { system: SystemEntry }) {
  const optional: [string, string | undefined][] = [
    ['Time zone', system.time_zone],
    ['Clock', system.ntp && clockLine(system.ntp)],
    ['Can run', system.capabilities && (system.capabilities.join(', ') || 'Routing only')],
  ];
  const rows: [string, string][] = [['Board', system.board], ...facts(system), ...optional.filter((r): r is [string, string] => r[1] !== undefined)];
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
