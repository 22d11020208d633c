import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  TICKET_PATHS,
  supportEngineerListSchema,
  ticketListSchema,
  ticketThreadSchema,
  type DeskReplyBody,
  type DeskTicketUpdate,
  type TicketPriority,
  type TicketStatus,
} from '@netloom/domain';
import { api } from '@/lib/http/client';

/** The queue is read again this often besides the live pushes, in case one was missed (and for the SLA times). */
const QUEUE_REFRESH_MS = 60_000;

const deskKeys = {
  all: ['support-desk'] as const,
  queue: (filter: DeskFilter) => ['support-desk', 'queue', filter] as const,
  one: (id: string) => ['support-desk', 'one', id] as const,
  engineers: ['support-desk', 'engineers'] as const,
  tenants: ['support-desk', 'tenants'] as const,
};

export interface DeskFilter {
  status?: TicketStatus;
  priority?: TicketPriority;
  tenant_id?: string;
  assignee?: string;
  breached?: 'true';
  unsolved?: 'true';
  sort: 'sla' | 'newest' | 'updated';
  page: number;
  page_size: number;
}

export function useDeskQueue(filter: DeskFilter) {
  return useQuery({
    queryKey: deskKeys.queue(filter),
    queryFn: ({ signal }) => api.get(TICKET_PATHS.deskTickets, ticketListSchema, { query: { ...filter }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: QUEUE_REFRESH_MS,
  });
}

export function useDeskTicket(id: string | null) {
  return useQuery({
    queryKey: deskKeys.one(id ?? ''),
    queryFn: ({ signal }) => api.get(TICKET_PATHS.deskTicket(id!), ticketThreadSchema, { signal }),
    enabled: id !== null,
  });
}

export function useDeskEngineers() {
  return useQuery({ queryKey: deskKeys.engineers, queryFn: ({ signal }) => api.get(TICKET_PATHS.engineers, supportEngineerListSchema, { signal }) });
}

export function useDeskTenants() {
  return useQuery({
    queryKey: deskKeys.tenants,
    queryFn: ({ signal }) => api.get(TICKET_PATHS.deskTenants, z.array(z.object({ id: z.string(), name: z.string() })), { signal }),
  });
}

function useAfterChange(id: string) {
  const qc = useQueryClient();
  return (thread: z.infer<typeof ticketThreadSchema>) => {
    qc.setQueryData(deskKeys.one(id), thread);
    void qc.invalidateQueries({ queryKey: ['support-desk', 'queue'] });
  };
}

export function useDeskReply(id: string) {
  const done = useAfterChange(id);
  return useMutation({
    mutationFn: (body: DeskReplyBody) => api.post(TICKET_PATHS.deskMessages(id), body, ticketThreadSchema),
    onSuccess: done,
  });
}

export function useDeskUpdate(id: string) {
  const done = useAfterChange(id);
  return useMutation({
    mutationFn: (change: DeskTicketUpdate) => api.patch(TICKET_PATHS.deskTicket(id), change, ticketThreadSchema),
    onSuccess: done,
  });
}

/** Super admins grant or revoke the support engineer role by e-mail. */
export function useSetEngineer() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { email: string; is_support_engineer: boolean }) => api.put(TICKET_PATHS.engineers, body, supportEngineerListSchema),
    onSuccess: (list) => qc.setQueryData(deskKeys.engineers, list),
  });
}
