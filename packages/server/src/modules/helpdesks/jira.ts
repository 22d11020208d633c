import { jiraStatus, type JiraCredentials } from '@netloom/domain';
import type { ExternalComment, ExternalTicket, ExternalTicketInput, HelpdeskClient } from './client';
import { basicAuth, callHelpdesk, type Fetch } from './http';

interface JiraRequest {
  issueId: string;
  issueKey: string;
  currentStatus: { status: string; statusCategory: string; statusDate: { iso8601: string } };
}
interface JiraComment {
  id: string;
  body: string;
  public: boolean;
  author: { displayName: string; emailAddress?: string };
  created: { iso8601: string };
}
interface JiraPage<T> {
  start: number;
  limit: number;
  isLastPage: boolean;
  values: T[];
}

/** Jira's error bodies: `{ errorMessage }` (service desk API) or `{ errorMessages: [] }`. */
function explain(body: unknown): string | null {
  const b = body as { errorMessage?: unknown; errorMessages?: unknown } | null;
  if (typeof b?.errorMessage === 'string') return b.errorMessage;
  return Array.isArray(b?.errorMessages) && b.errorMessages.length ? b.errorMessages.join('; ') : null;
}

/** Jira Service Management's service desk REST API, with an account's e-mail and API token. */
export class JiraServiceManagementClient implements HelpdeskClient {
  private readonly auth: string;

  constructor(
    private readonly creds: JiraCredentials,
    private readonly fetcher: Fetch,
  ) {
    this.auth = basicAuth(creds.email, creds.api_token);
  }

  private call<T>(method: 'GET' | 'POST', path: string, body?: unknown) {
    return callHelpdesk<T>(this.fetcher, {
      method,
      url: `${this.creds.url}/rest/servicedeskapi${path}`,
      headers: { authorization: this.auth },
      body,
      explain,
      helpdesk: 'Jira Service Management',
    });
  }

  private toTicket(r: JiraRequest): ExternalTicket {
    return {
      id: r.issueKey,
      status: jiraStatus(r.currentStatus.status, r.currentStatus.statusCategory),
      url: `${this.creds.url}/browse/${r.issueKey}`,
      updatedAt: r.currentStatus.statusDate.iso8601,
    };
  }

  async check(): Promise<void> {
    await this.call('GET', `/servicedesk/${this.creds.service_desk_id}`);
  }

  async create(t: ExternalTicketInput): Promise<ExternalTicket> {
    // The request type decides which fields exist; summary and description always do, so the
    // priority and the requester travel in the description.
    const description = `${t.description}\n\nPriority: ${t.priority}\nRaised in Netloom by ${t.requester.name} <${t.requester.email}> (ticket ${t.reference})`;
    const { body } = await this.call<JiraRequest>('POST', '/request', {
      serviceDeskId: this.creds.service_desk_id,
      requestTypeId: this.creds.request_type_id,
      requestFieldValues: { summary: t.subject, description },
    });
    return this.toTicket(body);
  }

  async get(id: string): Promise<ExternalTicket> {
    return this.toTicket((await this.call<JiraRequest>('GET', `/request/${encodeURIComponent(id)}`)).body);
  }

  async comments(id: string): Promise<ExternalComment[]> {
    const out: ExternalComment[] = [];
    let start = 0;
    for (let pages = 0; pages < 50; pages++) {
      const { body } = await this.call<JiraPage<JiraComment>>('GET', `/request/${encodeURIComponent(id)}/comment?public=true&start=${start}&limit=50`);
      for (const c of body.values) {
        if (!c.public) continue;
        // What the integration's own account wrote is the requester's reply sent from Netloom.
        const ours = c.author.emailAddress?.toLowerCase() === this.creds.email.toLowerCase();
        out.push({ id: c.id, author: c.author.displayName, body: c.body, byAgent: !ours, createdAt: c.created.iso8601 });
      }
      if (body.isLastPage || body.values.length === 0) break;
      start = body.start + body.values.length;
    }
    return out;
  }

  async reply(id: string, body: string, author: { name: string; email: string }): Promise<void> {
    await this.call('POST', `/request/${encodeURIComponent(id)}/comment`, { body: `${author.name}: ${body}`, public: true });
  }
}
