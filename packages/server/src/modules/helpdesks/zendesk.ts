import { zendeskStatus, type ZendeskCredentials } from '@netloom/domain';
import type { ExternalComment, ExternalTicket, ExternalTicketInput, HelpdeskClient } from './client';
import { basicAuth, callHelpdesk, HelpdeskError, type Fetch } from './http';

interface ZendeskTicket {
  id: number;
  status: string;
  updated_at: string;
  requester_id: number;
}
interface ZendeskComment {
  id: number;
  author_id: number;
  body: string;
  public: boolean;
  created_at: string;
}
interface ZendeskUser {
  id: number;
  name: string;
  role: string;
}

/** Zendesk's error bodies: `{ error, description, details }`, or `{ error: { title, message } }`. */
function explain(body: unknown): string | null {
  const b = body as { error?: unknown; description?: unknown } | null;
  if (typeof b?.description === 'string') return b.description;
  if (typeof b?.error === 'string') return b.error;
  const e = b?.error as { title?: unknown; message?: unknown } | undefined;
  return typeof e?.message === 'string' ? e.message : typeof e?.title === 'string' ? e.title : null;
}

/** Zendesk Support's REST API (v2), with an agent's e-mail and API token. */
export class ZendeskClient implements HelpdeskClient {
  private readonly auth: string;

  constructor(
    private readonly creds: ZendeskCredentials,
    private readonly fetcher: Fetch,
  ) {
    this.auth = basicAuth(`${creds.email}/token`, creds.api_token);
  }

  private call<T>(method: 'GET' | 'POST' | 'PUT', pathOrUrl: string, body?: unknown) {
    const url = pathOrUrl.startsWith('http') ? pathOrUrl : `${this.creds.url}/api/v2${pathOrUrl}`;
    return callHelpdesk<T>(this.fetcher, { method, url, headers: { authorization: this.auth }, body, explain, helpdesk: 'Zendesk' });
  }

  private toTicket(t: ZendeskTicket): ExternalTicket {
    return { id: String(t.id), status: zendeskStatus(t.status), url: `${this.creds.url}/agent/tickets/${t.id}`, updatedAt: t.updated_at };
  }

  async check(): Promise<void> {
    const { body } = await this.call<{ user: { id: number | null; role: string } }>('GET', '/users/me.json');
    // Zendesk answers an unknown caller as an anonymous user rather than with 401.
    if (!body?.user?.id) throw new HelpdeskError('credentials', 'Zendesk refused the credentials: check the e-mail and the API token');
  }

  async create(t: ExternalTicketInput): Promise<ExternalTicket> {
    const { body } = await this.call<{ ticket: ZendeskTicket }>('POST', '/tickets.json', {
      ticket: {
        subject: t.subject,
        comment: { body: t.description },
        priority: t.priority,
        requester: { name: t.requester.name, email: t.requester.email },
        external_id: t.reference,
        tags: ['netloom'],
      },
    });
    return this.toTicket(body.ticket);
  }

  async get(id: string): Promise<ExternalTicket> {
    return this.toTicket((await this.call<{ ticket: ZendeskTicket }>('GET', `/tickets/${encodeURIComponent(id)}.json`)).body.ticket);
  }

  async comments(id: string): Promise<ExternalComment[]> {
    const out: ExternalComment[] = [];
    let next: string | null = `/tickets/${encodeURIComponent(id)}/comments.json?include=users&sort_order=asc`;
    // Pages are followed only on the helpdesk's own host: a next_page elsewhere is not followed.
    for (let pages = 0; next && pages < 50; pages++) {
      const { body }: { body: { comments: ZendeskComment[]; users?: ZendeskUser[]; next_page: string | null } } = await this.call('GET', next);
      const users = new Map((body.users ?? []).map((u) => [u.id, u]));
      for (const c of body.comments) {
        if (!c.public) continue;
        const author = users.get(c.author_id);
        out.push({
          id: String(c.id),
          author: author?.name ?? 'Zendesk',
          body: c.body,
          byAgent: author ? author.role !== 'end-user' : true,
          createdAt: c.created_at,
        });
      }
      next = body.next_page && new URL(body.next_page).origin === new URL(this.creds.url).origin ? body.next_page : null;
    }
    return out;
  }

  async reply(id: string, body: string): Promise<void> {
    // Written as the requester (the ticket's requester_id), not as the integration's agent.
    const { ticket } = (await this.call<{ ticket: ZendeskTicket }>('GET', `/tickets/${encodeURIComponent(id)}.json`)).body;
    await this.call('PUT', `/tickets/${encodeURIComponent(id)}.json`, { ticket: { comment: { body, public: true, author_id: ticket.requester_id } } });
  }
}
