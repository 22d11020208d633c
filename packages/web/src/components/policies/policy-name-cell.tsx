import type { ReactNode } from 'react';
import { Table, Text } from '@mantine/core';

/** A policy's name, its description on one line under it, then whatever more the list says about it. */
export function PolicyNameCell({ name, description, children }: { name: string; description?: string; children?: ReactNode }) {
  return (
    <Table.Td>
      <Text size="sm" fw={500}>
        {name}
      </Text>
      {description && (
        <Text size="xs" c="dimmed" lineClamp={1}>
          {description}
        </Text>
      )}
      {children}
    </Table.Td>
  );
}
