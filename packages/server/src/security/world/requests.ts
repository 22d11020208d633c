import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/**
 * Every request comes from a new address: the per-address limits (login, registration) are
 * tested elsewhere and would otherwise answer 429 to most of the suite.
 */
let addressCounter = 0;
function nextAddress(): string {
  addressCounter++;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

export async function send(app: FastifyInstance, method: string, url: string, token: string | null, body?: unknown): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  return app.inject({
    method: method as 'GET',
    url,
    headers,
    remoteAddress: nextAddress(),
    ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
  });
}

/** A call that must work for the world to be what the suite claims it is. */
export async function must(app: FastifyInstance, method: string, url: string, token: string | null, body?: unknown): Promise<Record<string, unknown>> {
  const res = await send(app, method, url, token, body);
  if (res.statusCode >= 300) throw new Error(`fixture: ${method} ${url} answered ${res.statusCode} ${res.body.slice(0, 300)}`);
  return res.body ? (res.json() as Record<string, unknown>) : {};
}

/** The app's `must`, for the builders of one side's objects. */
export type Must = (method: string, url: string, token: string, body?: unknown) => Promise<Record<string, unknown>>;

export const mustOn =
  (app: FastifyInstance): Must =>
  (...a) =>
    must(app, ...a);

/** Background work (a delivery, a report) the world waits for, so it does not change data in the middle of the probes. */
export async function waitFor(what: string, done: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`fixture: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
