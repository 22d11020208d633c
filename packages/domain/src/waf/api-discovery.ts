/**
 * API discovery from what the edges logged: each request's path made a template (the segments that
 * vary per object become placeholders), so the requests of one endpoint count together, with the
 * query parameters seen and the types of their values.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NUMBER = /^\d+$/;
/** A hex digest or token (an MD5, a SHA, a session id): long, and hex only. */
const HASH = /^[0-9a-f]{16,}$/i;
const DATE = /^(?:\d{4}-\d{2}-\d{2}|\d{8})$/;

/** A path segment as the template shows it: {id} for a number or a UUID, {hash}, {date}, else itself. */
function segmentTemplate(segment: string): string {
  if (NUMBER.test(segment) && !DATE.test(segment)) return '{id}';
  if (DATE.test(segment)) return '{date}';
  if (UUID.test(segment)) return '{id}';
  if (HASH.test(segment) && /\d/.test(segment)) return '{hash}';
  return segment;
}

/** `/users/123/orders/9?x=1` → `/users/{id}/orders/{id}` (the query is not part of the endpoint). */
export function pathTemplate(path: string): string {
  const bare = path.split(/[?#]/)[0] || '/';
  return bare
    .split('/')
    .map((s, i) => (i === 0 ? s : segmentTemplate(s)))
    .join('/');
}

export const API_PARAM_TYPES = ['integer', 'number', 'boolean', 'uuid', 'date', 'email', 'string'] as const;
export type ApiParamType = (typeof API_PARAM_TYPES)[number];

/** The type a query parameter's value looks like. */
export function paramType(value: string): ApiParamType {
  if (/^-?\d+$/.test(value)) return 'integer';
  if (/^-?\d+\.\d+$/.test(value)) return 'number';
  if (/^(?:true|false)$/i.test(value)) return 'boolean';
  if (UUID.test(value)) return 'uuid';
  if (/^\d{4}-\d{2}-\d{2}(?:T[\d:.]+Z?)?$/.test(value)) return 'date';
  if (/^[^@\s]+@[^@\s]+\.[a-z]{2,}$/i.test(value)) return 'email';
  return 'string';
}

/** Requests of one application with one method, path (with its query) and status in a window, as the store counts them. */
export interface PathStatusCount {
  applicationId: string | null;
  method: string;
  path: string;
  status: number;
  requests: number;
  firstAt: Date;
  lastAt: Date;
}

export interface DiscoveredEndpoint {
  applicationId: string | null;
  method: string;
  template: string;
  requests: number;
  /** Answers of 400 and above. */
  errors: number;
  statuses: { status: number; requests: number }[];
  /** Query parameters seen, each with the types of its values; `pii` when a value looked like personal data (an e-mail). */
  params: { name: string; types: ApiParamType[]; pii: boolean }[];
  firstSeen: Date;
  lastSeen: Date;
}

const decode = (s: string) => {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
};

/** The endpoints a window's requests show, busiest first: counted by application, method and path template. */
export function discoverEndpoints(rows: readonly PathStatusCount[]): DiscoveredEndpoint[] {
  const endpoints = new Map<string, DiscoveredEndpoint & { statusMap: Map<number, number>; paramMap: Map<string, Set<ApiParamType>> }>();
  for (const r of rows) {
    const template = pathTemplate(r.path);
    const key = `${r.applicationId ?? ''} ${r.method} ${template}`;
    let e = endpoints.get(key);
    if (!e) {
      e = {
        applicationId: r.applicationId,
        method: r.method,
        template,
        requests: 0,
        errors: 0,
        statuses: [],
        params: [],
        firstSeen: r.firstAt,
        lastSeen: r.lastAt,
        statusMap: new Map(),
        paramMap: new Map(),
      };
      endpoints.set(key, e);
    }
    e.requests += r.requests;
    if (r.status >= 400) e.errors += r.requests;
    e.statusMap.set(r.status, (e.statusMap.get(r.status) ?? 0) + r.requests);
    if (r.firstAt < e.firstSeen) e.firstSeen = r.firstAt;
    if (r.lastAt > e.lastSeen) e.lastSeen = r.lastAt;
    const query = r.path.split('?')[1]?.split('#')[0];
    for (const pair of query ? query.split('&') : []) {
      if (!pair) continue;
      const [name, value = ''] = pair.split('=');
      const types = e.paramMap.get(decode(name!)) ?? new Set<ApiParamType>();
      types.add(paramType(decode(value)));
      e.paramMap.set(decode(name!), types);
    }
  }
  return [...endpoints.values()]
    .map(({ statusMap, paramMap, ...e }) => ({
      ...e,
      statuses: [...statusMap].map(([status, requests]) => ({ status, requests })).sort((a, b) => a.status - b.status),
      params: [...paramMap]
        .map(([name, types]) => ({ name, types: API_PARAM_TYPES.filter((t) => types.has(t)), pii: types.has('email') }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    }))
    .sort((a, b) => b.requests - a.requests || a.template.localeCompare(b.template));
}
