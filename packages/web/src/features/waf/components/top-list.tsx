import { Table, Text, Title } from '@mantine/core';

interface TopListProps {
  title: string;
  keyHeader: string;
  rows: readonly { key: string; count: number; message?: string }[];
  /** What the counts are ('Attacks' by default). */
  countHeader?: string;
}

/** A summary's top-N list: the key, what it is, and how many attacks (or requests). */
export function TopList({ title, keyHeader, rows, countHeader = 'Attacks' }: TopListProps) {
  return (
    <>
      <Title order={2} fz="sm" mb={4}>
        {title}
      </Title>
      <Table verticalSpacing={4} aria-label={title}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{keyHeader}</Table.Th>
            <Table.Th ta="right">{countHeader}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.key}>
              <Table.Td>
                <Text size="sm" style={{ wordBreak: 'break-all' }}>
                  {r.key}
                </Text>
                {r.message && (
                  <Text size="xs" c="dimmed">
                    {r.message}
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right">{r.count.toLocaleString()}</Table.Td>
            </Table.Tr>
          ))}
          {rows.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={2}>
                <Text size="sm" c="dimmed">
                  No Data
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </>
  );
}
