import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ERROR_CODES, TOKEN_NOT_VALID_DETAIL, type Session } from '@netloom/domain';
import { sessionStore } from '@/lib/session/session-store';
import { ApiError } from './api-error';
import { api } from './client';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const invalidToken = () => json(401, { detail: TOKEN_NOT_VALID_DETAIL, code: 'token_not_valid' });

const session = (remember: boolean): Session => ({
  access: 'old-access',
  access_expires_at: new Date(Date.now() + 600_000).toISOString(),
  remember,
  user: {
    id: 'u1',
    email: 'owner@acme.test',
    username: 'owner@acme.test',
    firstName: 'Olivia',
    lastName: 'Owner',
    companyName: 'Acme',
    timezone: null,
    isSuperAdmin: false,
    twoFactorEnabled: false,
    tenantId: 't1',
    tenantName: 'Acme',
    role: 'owner',
  },
});

beforeEach(() => sessionStore.clear());
afterEach(() => vi.unstubAllGlobals());

describe('api client session handling', () => {
  it('sends the access token as a bearer header', async () => {
    sessionStore.start(session(true));
    const f = vi.fn(() => Promise.resolve(json(200, { ok: true })));
    vi.stubGlobal('fetch', f);
    await api.get('auth/user/', null);
    const init = (f.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer old-access');
  });

  it('with remember-me, refreshes a refused token through the cookie and repeats the call once', async () => {
    sessionStore.start(session(true));
    const answers = [
      invalidToken(),
      json(200, { access: 'new-access', access_expires_at: new Date(Date.now() + 600_000).toISOString() }),
      json(200, { ok: true }),
    ];
    const f = vi.fn((_url: string, _init?: RequestInit) => Promise.resolve(answers.shift() as Response));
    vi.stubGlobal('fetch', f);

    await expect(api.get('auth/user/', null)).resolves.toEqual({ ok: true });

    expect(f.mock.calls.map((c) => c[0])).toEqual(['/api/v1/auth/user/', '/api/v1/auth/token/refresh/', '/api/v1/auth/user/']);
    const refreshHeaders = f.mock.calls[1]?.[1]?.headers as Record<string, string>;
    expect(refreshHeaders['x-refresh-transport']).toBe('cookie');
    const retryHeaders = f.mock.calls[2]?.[1]?.headers as Record<string, string>;
    expect(retryHeaders.Authorization).toBe('Bearer new-access');
  });

  it('without remember-me, does not refresh and fails with token_not_valid', async () => {
    sessionStore.start(session(false));
    const f = vi.fn(() => Promise.resolve(invalidToken()));
    vi.stubGlobal('fetch', f);
    const e = await api.get('auth/user/', null).catch((err: unknown) => err);
    expect(e).toBeInstanceOf(ApiError);
    expect((e as ApiError).code).toBe(ERROR_CODES.tokenNotValid);
    expect(f).toHaveBeenCalledTimes(1);
  });

  it('turns an answer the schema rejects into bad_response', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(json(200, { unexpected: true })));
    const parser = {
      parse: (d: unknown) => {
        if (typeof d !== 'object' || d === null || !('access' in d)) throw new Error('bad');
        return d;
      },
    };
    const e = await api.get('auth/user/', parser).catch((err: unknown) => err);
    expect((e as ApiError).code).toBe('bad_response');
  });
});
