import { Button, Drawer, Group, Paper, TextInput } from '@mantine/core';
import { IconLifebuoy } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { TicketPriority, TicketStatus } from '@netloom/domain';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/paths';
import { useCurrentUser } from '@/lib/session/session-store';
import { useTenantScope } from '@/lib/tenant-scope';
import { useTickets, type TicketFilter } from '../api/tickets';
import { TicketDetail } from '../components/ticket-detail';
import { StatusPriorityFilters, TicketListBody } from '../components/ticket-list';
import { useTicketParams } from '../hooks/use-ticket-params';
import { useTicketSocket } from '../hooks/use-ticket-socket';

const PAGE_SIZE = 20;

/** Track Status (support/ticket/helpdesk/trackTicket): the tenant's tickets by the spec's query, newest first; `?ticket=` opens one. */
export function TrackTicketsPage() {
  const user = useCurrentUser();
  const tid = useTenantScope();
  const [params, set] = useTicketParams();
  const filter: TicketFilter = {
    status: (params.get('status') as TicketStatus | null) ?? undefined,
    priority: (params.get('priority') as TicketPriority | null) ?? undefined,
    start_date: params.get('start_date') ?? undefined,
    end_date: params.get('end_date') ?? undefined,
    page: Number(params.get('page') ?? 1) || 1,
    page_size: PAGE_SIZE,
  };
  const list = useTickets(filter);
  useTicketSocket(tid);
  const open = params.get('ticket');

  return (
    <>
      <PageHeader
        title="Track Status"
        subtitle="Your organisation's support tickets"
        actions={
          <Button component={Link} to={paths.tickets.raise} leftSection={<IconLifebuoy size={16} />}>
            Raise a Ticket
          </Button>
        }
      />
      <Paper withBorder p="md">
        <Group mb="sm" align="flex-end">
          <StatusPriorityFilters status={filter.status} priority={filter.priority} set={set} />
          <TextInput label="From" type="date" value={filter.start_date ?? ''} onChange={(e) => set('start_date', e.currentTarget.value || null)} />
          <TextInput label="To" type="date" value={filter.end_date ?? ''} onChange={(e) => set('end_date', e.currentTarget.value || null)} />
        </Group>
        <TicketListBody
          list={list}
          page={filter.page}
          pageSize={PAGE_SIZE}
          open={open}
          set={set}
          timezone={user?.timezone ?? null}
          empty={{ icon: <IconLifebuoy size={32} stroke={1.5} />, description: 'Tickets you raise show here with their status.' }}
        />
      </Paper>
      <Drawer opened={open !== null} onClose={() => set('ticket', null)} position="right" size="xl" title="Ticket">
        {open && <TicketDetail key={open} id={open} />}
      </Drawer>
    </>
  );
}
