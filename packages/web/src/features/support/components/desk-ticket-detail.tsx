import { useState } from 'react';
import { Group, Select, Skeleton, Stack, Switch, Text } from '@mantine/core';
import {
  DESK_SETTABLE_STATUSES,
  TICKET_CATEGORY_LABELS,
  TICKET_PRIORITIES,
  TICKET_PRIORITY_LABELS,
  TICKET_PRODUCT_LABELS,
  TICKET_STATUS_LABELS,
  type DeskTicketUpdate,
  type TicketPriority,
  type TicketStatus,
} from '@netloom/domain';
import { ErrorPanel } from '@/components/error-panel';
import { toast } from '@/components/feedback/toast';
import { useCurrentUser } from '@/lib/session/session-store';
import { useDeskEngineers, useDeskReply, useDeskTicket, useDeskUpdate } from '../api/desk';
import { downloadAttachment, uploadAttachment } from '../api/tickets';
import { ReplyBox } from './reply-box';
import { ExternalTicketNote, TicketHeading } from './ticket-badges';
import { TicketContextPanel } from './ticket-context';
import { TicketThreadView } from './ticket-thread';

const statusOptions = DESK_SETTABLE_STATUSES.map((s) => ({ value: s, label: TICKET_STATUS_LABELS[s] }));
const priorityOptions = TICKET_PRIORITIES.map((p) => ({ value: p, label: TICKET_PRIORITY_LABELS[p] }));

/** A ticket at the desk: status, priority and assignee, the whole thread with notes, a reply or a note. */
export function DeskTicketDetail({ id }: { id: string }) {
  const user = useCurrentUser();
  const ticket = useDeskTicket(id);
  const engineers = useDeskEngineers();
  const reply = useDeskReply(id);
  const update = useDeskUpdate(id);
  const [internal, setInternal] = useState(false);
  const [after, setAfter] = useState<TicketStatus | null>(null);
  if (ticket.isError) return <ErrorPanel onRetry={() => void ticket.refetch()} />;
  if (!ticket.data) return <Skeleton h={240} />;
  const t = ticket.data;
  const closed = t.status === 'closed';
  // A connected helpdesk's ticket is answered and moved there; the desk may still assign it and keep notes.
  const elsewhere = t.external !== null;
  const notesOnly = internal || elsewhere;
  const change = (c: DeskTicketUpdate) =>
    update.mutateAsync(c).then(
      () => toast.edited('Ticket'),
      () => toast.error(),
    );
  const timezone = user?.timezone ?? null;
  return (
    <Stack gap="md">
      <TicketHeading ticket={t}>
        <Text size="sm" c="dimmed">
          {t.tenant.name} · {t.requester.name} &lt;{t.requester.email}&gt; · {TICKET_PRODUCT_LABELS[t.product]} · {TICKET_CATEGORY_LABELS[t.category]}
        </Text>
      </TicketHeading>
      <ExternalTicketNote ticket={t} />
      <Group grow>
        <Select
          label="Status"
          data={closed ? [{ value: 'closed', label: 'Closed' }] : statusOptions}
          value={t.status}
          disabled={closed || elsewhere}
          allowDeselect={false}
          onChange={(v) => v && v !== t.status && void change({ status: v as (typeof DESK_SETTABLE_STATUSES)[number] })}
        />
        <Select
          label="Priority"
          data={priorityOptions}
          value={t.priority}
          disabled={closed || elsewhere}
          allowDeselect={false}
          onChange={(v) => v && v !== t.priority && void change({ priority: v as TicketPriority })}
        />
        <Select
          label="Assignee"
          placeholder="Unassigned"
          clearable
          disabled={closed}
          data={(engineers.data ?? []).map((e) => ({ value: e.id, label: e.name }))}
          value={t.assignee?.id ?? null}
          onChange={(v) => (v ?? null) !== (t.assignee?.id ?? null) && void change({ assignee_id: v ?? null })}
        />
      </Group>
      <TicketContextPanel context={t.context} timezone={timezone} />
      <TicketThreadView ticket={t} timezone={timezone} onOpenFile={(f) => void downloadAttachment(t.id, f, null, true).catch(() => toast.error())} />
      {!closed && (
        <ReplyBox
          label={notesOnly ? 'Internal note (never shown to the customer)' : 'Public reply (e-mailed to the requester)'}
          submitLabel={notesOnly ? 'Add note' : 'Send reply'}
          upload={(f) => uploadAttachment(f, null, true)}
          onSend={(body, attachment_ids) =>
            reply.mutateAsync({
              body,
              attachment_ids,
              internal: notesOnly,
              ...(after && !notesOnly ? { status: after as (typeof DESK_SETTABLE_STATUSES)[number] } : {}),
            })
          }
          pending={reply.isPending}
          extra={
            <>
              <Switch label="Internal note" checked={notesOnly} disabled={elsewhere} onChange={(e) => setInternal(e.currentTarget.checked)} />
              {!notesOnly && (
                <Select
                  aria-label="Status after the reply"
                  placeholder="Status after: Pending"
                  clearable
                  size="xs"
                  data={statusOptions}
                  value={after}
                  onChange={(v) => setAfter(v as TicketStatus | null)}
                  w={200}
                />
              )}
            </>
          }
        />
      )}
    </Stack>
  );
}
