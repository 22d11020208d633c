import { z } from 'zod';
import { answeredOtherThanNotFound, type ApiParamType, type DiscoveredEndpoint } from './api-discovery';
import { isDocumentedAs, type DocumentedOperation, type DocumentedParam } from './api-inventory';

/**
 * API drift (QShield › API Security › Diff Logs): where an application's traffic and its OpenAPI
 * document disagree, each finding kept with when it first appeared and when it was resolved.
 * - shadow: an endpoint the traffic uses that the document does not declare;
 * - zombie: a declared endpoint nothing uses;
 * - undeclared_param: a query parameter seen on a declared endpoint that does not declare it;
 * - type_mismatch: a declared query parameter whose values seen are not of its schema's type;
 * - gone: an endpoint that had traffic before the window and none in it (not a declared one: that is a zombie).
 * An endpoint that came back resolves its zombie or gone finding.
 */
export const API_DRIFT_KINDS = ['shadow', 'zombie', 'undeclared_param', 'type_mismatch', 'gone'] as const;
export type ApiDriftKind = (typeof API_DRIFT_KINDS)[number];

export interface DriftFinding {
  kind: ApiDriftKind;
  method: string;
  /** The document's path when declared, else the discovered template. */
  path: string;
  /** The query parameter, for a parameter's finding. */
  param: string | null;
  /** What was seen, in words (kept as it was when the finding first appeared). */
  detail: string;
}

/** One finding of one application: what makes it the same finding from one comparison to the next. */
export const driftKey = (f: Pick<DriftFinding, 'kind' | 'method' | 'path' | 'param'>) => `${f.kind} ${f.method} ${f.path} ${f.param ?? ''}`;

/** Whether a query value of the type seen is one the declared schema takes. */
export function acceptsParamType(declared: Pick<DocumentedParam, 'type' | 'format'>, seen: ApiParamType): boolean {
  switch (declared.type) {
    case 'integer':
      // A long run of digits that passes the Luhn check is typed a card number: it is an integer too.
      return seen === 'integer' || seen === 'card';
    case 'number':
      return seen === 'integer' || seen === 'number' || seen === 'card';
    case 'boolean':
      return seen === 'boolean';
    case 'string':
      if (declared.format === 'uuid') return seen === 'uuid';
      if (declared.format === 'date' || declared.format === 'date-time') return seen === 'date';
      if (declared.format === 'email') return seen === 'email';
      return true;
    default:
      // An array, an object or no type said: a query string's value says too little to refuse.
      return true;
  }
}

const declaredType = (p: DocumentedParam) => `${p.type ?? 'any'}${p.format ? ` (${p.format})` : ''}`;

/**
 * An operation as an application's document was stored at upload: with its query parameters as the
 * zero-trust contract reads them (`query`, each with its value's type; `query_open` when some
 * could not be named), or as `params`; neither for a document stored before either was read.
 */
export interface StoredOperation {
  method: string;
  path: string;
  params?: DocumentedParam[];
  query?: readonly { name: string; value: { type: string; uuid?: boolean } }[];
  query_open?: boolean;
}

/** A stored operation as drift compares it: its query parameters when all of them are known. */
export function driftOperation(op: StoredOperation): DocumentedOperation {
  if (op.params) return { method: op.method, path: op.path, params: op.params };
  if (!op.query || op.query_open) return { method: op.method, path: op.path };
  return {
    method: op.method,
    path: op.path,
    params: op.query.map((q) => ({ name: q.name, type: q.value.type === 'any' ? null : q.value.type, format: q.value.uuid ? 'uuid' : null })),
  };
}

export interface DriftInput {
  /** The application's endpoints in the window. */
  current: readonly DiscoveredEndpoint[];
  /** Its endpoints before the window (what may have gone away). */
  earlier: readonly DiscoveredEndpoint[];
  /** Its document's operations (null: it has no document). */
  documented: readonly DocumentedOperation[] | null;
}

