import { FRESHDESK_PRIORITY, freshdeskStatus, type FreshdeskCredentials } from '@netloom/domain';
import type { ExternalComment, ExternalTicket, ExternalTicketInput, HelpdeskClient } from './client';
import { basicAuth, callHelpdesk, type Fetch } from './http';

interface FreshdeskTicket {
  id: number;
  status: number;
  updated_at: string;
}
interface FreshdeskConversation {
  id: number;
  body_text: string;
  private: boolean;
  incoming: boolean;
  from_email: string | null;
  created_at: string;
}

/** Freshdesk's error bodies: `{ description, errors: [{ field, message }] }` or `{ code, message }`. */
function explain(body: unknown): string | null {
  const b = body as { description?: unknown; errors?: { field?: string; message?: string }[]; message?: unknown } | null;
  if (Array.isArray(b?.errors) && b.errors.length) return b.errors.map((e) => [e.field, e.message].filter(Boolean).join(': ')).join('; ');
  if (typeof b?.message === 'string') return b.message;
  return typeof b?.description === 'string' ? b.description : null;
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** Freshdesk takes HTML: the text as it was typed, its lines kept. */
const asHtml = (text: string) => escapeHtml(text).replace(/\r?\n/g, '<br>');

/** `Link: <…?page=2>; rel="next"` */
function nextPage(link: string | null): string | null {
  const m = link ? /<([^>]+)>\s*;\s*rel="next"/.exec(link) : null;
  return m?.[1] ?? null;
}

/** Freshdesk's REST API (v2), with an agent's API key. */
export class FreshdeskClient implements HelpdeskClient {
  private readonly auth: string;

  constructor(
    private readonly creds: FreshdeskCredentials,
    private readonly fetcher: Fetch,
  ) {
    this.auth = basicAuth(creds.api_key, 'X');
  }

  private call<T>(method: 'GET' | 'POST' | 'PUT', pathOrUrl: string, body?: unknown) {
    const url = pathOrUrl.startsWith('http') ? pathOrUrl : `${this.creds.url}/api/v2${pathOrUrl}`;
    return callHelpdesk<T>(this.fetcher, { method, url, headers: { authorization: this.auth }, body, explain, helpdesk: 'Freshdesk' });
  }

  private toTicket(t: FreshdeskTicket): ExternalTicket {
    return { id: String(t.id), status: freshdeskStatus(t.status), url: `${this.creds.url}/a/tickets/${t.id}`, updatedAt: t.updated_at };
  }

  async check(): Promise<void> {
    await this.call('GET', '/agents/me');
  }

  async create(t: ExternalTicketInput): Promise<ExternalTicket> {
    const { body } = await this.call<FreshdeskTicket>('POST', '/tickets', {
      subject: t.subject,
      description: asHtml(t.description),
      name: t.requester.name,
      email: t.requester.email,
      priority: FRESHDESK_PRIORITY[t.priority],
      // 2: open; source 2: the portal (raised by the customer, not by phone or e-mail).
      status: 2,
      source: 2,
      tags: ['netloom', `netloom-${t.reference}`],
    });
    return this.toTicket(body);
  }

  async get(id: string): Promise<ExternalTicket> {
    return this.toTicket((await this.call<FreshdeskTicket>('GET', `/tickets/${encodeURIComponent(id)}`)).body);
  }

  async comments(id: string): Promise<ExternalComment[]> {
    const out: ExternalComment[] = [];
    let next: string | null = `/tickets/${encodeURIComponent(id)}/conversations?per_page=100`;
    for (let pages = 0; next && pages < 50; pages++) {
      const { body, headers }: { body: FreshdeskConversation[]; headers: Headers } = await this.call('GET', next);
      for (const c of body) {
        if (c.private) continue;
        out.push({
          id: String(c.id),
          author: c.incoming ? (c.from_email ?? 'Requester') : 'Support',
          body: c.body_text,
          byAgent: !c.incoming,
          createdAt: c.created_at,
        });
      }
      const link = nextPage(headers.get('link'));
      next = link && new URL(link).origin === new URL(this.creds.url).origin ? link : null;
    }
    return out;
  }

  async reply(id: string, body: string, author: { name: string; email: string }): Promise<void> {
    // A public note marked incoming reads as the customer's reply, not as an agent's.
    await this.call('POST', `/tickets/${encodeURIComponent(id)}/notes`, { body: asHtml(`${author.name}: ${body}`), private: false, incoming: true });
  }
}
