import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  TICKET_PATHS,
  ticketAttachmentSchema,
  ticketListSchema,
  ticketSchema,
  ticketThreadSchema,
  type TicketPriority,
  type TicketRaiseBody,
  type TicketReplyBody,
  type TicketStatus,
} from '@netloom/domain';
import { api } from '@/lib/http/client';
import { downloadFile } from '@/lib/http/download-file';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';

export const ticketKeys = {
  all: ['tickets'] as const,
  list: (tid: string | null, filter: TicketFilter) => ['tickets', tid, 'list', filter] as const,
  one: (tid: string | null, id: string) => ['tickets', tid, 'one', id] as const,
};

/** Track Status's filter: the spec's ticket query, kept in the URL. */
export interface TicketFilter {
  status?: TicketStatus;
  priority?: TicketPriority;
  start_date?: string;
  end_date?: string;
  page: number;
  page_size: number;
}

export function useTickets(filter: TicketFilter) {
  const tid = useTenantScope();
  return useQuery({
    queryKey: ticketKeys.list(tid, filter),
    queryFn: ({ signal }) => api.get(TICKET_PATHS.tickets, ticketListSchema, { query: { ...tenantIdQuery(tid), ...filter }, signal }),
    placeholderData: keepPreviousData,
    enabled: tid !== null,
  });
}

export function useTicket(id: string | null) {
  const tid = useTenantScope();
  return useQuery({
    queryKey: ticketKeys.one(tid, id ?? ''),
    queryFn: ({ signal }) => api.get(TICKET_PATHS.ticket(id!), ticketThreadSchema, { query: tenantIdQuery(tid), signal }),
    enabled: tid !== null && id !== null,
  });
}

export function useRaiseTicket() {
  const tid = useTenantScope();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TicketRaiseBody) => api.post(TICKET_PATHS.tickets, body, ticketSchema, { query: tenantIdQuery(tid) }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['tickets', tid, 'list'] }),
  });
}

export function useReplyTicket(id: string) {
  const tid = useTenantScope();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TicketReplyBody) => api.post(TICKET_PATHS.messages(id), body, ticketThreadSchema, { query: tenantIdQuery(tid) }),
    onSuccess: (thread) => {
      qc.setQueryData(ticketKeys.one(tid, id), thread);
      void qc.invalidateQueries({ queryKey: ['tickets', tid, 'list'] });
    },
  });
}

export function useMarkSolved(id: string) {
  const tid = useTenantScope();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.put(TICKET_PATHS.ticket(id), { status: 'solved' }, ticketThreadSchema, { query: tenantIdQuery(tid) }),
    onSuccess: (thread) => {
      qc.setQueryData(ticketKeys.one(tid, id), thread);
      void qc.invalidateQueries({ queryKey: ['tickets', tid, 'list'] });
    },
  });
}

/** One file up (multipart), to attach to the next ticket or reply; `desk` for the provider's uploads. */
export function uploadAttachment(file: File, tid: string | null, desk = false) {
  const form = new FormData();
  form.append('file', file);
  return desk
    ? api.post(TICKET_PATHS.deskUploads, form, ticketAttachmentSchema)
    : api.post(TICKET_PATHS.uploads, form, ticketAttachmentSchema, { query: tenantIdQuery(tid) });
}

export function downloadAttachment(ticketId: string, attachment: { id: string; filename: string }, tid: string | null, desk = false) {
  return desk
    ? downloadFile(TICKET_PATHS.deskAttachment(ticketId, attachment.id), attachment.filename)
    : downloadFile(TICKET_PATHS.attachment(ticketId, attachment.id), attachment.filename, tenantIdQuery(tid));
}
