import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { HelpdeskType } from '@netloom/domain';

/**
 * Local stand-ins for Zendesk, Freshdesk and Jira Service Management (there is no internet here):
 * each answers the documented requests Netloom makes with the documented shapes — its
 * authentication header, its paging (two items a page, so paging is always exercised), its error
 * bodies, and 429 with Retry-After or 5xx when a test asks for them.
 */
export interface FakeTicket {
  id: number;
  key: string;
  subject: string;
  description: string;
  priority: unknown;
  requester: { name: string; email: string };
  /** The helpdesk's own status word (Zendesk 'open', Freshdesk 2, Jira 'Waiting for support'). */
  status: string | number;
  category: string;
  comments: { id: number; author: string; email: string; body: string; public: boolean; agent: boolean; at: string }[];
  raw: unknown;
}

const PAGE = 2;
const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};
const read = (req: IncomingMessage) =>
  new Promise<unknown>((resolve) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString()));
    req.on('end', () => resolve(text ? JSON.parse(text) : null));
  });
const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

export class FakeHelpdesk {
  readonly tickets: FakeTicket[] = [];
  /** Every request, as the helpdesk saw it. */
  readonly requests: { method: string; path: string; body: unknown }[] = [];
  private failures: { status: number; headers: Record<string, string>; body: unknown }[] = [];
  private server: Server | null = null;
  private nextId = 100;
  url = '';

