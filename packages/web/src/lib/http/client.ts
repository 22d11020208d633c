import { ERROR_CODES } from '@netloom/domain';
import { sessionStore } from '@/lib/session/session-store';
import { recoverFromInvalidToken } from '@/lib/session/session-recovery';
import { COOKIE_TRANSPORT } from '@/lib/session/token-refresh';
import { ApiError, CLIENT_ERROR_CODES } from './api-error';
import { send, type SendOptions } from './transport';

/** Anything with zod's parse: the domain schemas describe every answer. */
export interface Parser<T> {
  parse(data: unknown): T;
}

export interface ApiOptions extends Omit<SendOptions, 'method' | 'body'> {
  /** Send the bearer token and run the session error handling; default true. */
  auth?: boolean;
  /** Ask for the refresh token as an httpOnly cookie (login, refresh, logout…). */
  cookieTransport?: boolean;
}

function parseWith<T>(parser: Parser<T> | null, data: unknown): T {
  if (!parser) return data as T;
  try {
    return parser.parse(data);
  } catch {
    throw new ApiError({ status: 200, code: CLIENT_ERROR_CODES.badResponse, detail: 'Unexpected answer from server' });
  }
}

async function request<T>(method: SendOptions['method'], path: string, body: unknown, parser: Parser<T> | null, opts: ApiOptions = {}): Promise<T> {
  const { auth = true, cookieTransport = false, headers, ...rest } = opts;
  const call = () => {
    const h: Record<string, string> = { ...headers, ...(cookieTransport ? COOKIE_TRANSPORT : {}) };
    const access = auth ? sessionStore.current()?.access : undefined;
    if (access) h.Authorization = `Bearer ${access}`;
    return send(path, { ...rest, method, body, headers: h });
  };
  try {
    return parseWith(parser, await call());
  } catch (e) {
    if (!auth || !(e instanceof ApiError) || e.code !== ERROR_CODES.tokenNotValid) throw e;
    if (!(await recoverFromInvalidToken())) throw e;
    return parseWith(parser, await call());
  }
}

/** The console's HTTP client: typed answers, every failure an ApiError with a code to branch on. */
export const api = {
  get: <T>(path: string, parser: Parser<T> | null, opts?: ApiOptions) => request('GET', path, undefined, parser, opts),
  head: (path: string, opts?: ApiOptions) => request<void>('HEAD', path, undefined, null, opts),
  post: <T>(path: string, body: unknown, parser: Parser<T> | null, opts?: ApiOptions) => request('POST', path, body ?? {}, parser, opts),
  put: <T>(path: string, body: unknown, parser: Parser<T> | null, opts?: ApiOptions) => request('PUT', path, body, parser, opts),
  patch: <T>(path: string, body: unknown, parser: Parser<T> | null, opts?: ApiOptions) => request('PATCH', path, body, parser, opts),
  /** A body only where the call needs one (e.g. the typed confirmation of a tenant deletion). */
  delete: <T>(path: string, parser: Parser<T> | null, opts?: ApiOptions, body?: unknown) => request('DELETE', path, body, parser, opts),
};
