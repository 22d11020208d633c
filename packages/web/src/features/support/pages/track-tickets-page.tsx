import { Button, Drawer, Group, Pagination, Paper, Select, Skeleton, TextInput } from '@mantine/core';
import { IconLifebuoy } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { TICKET_PRIORITIES, TICKET_PRIORITY_LABELS, TICKET_STATUSES, TICKET_STATUS_LABELS, type TicketPriority, type TicketStatus } from '@netloom/domain';
import { EmptyState } from '@/components/empty-state';
import { ErrorPanel } from '@/components/error-panel';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/paths';
import { useCurrentUser } from '@/lib/session/session-store';
import { useTenantScope } from '@/lib/tenant-scope';
import { useTickets, type TicketFilter } from '../api/tickets';
import { TicketDetail } from '../components/ticket-detail';
import { TicketsTable } from '../components/tickets-table';
import { useTicketSocket } from '../hooks/use-ticket-socket';

const PAGE_SIZE = 20;
const statusOptions = TICKET_STATUSES.map((s) => ({ value: s, label: TICKET_STATUS_LABELS[s] }));
const priorityOptions = TICKET_PRIORITIES.map((p) => ({ value: p, label: TICKET_PRIORITY_LABELS[p] }));

/** Track Status (support/ticket/helpdesk/trackTicket): the tenant's tickets by the spec's query, newest first; `?ticket=` opens one. */
export function TrackTicketsPage() {
  const user = useCurrentUser();
  const tid = useTenantScope();
  const [params, setParams] = useSearchParams();
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
  const set = (key: string, value: string | null) =>
    setParams(
      (p) => {
        if (value) p.set(key, value);
        else p.delete(key);
        if (key !== 'ticket' && key !== 'page') p.delete('page');
        return p;
      },
      { replace: key !== 'ticket' },
    );
  const pages = Math.max(1, Math.ceil((list.data?.count ?? 0) / PAGE_SIZE));

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
          <Select label="Status" placeholder="All" clearable data={statusOptions} value={filter.status ?? null} onChange={(v) => set('status', v)} w={200} />
          <Select
            label="Priority"
            placeholder="All"
            clearable
            data={priorityOptions}
            value={filter.priority ?? null}
            onChange={(v) => set('priority', v)}
            w={160}
          />
          <TextInput label="From" type="date" value={filter.start_date ?? ''} onChange={(e) => set('start_date', e.currentTarget.value || null)} />
          <TextInput label="To" type="date" value={filter.end_date ?? ''} onChange={(e) => set('end_date', e.currentTarget.value || null)} />
        </Group>
        {list.isError ? (
          <ErrorPanel onRetry={() => void list.refetch()} />
        ) : !list.data ? (
          <Skeleton h={200} />
        ) : list.data.results.length === 0 ? (
          <EmptyState icon={<IconLifebuoy size={32} stroke={1.5} />} title="No tickets" description="Tickets you raise show here with their status." />
        ) : (
          <>
            <TicketsTable rows={list.data.results} timezone={user?.timezone ?? null} selected={open} onOpen={(t) => set('ticket', t.id)} />
            {pages > 1 && <Pagination mt="sm" total={pages} value={filter.page} onChange={(n) => set('page', String(n))} />}
          </>
        )}
      </Paper>
      <Drawer opened={open !== null} onClose={() => set('ticket', null)} position="right" size="xl" title="Ticket">
        {open && <TicketDetail key={open} id={open} />}
      </Drawer>
    </>
  );
}
