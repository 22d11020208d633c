import type { DiscoveredEndpoint } from './api-discovery';

/** The HTTP methods an OpenAPI path item may hold operations under. */
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** An operation an application's OpenAPI document declares: its method (upper case) and path as written. */
export interface DocumentedOperation {
  method: string;
  path: string;
}

/** The operations of an OpenAPI 3.x document's `paths` (anything else in a path item is not an operation). */
export function documentedOperations(doc: { paths?: Record<string, unknown> | null }): DocumentedOperation[] {
  return Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
    item && typeof item === 'object' ? METHODS.filter((m) => m in item).map((m) => ({ method: m.toUpperCase(), path })) : [],
  );
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
    if (!matched.has(e)) rows.push({ state: 'shadow', method: e.method, path: e.template, requests: e.requests, errors: e.errors, lastSeen: e.lastSeen });
  }
  return rows;
}
