import { Table, Text, UnstyledButton } from '@mantine/core';
import { DATE_FORMATS, formatDate, type Ticket } from '@netloom/domain';
import { SlaText, TicketPriorityBadge, TicketStatusBadge } from './ticket-badges';

/** Tickets as rows; a row opens its ticket. `withTenant` and `withAssignee` for the desk. */
export function TicketsTable({
  rows,
  timezone,
  onOpen,
  selected,
  withTenant = false,
}: {
  rows: Ticket[];
  timezone: string | null;
  onOpen: (t: Ticket) => void;
  selected?: string | null;
  withTenant?: boolean;
}) {
  const now = Date.now();
  return (
    <Table highlightOnHover striped aria-label="Tickets">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>#</Table.Th>
          <Table.Th>Subject</Table.Th>
          {withTenant && <Table.Th>Tenant</Table.Th>}
          <Table.Th>Status</Table.Th>
          <Table.Th>Priority</Table.Th>
          <Table.Th>SLA</Table.Th>
          {withTenant && <Table.Th>Assignee</Table.Th>}
          <Table.Th>Raised</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((t) => (
          <Table.Tr key={t.id} bg={t.id === selected ? 'var(--mantine-color-blue-light)' : undefined}>
            <Table.Td>{t.number}</Table.Td>
            <Table.Td>
              <UnstyledButton onClick={() => onOpen(t)} fw={500}>
                {t.subject}
              </UnstyledButton>
            </Table.Td>
            {withTenant && <Table.Td>{t.tenant.name}</Table.Td>}
            <Table.Td>
              <TicketStatusBadge status={t.status} />
            </Table.Td>
            <Table.Td>
              <TicketPriorityBadge priority={t.priority} />
            </Table.Td>
            <Table.Td>
              <SlaText ticket={t} now={now} />
            </Table.Td>
            {withTenant && (
              <Table.Td>
                <Text size="sm">{t.assignee?.name ?? '—'}</Text>
              </Table.Td>
            )}
            <Table.Td>
              <Text size="sm">
                {formatDate(t.created_at, { timezone, format: DATE_FORMATS.lastSeen })} by {t.requester.name}
              </Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
