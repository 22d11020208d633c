import { Button, Skeleton, Stack, Text } from '@mantine/core';
import { TICKET_CATEGORY_LABELS, TICKET_PRODUCT_LABELS } from '@netloom/domain';
import { ErrorPanel } from '@/components/error-panel';
import { toast } from '@/components/feedback/toast';
import { useCurrentUser } from '@/lib/session/session-store';
import { useTenantScope } from '@/lib/tenant-scope';
import { downloadAttachment, uploadAttachment, useMarkSolved, useReplyTicket, useTicket } from '../api/tickets';
import { ReplyBox } from './reply-box';
import { ExternalTicketNote, TicketHeading, TicketPriorityBadge } from './ticket-badges';
import { TicketContextPanel } from './ticket-context';
import { TicketThreadView } from './ticket-thread';

/** One of the tenant's tickets: its thread, its context, an answer box and "Mark as solved" (not for a connected helpdesk's, whose agents set it). */
export function TicketDetail({ id }: { id: string }) {
  const tid = useTenantScope();
  const user = useCurrentUser();
  const ticket = useTicket(id);
  const reply = useReplyTicket(id);
  const solve = useMarkSolved(id);
  if (ticket.isError) return <ErrorPanel onRetry={() => void ticket.refetch()} />;
  if (!ticket.data) return <Skeleton h={240} />;
  const t = ticket.data;
  const timezone = user?.timezone ?? null;
  return (
    <Stack gap="md">
      <TicketHeading ticket={t}>
        <TicketPriorityBadge priority={t.priority} />
        <Text size="sm" c="dimmed">
          {TICKET_PRODUCT_LABELS[t.product]} · {TICKET_CATEGORY_LABELS[t.category]}
          {t.assignee ? ` · with ${t.assignee.name}` : ''}
        </Text>
      </TicketHeading>
      <ExternalTicketNote ticket={t} />
      <TicketThreadView ticket={t} timezone={timezone} onOpenFile={(f) => void downloadAttachment(t.id, f, tid).catch(() => toast.error())} />
      {t.status === 'closed' ? (
        <Text size="sm" c="dimmed">
          This ticket is closed. Raise a new ticket if you need more help.
        </Text>
      ) : (
        <ReplyBox
          label={t.status === 'solved' ? 'Reply (opens the ticket again)' : 'Reply'}
          upload={(f) => uploadAttachment(f, tid)}
          onSend={(body, attachment_ids) => reply.mutateAsync({ body, attachment_ids })}
          pending={reply.isPending}
          extra={
            // A connected helpdesk's agents set its status there.
            t.status !== 'solved' &&
            !t.external && (
              <Button
                variant="light"
                color="green"
                loading={solve.isPending}
                onClick={() =>
                  solve.mutateAsync().then(
                    () => toast.info('Ticket marked as solved'),
                    () => toast.error(),
                  )
                }
              >
                Mark as solved
              </Button>
            )
          }
        />
      )}
      <TicketContextPanel context={t.context} timezone={timezone} />
    </Stack>
  );
}
