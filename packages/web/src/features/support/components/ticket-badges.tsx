import type { ReactNode } from 'react';
import { Alert, Badge, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import {
  TICKET_PRIORITY_LABELS,
  TICKET_STATUS_LABELS,
  externalSyncText,
  formatSlaLeft,
  type Ticket,
  type TicketPriority,
  type TicketStatus,
} from '@netloom/domain';

const STATUS_COLORS: Record<TicketStatus, string> = { open: 'red', pending: 'blue', on_hold: 'dark', solved: 'green', closed: 'gray' };
const PRIORITY_COLORS: Record<TicketPriority, string> = { low: 'gray', normal: 'blue', high: 'orange', urgent: 'red' };

export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  return (
    <Badge variant="light" color={STATUS_COLORS[status]}>
      {TICKET_STATUS_LABELS[status]}
    </Badge>
  );
}

export function TicketPriorityBadge({ priority }: { priority: TicketPriority }) {
  return (
    <Badge variant="dot" color={PRIORITY_COLORS[priority]}>
      {TICKET_PRIORITY_LABELS[priority]}
    </Badge>
  );
}

/**
 * The target due next and its time left ("2 h 10 min left", "Breached 35 min ago"), counted from
 * the due time against this browser's clock; a solved ticket shows none, a waiting one "Paused".
 */
export function SlaText({ ticket, now = Date.now() }: { ticket: Pick<Ticket, 'sla' | 'status' | 'external'>; now?: number }) {
  // A connected helpdesk keeps its own targets: the row says where the ticket is worked instead.
  if (ticket.external)
    return (
      <Text size="sm" c={ticket.external.error ? 'orange' : 'dimmed'}>
        {ticket.external.reference ? `${ticket.external.label} ${ticket.external.reference}` : `To ${ticket.external.label}…`}
      </Text>
    );
  if (ticket.status === 'solved' || ticket.status === 'closed')
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  const first = !ticket.sla.first_response.met_at;
  const target = first ? ticket.sla.first_response : ticket.sla.resolution;
  const remaining = Date.parse(target.due) - now;
  if (target.paused)
    return (
      <Tooltip label="Resolution: the clock stands still while the ticket waits on the customer or a third party">
        <Text size="sm" c="dimmed">
          Paused · {formatSlaLeft(remaining)}
        </Text>
      </Tooltip>
    );
  return (
    <Tooltip label={first ? 'First response' : 'Resolution'}>
      <Text size="sm" c={remaining < 0 ? 'red' : remaining < 60 * 60_000 ? 'orange' : undefined} fw={remaining < 0 ? 600 : undefined}>
        {formatSlaLeft(remaining)}
      </Text>
    </Tooltip>
  );
}

/** Where a connected helpdesk has the ticket, and why it is not there yet when a call failed. */
export function ExternalTicketNote({ ticket }: { ticket: Pick<Ticket, 'external'> }) {
  const e = ticket.external;
  if (!e) return null;
  return (
    <Alert color={e.error ? 'orange' : 'blue'} variant="light" title={`Worked in ${e.label}`}>
      {externalSyncText(e)}
    </Alert>
  );
}

/** A ticket's heading as both sides show it: number and subject, status, what else the side wants to say, the target due next. */
export function TicketHeading({ ticket, children }: { ticket: Pick<Ticket, 'number' | 'subject' | 'status' | 'sla' | 'external'>; children: ReactNode }) {
  return (
    <Stack gap={4}>
      <Title order={2} size="h4">
        #{ticket.number} {ticket.subject}
      </Title>
      <Group gap="xs">
        <TicketStatusBadge status={ticket.status} />
        {children}
        <SlaText ticket={ticket} />
      </Group>
    </Stack>
  );
}
