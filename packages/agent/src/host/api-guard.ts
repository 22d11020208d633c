import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { EDGE_RULE_IDS, type WafEdgeApplication, type WafGraphqlSeen, type WafLoginSeen } from '@netloom/domain';
import { challengePage, freshPass, hasValidPass } from './challenge';
import { analyseQuery, graphqlRefusal } from './graphql-query';
import { LoginWatch } from './login-watch';

/** What the guard made of one request, told once to the log reader by the request's id. */
export interface GuardNote {
  graphql?: WafGraphqlSeen;
  login?: WafLoginSeen;
  refusal?: { rule: number; action: 'blocked' | 'challenged'; data: string };
}

/** Notes kept for the log reader at most (it takes them every few seconds). */
const MAX_NOTES = 50_000;
const MAX_GRAPHQL_BODY = 1024 * 1024;
const MAX_LOGIN_BODY = 64 * 1024;
/** Request headers that describe one hop, not the request: never forwarded. */
const HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection', 'te', 'trailer', 'content-length']);

export interface ApiGuardOptions {
  /** The port of nginx's relay (127.0.0.1), which sends a request the guard passed on to its application's origins. */
  relayPort: number;
  /** The challenge issuer's secret: the guard checks and issues the same passes as nginx. */
  challengeSecret: string;
}

const readBody = (req: http.IncomingMessage, max: number) =>
  new Promise<Buffer | null>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > max) {
        resolve(null);
        req.resume();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(size > max ? null : Buffer.concat(chunks)));
    req.on('error', reject);
  });

/** The account a login body names in its field (JSON or a form), trimmed and lower-cased; null when it names none. */
export function accountOf(body: Buffer, contentType: string, field: string): string | null {
  const text = body.toString('utf8');
  let value: unknown;
  if (contentType.includes('json')) {
    try {
      const parsed: unknown = JSON.parse(text);
      value = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>)[field] : undefined;
    } catch {
      return null;
    }
  } else {
    value = new URLSearchParams(text).get(field);
  }
  if (typeof value !== 'string' || !value.trim()) return null;
  return value
    .trim()
    .toLowerCase()
    .replace(/\p{Cc}/gu, '')
    .slice(0, 256);
}

/**
 * The edge's API guard: nginx sends it the requests to an application's GraphQL and login paths
 * (after ModSecurity has inspected them), with the application and the client in headers. It
 * parses GraphQL queries with the reference `graphql` library and refuses those past the
 * application's limits; it watches logins' outcomes and challenges (or refuses) the addresses
 * and accounts under attack. What it passes goes back to nginx's relay, which proxies to the
 * application's origins as every other request is. What it saw of each request it keeps for the
 * log reader, which reports it with the request's access log line.
 */
export class ApiGuard {
  private server: http.Server | null = null;
  private apps = new Map<string, WafEdgeApplication>();
  private readonly watches = new Map<string, LoginWatch>();
  private readonly notes = new Map<string, GuardNote>();

  constructor(private readonly opts: ApiGuardOptions) {}

  /** The applications the edge serves now (each push). */
  serve(applications: readonly WafEdgeApplication[]): void {
    this.apps = new Map(applications.map((a) => [a.id, a]));
    for (const id of this.watches.keys()) if (!this.apps.has(id)) this.watches.delete(id);
  }

  /** What the guard saw of this request (told once), null when it saw nothing. */
  takeNote(requestId: string): GuardNote | null {
    const note = this.notes.get(requestId);
    if (!note) return null;
    this.notes.delete(requestId);
    return note;
  }

