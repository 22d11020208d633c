import { Group, Table, Text, Tooltip } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { AccessActionBadge } from './access-action-badge';

export const DEFAULT_DENY_LABEL = 'Default — Deny';

/** The last word of every evaluation: what no policy allows is denied. Not a policy, so it cannot be moved, edited or turned off. */
export function DefaultDenyRow({ position, writer }: { position: number; writer: boolean }) {
  return (
    <Table.Tr aria-label={DEFAULT_DENY_LABEL} bg="var(--mantine-color-default-hover)">
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
      <Table.Td>
        <Text size="sm" fw={500}>
          {DEFAULT_DENY_LABEL}
        </Text>
        <Text size="xs" c="dimmed">
          What no policy above allows
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">Everyone</Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">Every server</Text>
      </Table.Td>
      <Table.Td>
        <AccessActionBadge action="deny" />
      </Table.Td>
      <Table.Td>
        <Text size="sm">Always</Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">—</Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" c="dimmed">
          Always on
        </Text>
      </Table.Td>
      {writer && <Table.Td />}
    </Table.Tr>
  );
}
