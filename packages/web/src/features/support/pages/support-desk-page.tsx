import { Checkbox, Drawer, Group, Pagination, Paper, Select, Skeleton, Stack } from '@mantine/core';
import { IconHeadset } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { TICKET_PRIORITIES, TICKET_PRIORITY_LABELS, TICKET_STATUSES, TICKET_STATUS_LABELS, type TicketPriority, type TicketStatus } from '@netloom/domain';
import { EmptyState } from '@/components/empty-state';
import { ErrorPanel } from '@/components/error-panel';
import { PageHeader } from '@/components/page-header';
import { useCurrentUser } from '@/lib/session/session-store';
import { useDeskEngineers, useDeskQueue, useDeskTenants, type DeskFilter } from '../api/desk';
import { DeskTicketDetail } from '../components/desk-ticket-detail';
import { SupportEngineers } from '../components/support-engineers';
import { TicketsTable } from '../components/tickets-table';
import { useDeskSocket } from '../hooks/use-desk-socket';

const PAGE_SIZE = 25;
const SORTS = [
  { value: 'sla', label: 'SLA due first' },
  { value: 'newest', label: 'Newest first' },
  { value: 'updated', label: 'Latest activity first' },
];

/** The support desk: every tenant's tickets in one queue, filtered in the URL; `?ticket=` opens one. */
export function SupportDeskPage() {
  const user = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const tenants = useDeskTenants();
  const engineers = useDeskEngineers();
  const filter: DeskFilter = {
    status: (params.get('status') as TicketStatus | null) ?? undefined,
    priority: (params.get('priority') as TicketPriority | null) ?? undefined,
    tenant_id: params.get('tenant') ?? undefined,
    assignee: params.get('assignee') ?? undefined,
    breached: params.get('breached') === 'true' ? 'true' : undefined,
    // Unsolved tickets by default: the queue is what is left to do.
    unsolved: params.get('all') === 'true' || params.get('status') ? undefined : 'true',
    sort: (params.get('sort') as DeskFilter['sort'] | null) ?? 'sla',
    page: Number(params.get('page') ?? 1) || 1,
    page_size: PAGE_SIZE,
  };
  const queue = useDeskQueue(filter);
  useDeskSocket();
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
  const pages = Math.max(1, Math.ceil((queue.data?.count ?? 0) / PAGE_SIZE));

  return (
    <>
      <PageHeader title="Support desk" subtitle="Every tenant's tickets, the soonest due first" />
      <Stack gap="md">
        <Paper withBorder p="md">
          <Group mb="sm" align="flex-end" gap="sm">
            <Select
              label="Status"
              placeholder="Unsolved"
              clearable
              data={TICKET_STATUSES.map((s) => ({ value: s, label: TICKET_STATUS_LABELS[s] }))}
              value={filter.status ?? null}
              onChange={(v) => set('status', v)}
              w={190}
            />
            <Select
              label="Priority"
              placeholder="All"
              clearable
              data={TICKET_PRIORITIES.map((p) => ({ value: p, label: TICKET_PRIORITY_LABELS[p] }))}
              value={filter.priority ?? null}
              onChange={(v) => set('priority', v)}
              w={130}
            />
            <Select
              label="Tenant"
              placeholder="All"
              clearable
              searchable
              data={(tenants.data ?? []).map((t) => ({ value: t.id, label: t.name }))}
              value={filter.tenant_id ?? null}
              onChange={(v) => set('tenant', v)}
              w={180}
            />
            <Select
              label="Assignee"
              placeholder="Anyone"
              clearable
              data={[
                { value: 'me', label: 'Me' },
                { value: 'none', label: 'Unassigned' },
                ...(engineers.data ?? []).map((e) => ({ value: e.id, label: e.name })),
              ]}
              value={filter.assignee ?? null}
              onChange={(v) => set('assignee', v)}
              w={180}
            />
            <Select label="Sort" data={SORTS} value={filter.sort} allowDeselect={false} onChange={(v) => set('sort', v === 'sla' ? null : v)} w={190} />
            <Checkbox
              label="SLA breached"
              checked={filter.breached === 'true'}
              onChange={(e) => set('breached', e.currentTarget.checked ? 'true' : null)}
              mb={8}
            />
            <Checkbox
              label="Solved and closed too"
              checked={params.get('all') === 'true'}
              onChange={(e) => set('all', e.currentTarget.checked ? 'true' : null)}
              mb={8}
            />
          </Group>
          {queue.isError ? (
            <ErrorPanel onRetry={() => void queue.refetch()} />
          ) : !queue.data ? (
            <Skeleton h={200} />
          ) : queue.data.results.length === 0 ? (
            <EmptyState icon={<IconHeadset size={32} stroke={1.5} />} title="No tickets" description="Nothing in this queue." />
          ) : (
            <>
              <TicketsTable rows={queue.data.results} timezone={user?.timezone ?? null} selected={open} onOpen={(t) => set('ticket', t.id)} withTenant />
              {pages > 1 && <Pagination mt="sm" total={pages} value={filter.page} onChange={(n) => set('page', String(n))} />}
            </>
          )}
        </Paper>
        {user?.isSuperAdmin && <SupportEngineers />}
      </Stack>
      <Drawer opened={open !== null} onClose={() => set('ticket', null)} position="right" size="xl" title="Ticket">
        {open && <DeskTicketDetail key={open} id={open} />}
      </Drawer>
    </>
  );
}