  async start(port = 0): Promise<string> {
    this.server = http.createServer((req, res) => {
      this.handle(req, res).catch(() => {
        if (!res.headersSent) res.writeHead(502, { 'Content-Type': 'text/plain' });
        res.end();
      });
    });
    await new Promise<void>((r) => this.server!.listen(port, '127.0.0.1', r));
    return `127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise((r) => (this.server ? this.server.close(r) : r(undefined)));
    this.server = null;
  }

  private note(req: http.IncomingMessage, note: GuardNote): void {
    const id = String(req.headers['x-request-id'] ?? '');
    if (!id) return;
    this.notes.set(id, { ...this.notes.get(id), ...note });
    if (this.notes.size > MAX_NOTES) this.notes.delete(this.notes.keys().next().value!);
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<unknown> {
    const app = this.apps.get(String(req.headers['x-waf-app'] ?? ''));
    if (!app) {
      res.writeHead(421).end();
      return;
    }
    const url = new URL(req.url ?? '/', 'http://edge');
    const p = app.policy;
    if (p.graphql.enabled && p.graphql.paths.includes(url.pathname)) return this.graphql(app, req, res, url);
    const endpoint = p.login_protection.enabled ? p.login_protection.endpoints.find((e) => e.path === url.pathname) : undefined;
    if (endpoint && req.method === 'POST') return this.login(app, endpoint.username_field, req, res);
    return this.forward(req, res, await readBody(req, MAX_GRAPHQL_BODY));
  }

  private async graphql(app: WafEdgeApplication, req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<unknown> {
    const limits = app.policy.graphql;
    const body = await readBody(req, MAX_GRAPHQL_BODY);
    if (body === null) return this.refuseGraphql(req, res, 413, 'query body over 1 MiB');
    let requests: { query: unknown; operationName?: unknown }[] = [];
    if (req.method === 'GET') requests = [{ query: url.searchParams.get('query'), operationName: url.searchParams.get('operationName') }];
    else if (req.method === 'POST') {
      const type = String(req.headers['content-type'] ?? '');
      if (type.includes('application/graphql')) requests = [{ query: body.toString('utf8') }];
      else {
        try {
          const parsed: unknown = JSON.parse(body.toString('utf8'));
          // A batch is judged query by query.
          requests = (Array.isArray(parsed) ? parsed : [parsed]) as typeof requests;
        } catch {
          return this.refuseGraphql(req, res, 400, 'body is not JSON');
        }
      }
    } else return this.forward(req, res, body);
    for (const r of requests.slice(0, 50)) {
      if (!r || typeof r.query !== 'string') return this.refuseGraphql(req, res, 400, 'no query');
      const seen = analyseQuery(r.query, typeof r.operationName === 'string' && r.operationName ? r.operationName : null, limits.max_fields);
      if ('problem' in seen) return this.refuseGraphql(req, res, 400, seen.problem);
      this.note(req, { graphql: seen });
      const why = graphqlRefusal(seen, limits);
      if (why) return this.refuseGraphql(req, res, 403, why);
    }
    if (requests.length > 50) return this.refuseGraphql(req, res, 403, `a batch of ${requests.length} queries (50 at most)`);
    return this.forward(req, res, body);
  }

  private refuseGraphql(req: http.IncomingMessage, res: http.ServerResponse, status: number, why: string): void {
    this.note(req, { refusal: { rule: EDGE_RULE_IDS.graphql, action: 'blocked', data: why } });
    res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
    res.end(JSON.stringify({ errors: [{ message: `Query refused by the WAF: ${why}` }] }));
  }

  private async login(app: WafEdgeApplication, field: string, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const rules = app.policy.login_protection;
    const client = String(req.headers['x-real-ip'] ?? '');
    const body = await readBody(req, MAX_LOGIN_BODY);
    if (body === null) {
      res.writeHead(413).end();
      return;
    }
    const account = accountOf(body, String(req.headers['content-type'] ?? ''), field);
    const watch = this.watches.get(app.id) ?? new LoginWatch();
    this.watches.set(app.id, watch);
    const why = watch.suspicion(client, account, rules);
    const passed = rules.action === 'challenge' && hasValidPass(this.opts.challengeSecret, req.headers.cookie, client, app.id);
    if (why && !passed) {
      this.note(req, {
        refusal: { rule: EDGE_RULE_IDS.loginAbuse, action: rules.action === 'block' ? 'blocked' : 'challenged', data: why },
        ...(account ? { login: { account, failed: true } } : {}),
      });
      if (rules.action === 'block') {
        res.writeHead(429, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
        res.end(JSON.stringify({ detail: 'Too many failed logins: try again later.' }));
        return;
      }
      const { pass, expires } = freshPass(this.opts.challengeSecret, client, app.id);
      res.writeHead(403, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end(challengePage(pass, expires));
      return;
    }
    const status = await this.forward(req, res, body);
    const failed = rules.failure_statuses.includes(status);
    if (failed) watch.failed(client, account);
    if (account) this.note(req, { login: { account, failed } });
  }

  /** Sends the request on through nginx's relay and streams the answer back; the origin's status. */
  private forward(req: http.IncomingMessage, res: http.ServerResponse, body: Buffer | null): Promise<number> {
    if (body === null) {
      res.writeHead(413).end();
      return Promise.resolve(413);
    }
    const headers = Object.fromEntries(Object.entries(req.headers).filter(([k]) => !HOP.has(k)));
    return new Promise((resolve) => {
      const out = http.request(
        {
          host: '127.0.0.1',
          port: this.opts.relayPort,
          method: req.method,
          path: req.url,
          headers: { ...headers, 'content-length': body.length },
          timeout: 60_000,
        },
        (answer) => {
          const status = answer.statusCode ?? 502;
          const back = Object.fromEntries(Object.entries(answer.headers).filter(([k]) => !HOP.has(k) || k === 'content-length'));
          res.writeHead(status, back);
          answer.pipe(res);
          answer.on('end', () => resolve(status));
          answer.on('error', () => resolve(status));
        },
      );
      out.on('timeout', () => out.destroy(new Error('timeout')));
      out.on('error', () => {
        if (!res.headersSent) res.writeHead(502, { 'Content-Type': 'text/plain' });
        res.end();
        resolve(502);
      });
      out.end(body);
    });
  }
}
