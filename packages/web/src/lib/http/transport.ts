import { REQUEST } from '@netloom/domain';
import { API_BASE } from '@/paths';
import { ApiError, apiErrorFromResponse, CLIENT_ERROR_CODES } from './api-error';

type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type Query = Record<string, string | number | boolean | null | undefined>;

export interface SendOptions {
  method?: Method;
  body?: unknown;
  query?: Query;
  headers?: Record<string, string>;
  timeoutMs?: number;
  retries?: number;
  retryDelayMs?: number;
  signal?: AbortSignal;
}

// Repeating these cannot change server state twice, so a lost answer may be asked for again.
const IDEMPOTENT: ReadonlySet<Method> = new Set<Method>(['GET', 'HEAD', 'PUT', 'DELETE']);
// Gateways answer these while the server restarts; anything else 4xx/5xx is a real answer.
const RETRYABLE_STATUS: ReadonlySet<number> = new Set([502, 503, 504]);

export function apiUrl(path: string, query?: Query): string {
  const url = `${API_BASE}${path.replace(/^\//, '')}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function readBody(res: Response): Promise<unknown> {
  if (res.status === 204 || res.status === 205) return undefined;
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

async function attempt(url: string, init: RequestInit, timeoutMs: number, outer?: AbortSignal): Promise<unknown> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onOuterAbort = () => controller.abort();
  outer?.addEventListener('abort', onOuterAbort);
  try {
    const res = await fetch(url, { ...init, signal: controller.signal });
    const body = init.method === 'HEAD' ? undefined : await readBody(res);
    if (!res.ok) throw apiErrorFromResponse(res.status, body);
    return body;
  } catch (e) {
    if (e instanceof ApiError) throw e;
    if (timedOut) {
      throw new ApiError({ status: 0, code: CLIENT_ERROR_CODES.timeout, detail: 'The server took too long to answer' });
    }
    if (outer?.aborted) throw new ApiError({ status: 0, code: CLIENT_ERROR_CODES.aborted, detail: 'Request cancelled' });
    throw new ApiError({ status: 0, code: CLIENT_ERROR_CODES.network, detail: 'No Connectivity' });
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', onOuterAbort);
  }
}

function shouldRetry(e: unknown, method: Method): boolean {
  if (!IDEMPOTENT.has(method) || !(e instanceof ApiError)) return false;
  return e.isConnectivity || RETRYABLE_STATUS.has(e.status);
}

/**
 * One HTTP exchange with the API: timeout per attempt, retries for idempotent calls that got no
 * usable answer (spec 000 §9: 15 s, 2 retries 200 ms apart), every failure an ApiError.
 */
export async function send(path: string, opts: SendOptions = {}): Promise<unknown> {
  const method = opts.method ?? 'GET';
  const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
  const init: RequestInit = { method, headers, credentials: 'same-origin' };
  if (opts.body instanceof FormData) {
    // A file upload: the browser writes the multipart boundary into the content type itself.
    init.body = opts.body;
  } else if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(opts.body);
  }
  const url = apiUrl(path, opts.query);
  const retries = opts.retries ?? REQUEST.retries;
  const timeoutMs = opts.timeoutMs ?? REQUEST.timeoutMs;
  for (let n = 0; ; n++) {
    try {
      return await attempt(url, init, timeoutMs, opts.signal);
    } catch (e) {
      if (n >= retries || !shouldRetry(e, method)) throw e;
      await sleep(opts.retryDelayMs ?? REQUEST.retryDelayMs);
    }
  }
}
