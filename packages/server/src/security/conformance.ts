import type { LightMyRequestResponse } from 'fastify';
import AjvModule from 'ajv/dist/2020.js';
import type { Operation } from './openapi';
import { shortBody, Tally, type Check, type Finding } from './findings';

// The document is OpenAPI 3.1, whose schemas are JSON Schema 2020-12. ajv is CommonJS with its class on `default`.
const Ajv = (AjvModule as unknown as { default: typeof AjvModule }).default;

type JsonObject = Record<string, unknown>;
interface DocResponse {
  content?: Record<string, { schema?: unknown }>;
}
interface Doc {
  paths: Record<string, Record<string, { responses?: Record<string, DocResponse> }>>;
  components?: { schemas?: Record<string, unknown> };
  info?: Record<string, unknown>;
}

export const CONFORMANCE_CHECKS = ['undocumented status', 'undeclared content type', 'body not the declared schema'] as const satisfies readonly Check[];
type ConformanceCheck = (typeof CONFORMANCE_CHECKS)[number];

const baseType = (header: unknown) =>
  String(header ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase();

/**
 * What Schemathesis's response checks would say of the suite's answers, from the served document:
 * every answer's status is one its operation declares, its content type one declared for that
 * status (none for an answer without content), and a JSON body matches the status's schema.
 */
export class Conformance {
  readonly findings: Finding[] = [];
  readonly tally = new Tally();
  /** Answers checked per operation. */
  readonly checked = new Map<string, number>();
  /** "operation status" → each distinct finding once, however often it was seen. */
  private readonly seen = new Set<string>();
  private readonly ajv = new Ajv({ strict: false, allErrors: false, validateFormats: false });
  private readonly validators = new Map<string, ReturnType<InstanceType<typeof Ajv>['compile']>>();
  private readonly doc: Doc;

  constructor(document: unknown) {
    this.doc = document as Doc;
    this.ajv.addSchema({ components: { schemas: this.doc.components?.schemas ?? {} } }, 'openapi');
  }

  /** The statuses the document declares for an operation. */
  documented(op: Operation): Set<number> {
    const responses = this.doc.paths[op.path]?.[op.method.toLowerCase()]?.responses ?? {};
    return new Set(Object.keys(responses).map(Number).filter(Number.isInteger));
  }

  /** What the document holds for an operation: its rules and the operation's, and the components its schemas may use. */
  documentOf(op: Operation): { operation: unknown; components?: Record<string, unknown> } {
    // The document's own rules (info) hold for every operation.
    return { operation: [this.doc.info, this.doc.paths[op.path]?.[op.method.toLowerCase()]], components: this.doc.components?.schemas };
  }

  check(op: Operation, res: LightMyRequestResponse, who: string): void {
    this.checked.set(op.key, (this.checked.get(op.key) ?? 0) + 1);
    this.tally.requests++;
    const responses = this.doc.paths[op.path]?.[op.method.toLowerCase()]?.responses ?? {};
    const status = String(res.statusCode);
    const declared = responses[status] ?? responses[`${status[0]}XX`] ?? responses.default;
    const found = (check: ConformanceCheck, detail: string) => {
      this.tally.add(check);
      const key = `${check} ${op.key} ${status} ${detail}`;
      if (this.seen.has(key)) return;
      this.seen.add(key);
      this.findings.push({ check, operation: op.key, who, status: res.statusCode, body: `${detail} — ${shortBody(res)}` });
    };
    if (!declared) return found('undocumented status', `declared: ${Object.keys(responses).join(', ')}`);
    const content = declared.content ?? {};
    const type = baseType(res.headers['content-type']);
    const hasBody = res.rawPayload.length > 0;
    // A HEAD answer carries the headers of its GET and no body.
    if (op.method === 'HEAD') {
      if (type && !content[type]) found('undeclared content type', `${type}; declared: ${Object.keys(content).join(', ') || 'no content'}`);
      return;
    }
    if (!hasBody) {
      if (Object.keys(content).length) found('body not the declared schema', `no body; declared: ${Object.keys(content).join(', ')}`);
      return;
    }
    if (!content[type]) return found('undeclared content type', `${type || 'none'}; declared: ${Object.keys(content).join(', ') || 'no content'}`);
    if (!type.endsWith('json')) return;
    let body: unknown;
    try {
      body = JSON.parse(res.body);
    } catch {
      return found('body not the declared schema', 'not JSON');
    }
    const validate = this.validator(`${op.key} ${status} ${type}`, content[type]!.schema ?? {});
    if (!validate(body)) {
      const e = validate.errors?.[0];
      found('body not the declared schema', `${e?.instancePath || '/'} ${e?.message ?? ''}`);
    }
  }

  private validator(key: string, schema: unknown) {
    let v = this.validators.get(key);
    if (!v) {
      const rooted = JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openapi#/components/')) as JsonObject;
      v = this.ajv.compile(rooted);
      this.validators.set(key, v);
    }
    return v;
  }
}
