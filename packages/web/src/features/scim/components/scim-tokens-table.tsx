import { Button, Code, Table, Text } from '@mantine/core';
import { formatDate, type ScimToken } from '@netloom/domain';
import { ActionsHeader } from '@/components/data-table/actions-header';

/** The tokens by name and prefix, when each was made and last used, each with its Revoke. */
export function ScimTokensTable({ tokens, timezone, onRevoke }: { tokens: readonly ScimToken[]; timezone: string | null; onRevoke: (t: ScimToken) => void }) {
  if (tokens.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No provisioning tokens yet: create one for each identity provider that pushes your people.
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table aria-label="Provisioning tokens" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Token</Table.Th>
            <Table.Th>New users</Table.Th>
            <Table.Th>Created</Table.Th>
            <Table.Th>Last used</Table.Th>
            <ActionsHeader />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tokens.map((t) => (
            <Table.Tr key={t.id}>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {t.name}
                </Text>
              </Table.Td>
              <Table.Td>
                <Code>{t.prefix}…</Code>
              </Table.Td>
              <Table.Td>{t.default_role}</Table.Td>
              <Table.Td>
                {formatDate(t.created_at, { timezone })}
                {t.created_by ? ` by ${t.created_by}` : ''}
              </Table.Td>
              <Table.Td>{t.last_used_at ? formatDate(t.last_used_at, { timezone }) : 'Never'}</Table.Td>
              <Table.Td>
                <Button size="compact-xs" variant="light" color="red" aria-label={`Revoke ${t.name}`} onClick={() => onRevoke(t)}>
                  Revoke
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