  constructor(
    readonly type: HelpdeskType,
    /** The credentials it accepts. */
    readonly secret = 'good-token',
    readonly email = 'agent@acme.test',
  ) {}

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res).catch((e: unknown) => json(res, 500, { error: String(e) })));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  /** The next `times` requests answer this (429 with Retry-After, 503, …). */
  failNext(status: number, headers: Record<string, string> = {}, times = 1, body: unknown = { error: 'Down for maintenance' }) {
    for (let i = 0; i < times; i++) this.failures.push({ status, headers, body });
  }

  /** Answers normally again, whatever failures were still queued. */
  recover() {
    this.failures = [];
  }

  /** An agent answers in the helpdesk's own screens. */
  agentReply(ticketId: string, body: string, isPublic = true) {
    const t = this.find(ticketId)!;
    t.comments.push({
      id: this.nextId++,
      author: 'Alex Agent',
      email: 'alex@helpdesk.test',
      body,
      public: isPublic,
      agent: true,
      at: new Date().toISOString(),
    });
  }

  setStatus(ticketId: string, status: string | number, category = 'INDETERMINATE') {
    const t = this.find(ticketId)!;
    t.status = status;
    t.category = category;
  }

  find(id: string): FakeTicket | undefined {
    return this.tickets.find((t) => String(t.id) === id || t.key === id);
  }

  private authorised(req: IncomingMessage): boolean {
    const expected =
      this.type === 'zendesk'
        ? basic(`${this.email}/token`, this.secret)
        : this.type === 'freshdesk'
          ? basic(this.secret, 'X')
          : basic(this.email, this.secret);
    return req.headers.authorization === expected;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    const body = req.method === 'GET' ? null : await read(req);
    this.requests.push({ method: req.method ?? '', path: `${url.pathname}${url.search}`, body });
    const failure = this.failures.shift();
    if (failure) return json(res, failure.status, failure.body, failure.headers);
    if (!this.authorised(req)) {
      if (this.type === 'zendesk') return json(res, 401, { error: "Couldn't authenticate you" });
      if (this.type === 'freshdesk') return json(res, 401, { code: 'invalid_credentials', message: 'You have to be logged in to perform this action.' });
      return json(res, 401, { errorMessage: 'Client must be authenticated to access this resource.' });
    }
    if (this.type === 'zendesk') return this.zendesk(req.method!, url, body, res);
    if (this.type === 'freshdesk') return this.freshdesk(req.method!, url, body, res);
    return this.jira(req.method!, url, body, res);
  }

  private add(t: Omit<FakeTicket, 'id' | 'key' | 'comments' | 'category'>): FakeTicket {
    const id = this.nextId++;
    const ticket = { ...t, id, key: `NET-${id}`, category: 'NEW', comments: [] };
    this.tickets.push(ticket);
    return ticket;
  }

  private zendesk(method: string, url: URL, body: unknown, res: ServerResponse) {
    const path = url.pathname;
    if (method === 'GET' && path === '/api/v2/users/me.json') return json(res, 200, { user: { id: 7, name: 'Integration', role: 'agent' } });
    const ticketOut = (t: FakeTicket) => ({ id: t.id, status: t.status, updated_at: new Date().toISOString(), requester_id: 900 + t.id, subject: t.subject });
    if (method === 'POST' && path === '/api/v2/tickets.json') {
      const tk = (body as { ticket: { subject?: string; comment?: { body?: string }; priority?: string; requester?: { name: string; email: string } } }).ticket;
      if (!tk.subject)
        return json(res, 422, {
          error: 'RecordInvalid',
          description: 'Record validation errors',
          details: { subject: [{ description: 'Subject: cannot be blank' }] },
        });
      const t = this.add({
        subject: tk.subject,
        description: tk.comment?.body ?? '',
        priority: tk.priority,
        requester: tk.requester!,
        status: 'new',
        raw: body,
      });
      return json(res, 201, { ticket: ticketOut(t) });
    }
    const one = /^\/api\/v2\/tickets\/(\d+)(\/comments)?\.json$/.exec(path);
    const t = one ? this.find(one[1]!) : undefined;
    if (!one || !t) return json(res, 404, { error: 'RecordNotFound', description: 'Not found' });
    if (method === 'GET' && !one[2]) return json(res, 200, { ticket: ticketOut(t) });
    if (method === 'PUT' && !one[2]) {
      const c = (body as { ticket: { comment: { body: string; public: boolean; author_id: number } } }).ticket.comment;
      const requester = c.author_id === 900 + t.id;
      t.comments.push({
        id: this.nextId++,
        author: requester ? t.requester.name : 'Integration',
        email: '',
        body: c.body,
        public: c.public,
        agent: !requester,
        at: new Date().toISOString(),
      });
      return json(res, 200, { ticket: ticketOut(t) });
    }
    // Comments: the first is the description (Zendesk's way), pages of two with next_page.
    const all = [
      { id: t.id * 1000, author: t.requester.name, email: t.requester.email, body: t.description, public: true, agent: false, at: '' },
      ...t.comments,
    ];
    const page = Number(url.searchParams.get('page') ?? 1);
    const slice = all.slice((page - 1) * PAGE, page * PAGE);
    const users = slice.map((c) => ({ id: c.id + 1, name: c.author, role: c.agent ? 'agent' : 'end-user' }));
    return json(res, 200, {
      comments: slice.map((c) => ({ id: c.id, author_id: c.id + 1, body: c.body, public: c.public, created_at: c.at || new Date(0).toISOString() })),
      users,
      next_page: page * PAGE < all.length ? `${this.url}${path}?include=users&sort_order=asc&page=${page + 1}` : null,
    });
  }

  private freshdesk(method: string, url: URL, body: unknown, res: ServerResponse) {
    const path = url.pathname;
    if (method === 'GET' && path === '/api/v2/agents/me') return json(res, 200, { id: 7, contact: { email: this.email } });
    const out = (t: FakeTicket) => ({ id: t.id, status: t.status, updated_at: new Date().toISOString(), subject: t.subject });
    if (method === 'POST' && path === '/api/v2/tickets') {
      const b = body as { subject?: string; description: string; email: string; name: string; priority: number };
      if (!b.email?.includes('@'))
        return json(res, 400, {
          description: 'Validation failed',
          errors: [{ field: 'email', message: 'It should be a valid email address', code: 'invalid_value' }],
        });
      const t = this.add({
        subject: b.subject ?? '',
        description: b.description,
        priority: b.priority,
        requester: { name: b.name, email: b.email },
        status: 2,
        raw: body,
      });
      return json(res, 201, out(t));
    }
    const one = /^\/api\/v2\/tickets\/(\d+)(\/conversations|\/notes)?$/.exec(path);
    const t = one ? this.find(one[1]!) : undefined;
    if (!one || !t) return json(res, 404, { code: 'not_found', message: 'Record not found' });
    if (method === 'GET' && !one[2]) return json(res, 200, out(t));
    if (method === 'POST' && one[2] === '/notes') {
      const b = body as { body: string; private: boolean; incoming: boolean };
      t.comments.push({
        id: this.nextId++,
        author: t.requester.name,
        email: t.requester.email,
        body: b.body,
        public: !b.private,
        agent: !b.incoming,
        at: new Date().toISOString(),
      });
      return json(res, 201, { id: this.nextId });
    }
    const page = Number(url.searchParams.get('page') ?? 1);
    const slice = t.comments.slice((page - 1) * PAGE, page * PAGE);
    const more = page * PAGE < t.comments.length;
    return json(
      res,
      200,
      slice.map((c) => ({ id: c.id, body_text: c.body, private: !c.public, incoming: !c.agent, from_email: c.agent ? null : c.email, created_at: c.at })),
      more ? { link: `<${this.url}${path}?per_page=100&page=${page + 1}>; rel="next"` } : {},
    );
  }

  private jira(method: string, url: URL, body: unknown, res: ServerResponse) {
    const path = url.pathname.replace(/^\/rest\/servicedeskapi/, '');
    if (method === 'GET' && /^\/servicedesk\/\d+$/.test(path)) {
      return path === '/servicedesk/1' ? json(res, 200, { id: '1', projectKey: 'NET' }) : json(res, 404, { errorMessage: 'Service desk not found' });
    }
    const out = (t: FakeTicket) => ({
      issueId: String(t.id),
      issueKey: t.key,
      currentStatus: {
        status: typeof t.status === 'string' ? t.status : 'Open',
        statusCategory: t.category,
        statusDate: { iso8601: new Date().toISOString() },
      },
    });
    if (method === 'POST' && path === '/request') {
      const b = body as { serviceDeskId: string; requestTypeId: string; requestFieldValues: { summary?: string; description: string } };
      if (b.requestTypeId !== '10') return json(res, 400, { errorMessage: 'The request type you are trying to use does not exist.' });
      const t = this.add({
        subject: b.requestFieldValues.summary ?? '',
        description: b.requestFieldValues.description,
        priority: null,
        requester: { name: '', email: '' },
        status: 'Waiting for support',
        raw: body,
      });
      return json(res, 201, out(t));
    }
    const one = /^\/request\/([A-Z]+-\d+)(\/comment)?$/.exec(path);
    const t = one ? this.find(one[1]!) : undefined;
    if (!one || !t) return json(res, 404, { errorMessage: 'Request does not exist' });
    if (method === 'GET' && !one[2]) return json(res, 200, out(t));
    if (method === 'POST' && one[2]) {
      const b = body as { body: string; public: boolean };
      t.comments.push({
        id: this.nextId++,
        author: 'Integration',
        email: this.email,
        body: b.body,
        public: b.public,
        agent: false,
        at: new Date().toISOString(),
      });
      return json(res, 201, { id: String(this.nextId) });
    }
    const start = Number(url.searchParams.get('start') ?? 0);
    const publicOnly = url.searchParams.get('public') === 'true';
    const all = t.comments.filter((c) => !publicOnly || c.public);
    const values = all.slice(start, start + PAGE);
    return json(res, 200, {
      start,
      limit: PAGE,
      size: values.length,
      isLastPage: start + PAGE >= all.length,
      values: values.map((c) => ({
        id: String(c.id),
        body: c.body,
        public: c.public,
        author: { displayName: c.author, emailAddress: c.email },
        created: { iso8601: c.at },
      })),
    });
  }
}
