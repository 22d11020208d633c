import type { FastifyInstance, InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { apiErrorSchema } from '@netloom/domain';

/** One hostile request and the field its 400 must name. */
export interface BadInputCase {
  name: string;
  method: NonNullable<InjectOptions['method']>;
  url: string;
  payload?: unknown;
  /** The key of `errors` the answer names; null when only the status and shape are asserted. */
  field: string | null;
}

export const NUL = 'li\u0000nux';
export const LONE_SURROGATE = 'a\uD800b';
/** Both encoded for a URL (a lone surrogate cannot be percent-encoded, so its UTF-8 replacement is meaningless there). */
export const NUL_IN_URL = 'li%00nux';

/** Sends the case and expects a 400 in the API's validation shape naming the field. */
export async function expectRefused(app: FastifyInstance, headers: Record<string, string>, c: BadInputCase): Promise<void> {
  const res = await app.inject({ method: c.method, url: c.url, headers, ...(c.payload !== undefined ? { payload: c.payload as object } : {}) });
  expect.soft(res.statusCode, `${c.name}: ${res.body.slice(0, 300)}`).toBe(400);
  if (res.statusCode !== 400) return;
  const body = apiErrorSchema.parse(res.json());
  if (c.field !== null) {
    expect.soft(body.code, c.name).toBe('invalid');
    expect.soft(Object.keys(body.errors ?? {}), c.name).toContain(c.field);
  }
}
