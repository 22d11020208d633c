import type { ExternalTicketStatus, HelpdeskPriority } from '@netloom/domain';

/** A ticket as Netloom raises it in a helpdesk: the context it carries is already in the description. */
export interface ExternalTicketInput {
  subject: string;
  description: string;
  priority: HelpdeskPriority;
  requester: { name: string; email: string };
  /** Netloom's own id, kept on the helpdesk's side where it has a place for it (tags, labels). */
  reference: string;
}

export interface ExternalTicket {
  id: string;
  status: ExternalTicketStatus;
  /** Where an agent opens it in the helpdesk. */
  url: string;
  updatedAt: string;
}

export interface ExternalComment {
  id: string;
  author: string;
  body: string;
  /** Written by the helpdesk's agents rather than the requester. */
  byAgent: boolean;
  createdAt: string;
}

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