/** What an application's traffic and document disagree on now. */
export function apiDrift({ current, earlier, documented }: DriftInput): DriftFinding[] {
  const found = new Map<string, DriftFinding>();
  const add = (f: DriftFinding) => {
    if (!found.has(driftKey(f))) found.set(driftKey(f), f);
  };
  const seen = new Set(current.map((e) => `${e.method} ${e.template}`));
  if (documented) {
    for (const e of current) {
      const op = documented.find((o) => isDocumentedAs(e, o));
      if (!op) {
        if (answeredOtherThanNotFound(e))
          add({ kind: 'shadow', method: e.method, path: e.template, param: null, detail: `${e.requests} requests; not in the document` });
        continue;
      }
      if (!op.params) continue;
      for (const p of e.params) {
        const declared = op.params.find((d) => d.name === p.name);
        if (!declared) {
          add({ kind: 'undeclared_param', method: op.method, path: op.path, param: p.name, detail: `Seen as ${p.types.join(' | ')}; not declared` });
        } else if (p.types.some((t) => !acceptsParamType(declared, t))) {
          add({
            kind: 'type_mismatch',
            method: op.method,
            path: op.path,
            param: p.name,
            detail: `Declared ${declaredType(declared)}; seen ${p.types.join(' | ')}`,
          });
        }
      }
    }
    for (const op of documented) {
      if (!current.some((e) => isDocumentedAs(e, op)))
        add({ kind: 'zombie', method: op.method, path: op.path, param: null, detail: 'Declared; no traffic in the window' });
    }
  }
  for (const e of earlier) {
    if (seen.has(`${e.method} ${e.template}`)) continue;
    if (documented?.some((o) => isDocumentedAs(e, o))) continue;
    add({ kind: 'gone', method: e.method, path: e.template, param: null, detail: `Last seen ${e.lastSeen.toISOString()}; no traffic in the window` });
  }
  return [...found.values()];
}

/** Why a finding no longer holds, in words. */
export function driftResolution(f: Pick<DriftFinding, 'kind' | 'method' | 'path' | 'param'>, { current, documented }: Omit<DriftInput, 'earlier'>): string {
  if (f.kind === 'gone') {
    if (current.some((e) => e.method === f.method && e.template === f.path)) return 'Traffic came back';
    return documented?.some((o) => isDocumentedAs({ method: f.method, template: f.path }, o))
      ? 'The document now declares it'
      : 'No traffic for longer than the comparison looks back';
  }
  if (!documented) return 'The application has no document any more';
  const op = documented.find((o) => o.method === f.method && o.path === f.path);
  const seen = (o: DocumentedOperation) => current.filter((e) => isDocumentedAs(e, o));
  switch (f.kind) {
    case 'shadow':
      return documented.some((o) => isDocumentedAs({ method: f.method, template: f.path }, o)) ? 'The document now declares it' : 'No traffic in the window';
    case 'zombie':
      return op ? 'Traffic came back' : 'Removed from the document';
    default: {
      if (!op) return 'Removed from the document';
      const stillSeen = seen(op).some((e) => e.params.some((p) => p.name === f.param));
      if (!stillSeen) return 'Not seen in the window';
      return f.kind === 'undeclared_param' ? 'The document now declares it' : 'The values seen now match the declared type';
    }
  }
}

/** A finding as stored: open until resolved. */
export interface StoredDriftFinding extends DriftFinding {
  id: string;
}

/**
 * One comparison against the findings still open: those that appear now are opened (each once: a
 * finding open already stays as it was), those open that no longer hold are resolved, with why.
 */
export function reconcileDrift(
  open: readonly StoredDriftFinding[],
  now: readonly DriftFinding[],
  context: Omit<DriftInput, 'earlier'>,
): { opened: DriftFinding[]; resolved: { id: string; resolution: string }[] } {
  const openKeys = new Set(open.map(driftKey));
  const nowKeys = new Set(now.map(driftKey));
  return {
    opened: now.filter((f) => !openKeys.has(driftKey(f))),
    resolved: open.filter((f) => !nowKeys.has(driftKey(f))).map((f) => ({ id: f.id, resolution: driftResolution(f, context) })),
  };
}

export const API_DRIFT_STATES = ['open', 'resolved'] as const;

export const wafApiDriftQuerySchema = z.object({
  tenant_id: z.string().uuid().optional(),
  application_id: z.string().uuid().optional().describe('One application only'),
  kind: z.enum(API_DRIFT_KINDS).optional().describe('One kind of finding only'),
  state: z.enum(API_DRIFT_STATES).optional().describe('Open findings only, or resolved ones only'),
});

/** A finding of the drift history, newest first. */
export const wafApiDriftRowSchema = z.object({
  id: z.string(),
  application_id: z.string(),
  application: z.string(),
  kind: z.enum(API_DRIFT_KINDS),
  method: z.string(),
  path: z.string(),
  param: z.string().nullable(),
  detail: z.string(),
  first_seen: z.string(),
  resolved_at: z.string().nullable(),
  resolution: z.string().nullable(),
});
export type WafApiDriftRow = z.infer<typeof wafApiDriftRowSchema>;
