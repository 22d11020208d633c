import type { ReactNode } from 'react';
import { Button, Skeleton, Stack, Table, Text } from '@mantine/core';
import { CLEAR_SEARCH_LABEL, NO_MATCH_MESSAGE } from '@netloom/domain';

const SKELETON_ROWS = 5;

export function SkeletonRows({ colSpan }: { colSpan: number }) {
  return (
    <>
      {Array.from({ length: SKELETON_ROWS }, (_, i) => (
        <Table.Tr key={i} data-testid="skeleton-row">
          {Array.from({ length: colSpan }, (_, j) => (
            <Table.Td key={j}>
              <Skeleton height={14} radius="sm" />
            </Table.Td>
          ))}
        </Table.Tr>
      ))}
    </>
  );
}

/** A full-width row for the empty and no-match messages. */
export function MessageRow({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={colSpan}>{children}</Table.Td>
    </Table.Tr>
  );
}

export function NoMatch({ onClear }: { onClear: () => void }) {
  return (
    <Stack align="center" gap="xs" py="lg">
      <Text c="dimmed">{NO_MATCH_MESSAGE}</Text>
      <Button variant="light" size="xs" onClick={onClear}>
        {CLEAR_SEARCH_LABEL}
      </Button>
    </Stack>
  );
}

export function NoRows() {
  return (
    <Text c="dimmed" ta="center" py="lg">
      No records to show.
    </Text>
  );
}
