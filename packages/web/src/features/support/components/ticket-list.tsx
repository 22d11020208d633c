import type { ReactNode } from 'react';
import { Pagination, Select, Skeleton } from '@mantine/core';
import { TICKET_PRIORITIES, TICKET_PRIORITY_LABELS, TICKET_STATUSES, TICKET_STATUS_LABELS, type Ticket } from '@netloom/domain';
import { EmptyState } from '@/components/empty-state';
import { ErrorPanel } from '@/components/error-panel';
import { TicketsTable } from './tickets-table';

const statusOptions = TICKET_STATUSES.map((s) => ({ value: s, label: TICKET_STATUS_LABELS[s] }));
const priorityOptions = TICKET_PRIORITIES.map((p) => ({ value: p, label: TICKET_PRIORITY_LABELS[p] }));

/** The status and priority filters both ticket lists start with. */
export function StatusPriorityFilters({
  status,
  priority,
  set,
  statusPlaceholder = 'All',
}: {
  status: string | undefined;
  priority: string | undefined;
  set: (key: 'status' | 'priority', value: string | null) => void;
  /** What no status means: all tickets, or the desk's unsolved ones. */
  statusPlaceholder?: string;
}) {
  return (
    <>
      <Select label="Status" placeholder={statusPlaceholder} clearable data={statusOptions} value={status ?? null} onChange={(v) => set('status', v)} w={190} />
      <Select label="Priority" placeholder="All" clearable data={priorityOptions} value={priority ?? null} onChange={(v) => set('priority', v)} w={150} />
    </>
  );
}

interface TicketPage {
  isError: boolean;
  data?: { count: number; results: Ticket[] };
  refetch: () => unknown;
}

/** A page of tickets as a table with its pages, or why there is none: loading, failed, empty. */
export function TicketListBody({
  list,
  page,
  pageSize,
  open,
  set,
  timezone,
  empty,
  withTenant = false,
}: {
  list: TicketPage;
  page: number;
  pageSize: number;
  open: string | null;
  set: (key: 'ticket' | 'page', value: string) => void;
  timezone: string | null;
  empty: { icon: ReactNode; description: string };
  withTenant?: boolean;
}) {
  if (list.isError) return <ErrorPanel onRetry={() => void list.refetch()} />;
  if (!list.data) return <Skeleton h={200} />;
  if (list.data.results.length === 0) return <EmptyState icon={empty.icon} title="No tickets" description={empty.description} />;
  const pages = Math.max(1, Math.ceil(list.data.count / pageSize));
  return (
    <>
      <TicketsTable rows={list.data.results} timezone={timezone} selected={open} onOpen={(t) => set('ticket', t.id)} withTenant={withTenant} />
      {pages > 1 && <Pagination mt="sm" total={pages} value={page} onChange={(n) => set('page', String(n))} />}
    </>
  );
}
