import { answeredOtherThanNotFound, type DiscoveredEndpoint } from './api-discovery';

/** The HTTP methods an OpenAPI path item may hold operations under. */
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** A query parameter an operation declares, with its schema's type and format (null: none said). */
export interface DocumentedParam {
  name: string;
  type: string | null;
  format: string | null;
}

/** An operation an application's OpenAPI document declares: its method (upper case), path as written and query parameters (absent: not read, for a document stored before they were). */
export interface DocumentedOperation {
  method: string;
  path: string;
  params?: DocumentedParam[];
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A local reference (`#/components/…`) followed inside the document, a few hops at most. */
function resolved(doc: Json, value: unknown, hops = 5): unknown {
  if (!isObject(value) || typeof value.$ref !== 'string' || hops === 0) return value;
  if (!value.$ref.startsWith('#/')) return undefined;
  const target = value.$ref
    .slice(2)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((at, key) => (isObject(at) ? at[key] : undefined), doc);
  return resolved(doc, target, hops - 1);
}

/** The query parameters of a path item and its operation (the operation's own win by name). */
function queryParams(doc: Json, item: Json, op: Json): DocumentedParam[] {
  const byName = new Map<string, DocumentedParam>();
  for (const list of [item.parameters, op.parameters]) {
    for (const raw of Array.isArray(list) ? list : []) {
      const p = resolved(doc, raw);
      if (!isObject(p) || p.in !== 'query' || typeof p.name !== 'string') continue;
      const schema = resolved(doc, p.schema);
      const type = isObject(schema) ? (Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type) : null;
      const format = isObject(schema) && typeof schema.format === 'string' ? schema.format : null;
      byName.set(p.name, { name: p.name, type: typeof type === 'string' ? type : null, format });
    }
  }
  return [...byName.values()];
}

/** The operations of an OpenAPI 3.x document's `paths` (anything else in a path item is not an operation), with their query parameters. */
export function documentedOperations(doc: { paths?: Record<string, unknown> | null }): DocumentedOperation[] {
  return Object.entries(doc.paths ?? {}).flatMap(([path, raw]) => {
    const item = resolved(doc as Json, raw);
    if (!isObject(item)) return [];
    return METHODS.filter((m) => isObject(item[m])).map((m) => ({ method: m.toUpperCase(), path, params: queryParams(doc as Json, item, item[m] as Json) }));
  });
}

const segments = (p: string) => p.replace(/\/+$/, '').split('/');
const isParam = (s: string) => /^\{[^}]+\}$/.test(s);

/** Whether a discovered endpoint is a documented operation: same method, and each segment equal or a parameter in the document. */
export function isDocumentedAs(endpoint: { method: string; template: string }, op: DocumentedOperation): boolean {
  if (endpoint.method !== op.method) return false;
  const seen = segments(endpoint.template);
  const declared = segments(op.path);
  return seen.length === declared.length && declared.every((s, i) => s === seen[i] || isParam(s));
}

/**
 * - documented: declared and seen in the window;
 * - shadow: seen, but the document does not declare it (an endpoint nobody reviewed);
 * - zombie: declared, but no traffic uses it (a candidate for retirement);
 * - undocumented: seen, for an application without a document.
 */
export const API_INVENTORY_STATES = ['documented', 'shadow', 'zombie', 'undocumented'] as const;
export type ApiInventoryState = (typeof API_INVENTORY_STATES)[number];

export interface InventoryRow {
  state: ApiInventoryState;
  method: string;
  /** The document's path when declared, else the discovered template. */
  path: string;
  requests: number;
  errors: number;
  lastSeen: Date | null;
}

/** One application's endpoints: its document's operations against what its traffic showed (null: it has no document). */
export function apiInventory(discovered: readonly DiscoveredEndpoint[], documented: readonly DocumentedOperation[] | null): InventoryRow[] {
  if (documented === null) {
    return discovered.map((e) => ({ state: 'undocumented', method: e.method, path: e.template, requests: e.requests, errors: e.errors, lastSeen: e.lastSeen }));
  }
  const matched = new Set<DiscoveredEndpoint>();
  const rows: InventoryRow[] = documented.map((op) => {
    const seen = discovered.filter((e) => isDocumentedAs(e, op));
    for (const e of seen) matched.add(e);
    const lastSeen = seen.reduce<Date | null>((last, e) => (last === null || e.lastSeen > last ? e.lastSeen : last), null);
    return {
      state: seen.length ? 'documented' : 'zombie',
      method: op.method,
      path: op.path,
      requests: seen.reduce((n, e) => n + e.requests, 0),
      errors: seen.reduce((n, e) => n + e.errors, 0),
      lastSeen,
    };
  });
  for (const e of discovered) {
    if (!matched.has(e) && answeredOtherThanNotFound(e))
      rows.push({ state: 'shadow', method: e.method, path: e.template, requests: e.requests, errors: e.errors, lastSeen: e.lastSeen });
  }
  return rows;
}
