import type { ExternalComment, ExternalTicket, ExternalTicketInput } from '@netloom/domain';

export type { ExternalComment, ExternalTicket, ExternalTicketInput };

/** What Netloom asks of every helpdesk; each implementation speaks its API's own requests. */
export interface HelpdeskClient {
  /** Proves the credentials work (one cheap authenticated read); throws a HelpdeskError saying why not. */
  check(): Promise<void>;
  create(ticket: ExternalTicketInput): Promise<ExternalTicket>;
  get(id: string): Promise<ExternalTicket>;
  /** The ticket's public thread, oldest first, every page. */
  comments(id: string): Promise<ExternalComment[]>;
  /** A public reply on the requester's behalf. */
  reply(id: string, body: string, author: { name: string; email: string }): Promise<void>;
}
