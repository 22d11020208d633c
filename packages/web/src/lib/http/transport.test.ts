import { afterEach, describe, expect, it, vi } from 'vitest';
import { ERROR_CODES, TOKEN_NOT_VALID_DETAIL } from '@netloom/domain';
import { ApiError, CLIENT_ERROR_CODES } from './api-error';
import { send } from './transport';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function fakeFetch(...answers: (Response | Error | 'hang')[]) {
  const fn = vi.fn((_url: string, init?: RequestInit) => {
    const next = answers.shift() ?? new Error('no more answers');
    if (next === 'hang') {
      return new Promise<Response>((_, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    }
    return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

async function failure(p: Promise<unknown>): Promise<ApiError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(ApiError);
  return e as ApiError;
}

afterEach(() => vi.unstubAllGlobals());

describe('send', () => {
  it('calls the API under /api/v1/ and returns the parsed answer', async () => {
    const f = fakeFetch(json(200, { ok: 1 }));
    await expect(send('tenant/list/', { query: { page_size: 0, tid: undefined } })).resolves.toEqual({ ok: 1 });
    expect(f.mock.calls[0]?.[0]).toBe('/api/v1/tenant/list/?page_size=0');
  });

  it('retries an idempotent call twice, 200 ms apart, when the network fails', async () => {
    const f = fakeFetch(new TypeError('Failed to fetch'), new TypeError('Failed to fetch'), json(200, { ok: true }));
    const started = Date.now();
    await expect(send('auth/user/')).resolves.toEqual({ ok: true });
    expect(f).toHaveBeenCalledTimes(3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(380);
  });

  it('gives up after three attempts with a network_error', async () => {
    const f = fakeFetch(new TypeError('x'), new TypeError('x'), new TypeError('x'), json(200, {}));
    const e = await failure(send('auth/user/', { retryDelayMs: 1 }));
    expect(e.code).toBe(CLIENT_ERROR_CODES.network);
    expect(f).toHaveBeenCalledTimes(3);
  });

  it('never repeats a POST, which could change state twice', async () => {
    const f = fakeFetch(new TypeError('x'), json(200, {}));
    const e = await failure(send('auth/login/', { method: 'POST', body: {} }));
    expect(e.code).toBe(CLIENT_ERROR_CODES.network);
    expect(f).toHaveBeenCalledTimes(1);
  });

  it('does not retry a 4xx answer and keeps its code, detail and field errors', async () => {
    const f = fakeFetch(json(400, { detail: 'Invalid input', code: 'invalid', errors: { email: ['Enter valid Email'] } }));
    const e = await failure(send('auth/user/'));
    expect(f).toHaveBeenCalledTimes(1);
    expect(e.status).toBe(400);
    expect(e.code).toBe(ERROR_CODES.validation);
    expect(e.fieldError('email')).toBe('Enter valid Email');
  });

  it('maps the invalid-token answer to its code', async () => {
    fakeFetch(json(401, { detail: TOKEN_NOT_VALID_DETAIL, code: 'token_not_valid' }));
    const e = await failure(send('auth/user/'));
    expect(e.code).toBe(ERROR_CODES.tokenNotValid);
  });

  it('gives answers that are not in the API shape a code from their status', async () => {
    fakeFetch(new Response('<html>Bad gateway</html>', { status: 502 }), new Response('nope', { status: 502 }), new Response('', { status: 502 }));
    const e = await failure(send('auth/user/', { retryDelayMs: 1 }));
    expect(e.code).toBe(ERROR_CODES.server);
    expect(e.status).toBe(502);
  });

  it('times out an attempt that gets no answer and retries it', async () => {
    const f = fakeFetch('hang', 'hang', 'hang');
    const e = await failure(send('auth/user/', { timeoutMs: 30, retryDelayMs: 1 }));
    expect(e.code).toBe(CLIENT_ERROR_CODES.timeout);
    expect(f).toHaveBeenCalledTimes(3);
  });
});
