import { Checkbox, Drawer, Group, Paper, Select, Stack } from '@mantine/core';
import { IconHeadset } from '@tabler/icons-react';
import type { TicketPriority, TicketStatus } from '@netloom/domain';
import { PageHeader } from '@/components/page-header';
import { useCurrentUser } from '@/lib/session/session-store';
import { useDeskEngineers, useDeskQueue, useDeskTenants, type DeskFilter } from '../api/desk';
import { DeskTicketDetail } from '../components/desk-ticket-detail';
import { SupportEngineers } from '../components/support-engineers';
import { StatusPriorityFilters, TicketListBody } from '../components/ticket-list';
import { useDeskSocket } from '../hooks/use-desk-socket';
import { useTicketParams } from '../hooks/use-ticket-params';

const PAGE_SIZE = 25;
const SORTS = [
  { value: 'sla', label: 'SLA due first' },
  { value: 'newest', label: 'Newest first' },
  { value: 'updated', label: 'Latest activity first' },
];

/** The support desk: every tenant's tickets in one queue, filtered in the URL; `?ticket=` opens one. */
export function SupportDeskPage() {
  const user = useCurrentUser();
  const [params, set] = useTicketParams();
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
  return (
    <>
      <PageHeader title="Support desk" subtitle="Every tenant's tickets, the soonest due first" />
      <Stack gap="md">
        <Paper withBorder p="md">
          <Group mb="sm" align="flex-end" gap="sm">
            <StatusPriorityFilters status={filter.status} priority={filter.priority} set={set} statusPlaceholder="Unsolved" />
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
          <TicketListBody
            list={queue}
            page={filter.page}
            pageSize={PAGE_SIZE}
            open={open}
            set={set}
            timezone={user?.timezone ?? null}
            empty={{ icon: <IconHeadset size={32} stroke={1.5} />, description: 'Nothing in this queue.' }}
            withTenant
          />
        </Paper>
        {user?.isSuperAdmin && <SupportEngineers />}
      </Stack>
      <Drawer opened={open !== null} onClose={() => set('ticket', null)} position="right" size="xl" title="Ticket">
        {open && <DeskTicketDetail key={open} id={open} />}
      </Drawer>
    </>
  );
}
