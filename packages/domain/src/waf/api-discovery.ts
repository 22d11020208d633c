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
/** An opaque or prefixed id (`Xk29fQa7Lm`, `cus_8Hq2LmZx0P`): 8 or more letters, digits and underscores, with both a letter and a digit. */
const OPAQUE = /^(?=[^\d]*\d)(?=[^A-Za-z]*[A-Za-z])\w{8,}$/;
/** A prefixed id without a digit (`tag_vxZXoHRLRwUTPk`): a short lowercase prefix, then 10 or more letters with capitals. */
const PREFIXED = /^[a-z]{2,8}_(?=[^A-Z]*[A-Z])[A-Za-z0-9]{10,}$/;

/** A path segment as the template shows it: {id} for a number, a UUID or an opaque id, {hash}, {date}, else itself. */
function segmentTemplate(segment: string): string {
  if (NUMBER.test(segment) && !DATE.test(segment)) return '{id}';
  if (DATE.test(segment)) return '{date}';
  if (UUID.test(segment)) return '{id}';
  if (HASH.test(segment) && /\d/.test(segment)) return '{hash}';
  if (OPAQUE.test(segment) || PREFIXED.test(segment)) return '{id}';
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

export const API_PARAM_TYPES = ['integer', 'number', 'boolean', 'uuid', 'date', 'email', 'card', 'phone', 'string'] as const;
/** The types whose values are personal data: a parameter that carries them is marked (its values are never kept). */
const PERSONAL: readonly ApiParamType[] = ['email', 'card', 'phone'];
export type ApiParamType = (typeof API_PARAM_TYPES)[number];

/** The type a query parameter's value looks like. */
export function paramType(value: string): ApiParamType {
  if (/^\d{13,19}$/.test(value) && luhn(value)) return 'card';
  if (/^-?\d+$/.test(value)) return 'integer';
  if (/^-?\d+\.\d+$/.test(value)) return 'number';
  if (/^(?:true|false)$/i.test(value)) return 'boolean';
  if (UUID.test(value)) return 'uuid';
  if (/^\d{4}-\d{2}-\d{2}(?:T[\d:.]+Z?)?$/.test(value)) return 'date';
  if (/^[^@\s]+@[^@\s]+\.[a-z]{2,}$/i.test(value)) return 'email';
  if (/^\+\d{8,15}$/.test(value.replace(/[\s().-]/g, ''))) return 'phone';
  return 'string';
}

/** Whether a run of digits passes the Luhn check every payment card number passes. */
function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/** Requests of one application with one method, path (with its query) and status in a window, as the store counts them. */
export interface PathStatusCount {
  applicationId: string | null;
  method: string;
  path: string;
  status: number;
  requests: number;
  /** Of them, those that carried credentials (an Authorization or X-API-Key header; absent: not known). */
  authenticated?: number;
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
  /** Requests that carried credentials: the authentication the endpoint is seen with. */
  authenticated: number;
  statuses: { status: number; requests: number }[];
  /** Query parameters seen, each with the types of its values; `pii` when a value looked like personal data (an e-mail, a card number, a phone number). */
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

/**
 * Cardinality: a position whose words are values rather than names (slugs, user names). Under one
 * parent an API has a few dozen names at most, each asked for many times; values come by the
 * hundred, or each one a few times.
 */
const MANY_VALUES = 50;
const SOME_VALUES = 8;
const FEW_REQUESTS_PER_VALUE = 3;
/** The placeholder of a position learnt from its many values. */
const LEARNT = '{param}';

interface Segments {
  requests: number;
  /** Requests whose path ends here. */
  ends: number;
  children: Map<string, Segments>;
  /** Its words were values: they are all LEARNT now. */
  learnt: boolean;
}
const segmentsNode = (): Segments => ({ requests: 0, ends: 0, children: new Map(), learnt: false });
const isPlaceholder = (s: string) => s.startsWith('{') && s.endsWith('}');

function absorb(into: Segments, from: Segments): void {
  into.requests += from.requests;
  into.ends += from.ends;
  for (const [s, child] of from.children) {
    const there = into.children.get(s);
    if (there) absorb(there, child);
    else into.children.set(s, child);
  }
}

/** A word whose paths all end there (a name beside values whose paths go on: `/users/search` beside `/users/{name}/repos`). */
const endsOnly = (n: Segments) => n.children.size === 0;

/**
 * Top down: a position of many values (under one parent) becomes a placeholder, their subtrees one;
 * where most values' paths go on, a few words whose paths end there and that are asked for far more
 * than a value stay names.
 */
function learn(node: Segments): void {
  const words = [...node.children].filter(([s]) => !isPlaceholder(s));
  // A typical word's requests (the median: a name beside values does not move it).
  const median = words.map(([, c]) => c.requests).sort((a, b) => a - b)[words.length >> 1] ?? 0;
  if (words.length > MANY_VALUES || (words.length >= SOME_VALUES && median < FEW_REQUESTS_PER_VALUE)) {
    // A name is asked for far more than a typical value.
    const isName = (c: Segments) => endsOnly(c) && c.requests >= 10 * Math.max(median, 1);
    const names = words.filter(([, c]) => isName(c));
    const goOn = words.filter(([, c]) => !endsOnly(c)).length;
    const values = goOn * 2 > words.length && names.length * 10 < words.length ? words.filter(([, c]) => !isName(c)) : words;
    const into = node.children.get(LEARNT) ?? segmentsNode();
    for (const [s, child] of values) {
      absorb(into, child);
      node.children.delete(s);
    }
    node.children.set(LEARNT, into);
    node.learnt = true;
  }
  for (const child of node.children.values()) learn(child);
}

/** A path's segments (each already templated by its own look) as the learnt tree has them. */
function learntTemplate(root: Segments, segments: readonly string[]): string {
  let node: Segments | undefined = root;
  const out: string[] = [];
  for (const s of segments) {
    let name = s;
    let next: Segments | undefined = node?.children.get(s);
    if (!next && node?.learnt) {
      name = LEARNT;
      next = node.children.get(LEARNT);
    }
    out.push(name);
    node = next;
  }
  return `/${out.join('/')}`;
}

/**
 * Each row's path template: its segments' own look (pathTemplate), then, per application, the
 * positions that hold many distinct words under the same parent made placeholders too.
 */
export function learnTemplates(rows: readonly (Pick<PathStatusCount, 'applicationId' | 'path' | 'requests'> & { status?: number })[]): string[] {
  const split = rows.map((r) => pathTemplate(r.path).split('/').slice(1));
  const trees = new Map<string, Segments>();
  for (const r of rows) if (!trees.has(r.applicationId ?? '')) trees.set(r.applicationId ?? '', segmentsNode());
  rows.forEach((r, i) => {
    // A path the application does not have (404: a scanner's probe, a typo) teaches nothing of its shape.
    if (r.status === NOT_FOUND) return;
    const app = r.applicationId ?? '';
    let node: Segments | undefined = trees.get(app);
    if (!node) trees.set(app, (node = segmentsNode()));
    node.requests += r.requests;
    for (const s of split[i]!) {
      let child: Segments | undefined = node.children.get(s);
      if (!child) node.children.set(s, (child = segmentsNode()));
      child.requests += r.requests;
      node = child;
    }
    node.ends += r.requests;
  });
  for (const tree of trees.values()) learn(tree);
  return rows.map((r, i) => learntTemplate(trees.get(r.applicationId ?? '')!, split[i]!));
}

const NOT_FOUND = 404;

/**
 * Whether the application answered anything but 404 there: an endpoint only ever "not found" (a
 * scanner's probe, a typo) is no endpoint the document should have declared.
 */
export const answeredOtherThanNotFound = (e: Pick<DiscoveredEndpoint, 'statuses'>) => e.statuses.some((s) => s.status !== NOT_FOUND);

/** The endpoints a window's requests show, busiest first: counted by application, method and path template. */
export function discoverEndpoints(rows: readonly PathStatusCount[]): DiscoveredEndpoint[] {
  const templates = learnTemplates(rows);
  const endpoints = new Map<string, DiscoveredEndpoint & { statusMap: Map<number, number>; paramMap: Map<string, Set<ApiParamType>> }>();
  for (const [i, r] of rows.entries()) {
    const template = templates[i]!;
    const key = `${r.applicationId ?? ''} ${r.method} ${template}`;
    let e = endpoints.get(key);
    if (!e) {
      e = {
        applicationId: r.applicationId,
        method: r.method,
        template,
        requests: 0,
        errors: 0,
        authenticated: 0,
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
    e.authenticated += r.authenticated ?? 0;
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
        .map(([name, types]) => ({ name, types: API_PARAM_TYPES.filter((t) => types.has(t)), pii: PERSONAL.some((t) => types.has(t)) }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    }))
    .sort((a, b) => b.requests - a.requests || a.template.localeCompare(b.template));
}
