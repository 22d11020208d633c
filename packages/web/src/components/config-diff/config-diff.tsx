import { Badge, Code, Table, Text } from '@mantine/core';
import { configChanges, type Change, type ChangeKind } from './flatten-delta';

const COLOUR: Record<ChangeKind, string> = { added: 'green', removed: 'red', changed: 'yellow', moved: 'blue' };

/** A value as a reader wants it: text as is, an item as its fields one per line. */
function Value({ value }: { value: unknown }) {
  if (value === undefined) return <Text c="dimmed">—</Text>;
  if (value === null || typeof value !== 'object') return <Text size="sm">{String(value)}</Text>;
  const lines = Array.isArray(value)
    ? value.map((v) => (typeof v === 'object' ? JSON.stringify(v) : String(v)))
    : Object.entries(value).map(([k, v]) => `${k}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`);
  return (
    <Code block fz="xs">
      {lines.join('\n')}
    </Code>
  );
}

export interface ConfigDiffProps {
  before: unknown;
  after: unknown;
  beforeLabel: string;
  afterLabel: string;
}

/** Two configurations side by side, one row per change, named the way the pages name things. */
export function ConfigDiff({ before, after, beforeLabel, afterLabel }: ConfigDiffProps) {
  const changes: Change[] = configChanges(before, after);
  if (changes.length === 0) return <Text c="dimmed">No differences.</Text>;
  return (
    <Table striped withTableBorder aria-label="Configuration differences" verticalSpacing="xs">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Where</Table.Th>
          <Table.Th>{beforeLabel}</Table.Th>
          <Table.Th>{afterLabel}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {changes.map((c, i) => (
          <Table.Tr key={i}>
            <Table.Td>
              <Badge color={COLOUR[c.kind]} variant="light" mr="xs">
                {c.kind}
              </Badge>
              <Text span size="sm">
                {c.path.join(' › ')}
              </Text>
            </Table.Td>
            <Table.Td>
              <Value value={c.before} />
            </Table.Td>
            <Table.Td>
              <Value value={c.after} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
