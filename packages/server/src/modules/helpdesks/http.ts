/** Why a helpdesk call failed, in words a tenant's admin can act on; `retryAfterMs` when it may be tried again. */
export class HelpdeskError extends Error {
  constructor(
    readonly kind: 'credentials' | 'not_found' | 'refused' | 'rate_limited' | 'unavailable',
    message: string,
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
  }

  /** Worth trying again later: the helpdesk was busy or unreachable, not wrong about the request. */
  get retryable(): boolean {
    return this.kind === 'rate_limited' || this.kind === 'unavailable';
  }
}

/** A helpdesk that says nothing in this long counts as unavailable (the spec gives external calls 30 s). */
const TIMEOUT_MS = 30_000;
/** A Retry-After beyond this is someone else's outage, not a rate limit to sit out. */
const MAX_RETRY_AFTER_MS = 15 * 60_000;

/** Retry-After in seconds or as an HTTP date; a minute when the helpdesk said nothing usable. */
export function retryAfterMs(header: string | null, now = Date.now()): number {
  if (header) {
    const seconds = Number(header);
    if (Number.isFinite(seconds) && seconds >= 0) return Math.min(seconds * 1000, MAX_RETRY_AFTER_MS);
    const at = Date.parse(header);
    if (Number.isFinite(at)) return Math.min(Math.max(0, at - now), MAX_RETRY_AFTER_MS);
  }
  return 60_000;
}

export interface HelpdeskRequest {
  method: 'GET' | 'POST' | 'PUT';
  url: string;
  headers: Record<string, string>;
  body?: unknown;
  /** Reads the helpdesk's own error body into one sentence. */
  explain: (body: unknown) => string | null;
  /** Names the helpdesk in messages ('Zendesk'). */
  helpdesk: string;
}

export type Fetch = typeof fetch;

/** One JSON call to a helpdesk: its answer, or a HelpdeskError from its status and error body. */
export async function callHelpdesk<T>(fetcher: Fetch, req: HelpdeskRequest): Promise<{ body: T; headers: Headers }> {
  let res: Response;
  try {
    res = await fetcher(req.url, {
      method: req.method,
      headers: { accept: 'application/json', ...(req.body === undefined ? {} : { 'content-type': 'application/json' }), ...req.headers },
      body: req.body === undefined ? undefined : JSON.stringify(req.body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: 'error',
    });
  } catch (err) {
    const why = err instanceof Error && err.name === 'TimeoutError' ? `did not answer within ${TIMEOUT_MS / 1000} s` : 'could not be reached';
    throw new HelpdeskError('unavailable', `${req.helpdesk} ${why}`);
  }
  const text = await res.text().catch(() => '');
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON (a proxy's error page): the status alone explains it.
    body = null;
  }
  if (res.ok) return { body: body as T, headers: res.headers };
  const said = req.explain(body);
  const detail = said ? `: ${said.slice(0, 300)}` : '';
  if (res.status === 401 || res.status === 403) throw new HelpdeskError('credentials', `${req.helpdesk} refused the credentials${detail}`);
  if (res.status === 404) throw new HelpdeskError('not_found', `${req.helpdesk} has no such ticket or address${detail}`);
  if (res.status === 429) throw new HelpdeskError('rate_limited', `${req.helpdesk} asked to slow down`, retryAfterMs(res.headers.get('retry-after')));
  if (res.status >= 500)
    throw new HelpdeskError('unavailable', `${req.helpdesk} is unavailable (HTTP ${res.status})${detail}`, retryAfterMs(res.headers.get('retry-after')));
  throw new HelpdeskError('refused', `${req.helpdesk} refused the request (HTTP ${res.status})${detail}`);
}

export const basicAuth = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
