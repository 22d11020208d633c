import { Paper, Skeleton, Stack, Table } from '@mantine/core';

/** Placeholder rows while a table's first page loads; the header keeps the page from jumping. */
export function TableSkeleton({ rows = 5, columns = 4 }: { rows?: number; columns?: number }) {
  const cols = Array.from({ length: columns }, (_, i) => i);
  return (
    <Table aria-busy="true" aria-label="Loading table">
      <Table.Thead>
        <Table.Tr>
          {cols.map((c) => (
            <Table.Th key={c}>
              <Skeleton height={12} width="60%" />
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {Array.from({ length: rows }, (_, r) => (
          <Table.Tr key={r}>
            {cols.map((c) => (
              <Table.Td key={c}>
                <Skeleton height={10} />
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Placeholder for a dashboard card or chart panel. */
export function CardSkeleton({ height = 200, lines = 2 }: { height?: number; lines?: number }) {
  return (
    <Paper withBorder p="md" aria-busy="true" aria-label="Loading">
      <Stack gap="sm">
        <Skeleton height={14} width="40%" />
        {Array.from({ length: lines }, (_, i) => (
          <Skeleton key={i} height={10} width={i % 2 ? '70%' : '90%'} />
        ))}
        <Skeleton height={height} />
      </Stack>
    </Paper>
  );
}
