import { vi } from 'vitest';
import { jsonResponse } from './query-wrapper';

/** One request the console made, as a test reads it (path without /api/v1/). */
export interface ApiCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Headers;
}

/** An answer: a Response as is, anything else as a 200 JSON body, undefined to let the next rule answer; a promise of either to answer later. */
export type FakeAnswer = (call: ApiCall) => Response | unknown;

/** A list answer in the API's paged shape. */
export const pageOf = (results: unknown[]) => ({ count: results.length, next: null, previous: null, results });

/**
 * A fetch for component tests: `routes` answers by 'METHOD path' ('GET tenant/ztna/profiles/'),
 * `answer` first for anything computed (ids in paths, bodies); the rest is a 404 in the API's
 * error shape. Every call is recorded so a test can assert what was sent.
 */
export function fakeApi(routes: Record<string, FakeAnswer> = {}, answer?: (call: ApiCall) => Response | undefined) {
  const calls: ApiCall[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://console.test');
    const call: ApiCall = {
      method: init?.method ?? 'GET',
      path: url.pathname.replace(/^\/api\/v1\//, ''),
      query: url.searchParams,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: new Headers(init?.headers),
    };
    calls.push(call);
    const own = answer?.(call);
    if (own) return own;
    const route = routes[`${call.method} ${call.path}`];
    if (!route) return jsonResponse(404, { detail: 'Not found.', code: 'not_found' });
    const out: unknown = await route(call);
    if (out instanceof Response) return out;
    return out === undefined ? new Response(null, { status: 204 }) : jsonResponse(200, out);
  });
  vi.stubGlobal('fetch', fetch);
  return {
    fetch,
    calls,
    /** What changed something (every call but GET). */
    writes: () => calls.filter((c) => c.method !== 'GET'),
  };
}

/**
 * The routes of an ordered policy list at `path` ('tenant/ztna/policies/'): its GET lists
 * `state.policies`, its reorder keeps the order sent and answers the new list, or nothing when
 * `reorderAnswers` is 'nothing'.
 */
export function orderedPolicyRoutes<P extends { id: string; order: number }>(
  path: string,
  state: { policies?: P[] },
  reorderAnswers: 'list' | 'nothing',
): Record<string, FakeAnswer> {
  return {
    [`GET ${path}`]: () => state.policies ?? [],
    [`POST ${path}reorder/`]: (call) => {
      const ids = (call.body as { ids: string[] }).ids;
      state.policies = ids.map((id, i) => ({ ...state.policies!.find((p) => p.id === id)!, order: i + 1 }));
      return reorderAnswers === 'list' ? state.policies : undefined;
    },
  };
}
