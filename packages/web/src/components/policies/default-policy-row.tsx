import { Group, Table, Text, Tooltip } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { PolicyNameCell } from './policy-name-cell';
import type { DefaultPolicy } from './types';

/** The last word of every evaluation. Not a policy, so it cannot be moved, edited or turned off. */
export function DefaultPolicyRow({ policy, position, writer }: { policy: DefaultPolicy; position: number; writer: boolean }) {
  return (
    <Table.Tr aria-label={policy.name} bg="var(--mantine-color-default-hover)">
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          {writer && (
            <Tooltip label="Always last">
              <IconLock size={16} aria-hidden style={{ margin: '0 6px', color: 'var(--mantine-color-dimmed)' }} />
            </Tooltip>
          )}
          <Text size="sm" fw={600} w={20} ta="right">
            {position}
          </Text>
        </Group>
      </Table.Td>
      <PolicyNameCell name={policy.name} description={policy.description} />
      {policy.cells.map((cell, i) => (
        <Table.Td key={i}>{cell}</Table.Td>
      ))}
      <Table.Td>
        <Text size="sm" c="dimmed">
          Always on
        </Text>
      </Table.Td>
      {writer && <Table.Td />}
    </Table.Tr>
  );
}
