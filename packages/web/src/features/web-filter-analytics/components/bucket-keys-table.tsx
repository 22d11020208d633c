import { Anchor, ColorSwatch, Group, Table, Text } from '@mantine/core';
import type { Bucket } from './webfilter-bars-option';

interface BucketKeysTableProps {
  /** Names the table for screen readers and tests ('Top Blocked URLs'). */
  label: string;
  keyHeader: string;
  buckets: readonly Bucket[];
  /** A key that opens more (a user's drill-down) is a link. */
  onKeyClick?: (key: string) => void;
  /** A swatch per key when the chart colours keys (the donut). */
  colorOf?: (key: string, index: number) => string;
}

/**
 * The chart's keys and counts as text: the canvas says nothing to a screen reader, a search
 * (Ctrl+F) or a test, and long URLs are cut on the axis.
 */
export function BucketKeysTable({ label, keyHeader, buckets, onKeyClick, colorOf }: BucketKeysTableProps) {
  return (
    <Table fz="xs" verticalSpacing={4} withRowBorders={false} aria-label={label} data-testid="webfilter-keys" maw={640}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{keyHeader}</Table.Th>
          <Table.Th ta="right">Requests</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {buckets.map((b, i) => (
          <Table.Tr key={b.key}>
            <Table.Td>
              <Group gap={6} wrap="nowrap">
                {colorOf && <ColorSwatch color={colorOf(b.key, i)} size={10} withShadow={false} />}
                {onKeyClick ? (
                  <Anchor component="button" type="button" size="xs" onClick={() => onKeyClick(b.key)} aria-label={`Web activity of ${b.key}`}>
                    {b.key}
                  </Anchor>
                ) : (
                  <Text size="xs" style={{ wordBreak: 'break-all' }}>
                    {b.key}
                  </Text>
                )}
              </Group>
            </Table.Td>
            <Table.Td ta="right">{b.doc_count.toLocaleString()}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
