import { z } from 'zod';
import { statingRules } from '../validators/documented';
import { storableText } from '../validators/storable-text';
import type { WafApiOperation, WafApiParameter } from './api-schema';

/**
 * Vulnerability testing (QShield › API Security › Vulnerability testing): a bounded, rate-limited
 * active test of one application's documented operations, sent by one of its edges straight to
 * the application's origin (not through the edge's own WAF, which would refuse the probes). The
 * server makes the plan from the document's contract (planVulnProbes), the edge sends it in order
 * at the run's rate and judges the answers (judgeVulnAnswers); only read operations (GET) are
 * sent, so a test never changes the application's data.
 */
export const WAF_VULN_CHECKS = ['bola', 'auth', 'injection', 'errors', 'headers'] as const;
export type WafVulnCheck = (typeof WAF_VULN_CHECKS)[number];

/** Each check with the OWASP API Security Top 10 (2023) risk it finds. */
export const WAF_VULN_CHECK_INFO = {
  bola: { label: 'Broken object-level authorisation', owasp: 'API1:2023', owasp_name: 'Broken Object Level Authorization' },
  auth: { label: 'Missing authentication', owasp: 'API2:2023', owasp_name: 'Broken Authentication' },
  injection: { label: 'Injection', owasp: 'API8:2023', owasp_name: 'Security Misconfiguration' },
  errors: { label: 'Verbose errors', owasp: 'API8:2023', owasp_name: 'Security Misconfiguration' },
  headers: { label: 'Missing security headers', owasp: 'API8:2023', owasp_name: 'Security Misconfiguration' },
} as const satisfies Record<WafVulnCheck, { label: string; owasp: string; owasp_name: string }>;

/** A run's bounds: requests, rate and time. */
export const WAF_VULN_LIMITS = { max_requests: 500, max_rate_per_s: 10, time_limit_s: 600 } as const;

export const WAF_VULN_SEVERITIES = ['critical', 'high', 'medium', 'low'] as const;
export type WafVulnSeverity = (typeof WAF_VULN_SEVERITIES)[number];

export const VULN_BOLA_ACCOUNTS_RULE = 'Broken object-level authorisation needs two test accounts (A and B)';

const SAFE_NAME = /^[A-Za-z0-9_-]{1,64}$/;

/** A test account: the Authorization header value its requests carry (a secret: stored sealed, never shown back). */
const accountSchema = storableText()
  .trim()
  .min(1)
  .max(4096)
  .regex(/^[\x21-\x7e][\x20-\x7e]*$/, 'An Authorization header value: printable characters only')
  .nullable()
  .default(null);

export const wafVulnTestInputSchema = statingRules(
  z.object({
    application_id: z.string().uuid(),
    edge_id: z.string().uuid().describe('The edge that sends the probes to the application’s origin'),
    checks: z
      .array(z.enum(WAF_VULN_CHECKS))
      .min(1)
      .max(WAF_VULN_CHECKS.length)
      .default([...WAF_VULN_CHECKS]),
    account_a: accountSchema.describe('Account A’s Authorization header value (the owner of the sample objects)'),
    account_b: accountSchema.describe('Account B’s Authorization header value (must not reach account A’s objects)'),
    /** Values of path parameters, by name, that name objects of account A (for BOLA). */
    sample_params: z.record(z.string().regex(SAFE_NAME), storableText().trim().min(1).max(200)).default({}),
    rate_per_s: z.number().int().min(1).max(WAF_VULN_LIMITS.max_rate_per_s).default(5),
    max_requests: z.number().int().min(1).max(WAF_VULN_LIMITS.max_requests).default(200),
  }),
  [VULN_BOLA_ACCOUNTS_RULE],
);
export type WafVulnTestInput = z.infer<typeof wafVulnTestInputSchema>;

/** Why the input cannot run as it is (null: it can). */
export function vulnInputProblem(input: WafVulnTestInput): { field: string; message: string } | null {
  if (input.checks.includes('bola') && (!input.account_a || !input.account_b)) return { field: 'account_b', message: VULN_BOLA_ACCOUNTS_RULE };
  return null;
}

/** One request of a plan: which check it serves, what is sent and as whom. */
export interface WafVulnProbe {
  check: WafVulnCheck;
  method: 'GET';
  /** The path sent, with its query string. */
  path: string;
  /** The document's template it was made from. */
  template: string;
  /** The account it is sent as ('none': no Authorization header). */
  as: 'a' | 'b' | 'none';
  /** A CORS probe's Origin header. */
  origin?: string;
  /** An injection probe's marker (what its value carries). */
  marker?: string;
  /** BOLA: the index of account A's request for the same object. */
  pair?: number;
}

/** An answer the origin gave to a probe (null: none, a network error or a time-out). */
export interface WafVulnAnswer {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  /** The body's first bytes as text. */
  body: string;
}

export interface WafVulnFinding {
  check: WafVulnCheck;
  severity: WafVulnSeverity;
  owasp: string;
  owasp_name: string;
  title: string;
  method: string;
  path: string;
  template: string;
  status: number;
  /** A short excerpt of the answer, the test accounts' credentials taken out. */
  excerpt: string;
  hint: string;
}

export const CORS_PROBE_ORIGIN = 'https://probe.netloom.invalid';
const PROBE_PREFIX = 'nlv';

function sampleValue(p: WafApiParameter, samples: Record<string, string>): string {
  const given = samples[p.name];
  if (given !== undefined) return given;
  const v = p.value;
  if (v.enum?.[0]) return v.enum[0];
  if (v.uuid) return '00000000-0000-4000-8000-000000000001';
  if (v.type === 'integer' || v.type === 'number') return '1';
  if (v.type === 'boolean') return 'true';
  return 'test';
}

/** The value a type-invalid probe gives a parameter (an integer one a word; anything else something odd). */
const invalidValue = (p: WafApiParameter) => (p.value.type === 'integer' || p.value.type === 'number' || p.value.uuid ? 'not-a-number' : '%ff%00~');

const injectionValue = (marker: string) => `${marker}'"<${marker}>{{1337*7}}`;

function fill(template: string, params: WafApiParameter[], value: (p: WafApiParameter) => string): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const p = params.find((x) => x.name === name) ?? {
      name,
      required: true,
      value: { type: 'string', enum: null, uuid: false, max_length: null, nullable: false },
    };
    const raw = value(p as WafApiParameter);
    return raw.startsWith('%') ? raw : encodeURIComponent(raw);
  });
}

const withQuery = (path: string, query: [string, string][]) =>
  query.length === 0 ? path : `${path}?${query.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')}`;

/**
 * The requests a run sends, from the application's documented operations: read operations only,
 * each check's requests in turn, cut at the run's bound. BOLA asks each operation that names an
 * object as account A and then as B; missing authentication asks without credentials; injection
 * gives each parameter a probe value; verbose errors give parameters values of the wrong type;
 * security headers (and CORS) ask the first operation with a foreign Origin.
 */
export function planVulnProbes(ops: readonly Pick<WafApiOperation, 'method' | 'path' | 'path_params' | 'query'>[], input: WafVulnTestInput): WafVulnProbe[] {
  const reads = ops.filter((o) => o.method === 'GET');
  const samples = input.sample_params;
  const known = (o: (typeof reads)[number]) => fill(o.path, o.path_params, (p) => sampleValue(p, samples));
  const required = (o: (typeof reads)[number]): [string, string][] => o.query.filter((q) => q.required).map((q) => [q.name, sampleValue(q, samples)]);
  const signed = input.account_a ? ('a' as const) : ('none' as const);
  const plan: WafVulnProbe[] = [];
  const checks = new Set(input.checks);
  let n = 0;
  const marker = () => `${PROBE_PREFIX}${(n++).toString(36).padStart(4, '0')}`;
  if (checks.has('headers') && reads[0]) {
    const o = reads[0];
    plan.push({ check: 'headers', method: 'GET', path: withQuery(known(o), required(o)), template: o.path, as: signed, origin: CORS_PROBE_ORIGIN });
  }
  if (checks.has('bola') && input.account_a && input.account_b) {
    for (const o of reads.filter((r) => r.path_params.length > 0)) {
      const path = withQuery(known(o), required(o));
      plan.push({ check: 'bola', method: 'GET', path, template: o.path, as: 'a' });
      plan.push({ check: 'bola', method: 'GET', path, template: o.path, as: 'b', pair: plan.length - 1 });
    }
  }
  if (checks.has('auth')) {
    for (const o of reads) plan.push({ check: 'auth', method: 'GET', path: withQuery(known(o), required(o)), template: o.path, as: 'none' });
  }
  if (checks.has('injection')) {
    for (const o of reads) {
      for (const p of o.path_params.filter((x) => x.value.type === 'string' && !x.value.enum && !x.value.uuid)) {
        const m = marker();
        const path = fill(o.path, o.path_params, (x) => (x.name === p.name ? injectionValue(m) : sampleValue(x, samples)));
        plan.push({ check: 'injection', method: 'GET', path: withQuery(path, required(o)), template: o.path, as: signed, marker: m });
      }
      for (const q of o.query) {
        const m = marker();
        const query = [...required(o).filter(([k]) => k !== q.name), [q.name, injectionValue(m)] as [string, string]];
        plan.push({ check: 'injection', method: 'GET', path: withQuery(known(o), query), template: o.path, as: signed, marker: m });
      }
    }
  }
  if (checks.has('errors')) {
    for (const o of reads.filter((r) => r.path_params.length > 0 || r.query.length > 0)) {
      const path = fill(o.path, o.path_params, invalidValue);
      const query = o.query.map((q): [string, string] => [q.name, invalidValue(q)]);
      plan.push({ check: 'errors', method: 'GET', path: withQuery(path, query), template: o.path, as: signed });
    }
  }
  return plan.slice(0, Math.min(input.max_requests, WAF_VULN_LIMITS.max_requests));
}

/** Database errors an answer leaks (an injection reached a query, or an error page says too much). */
const SQL_ERRORS = [
  /You have an error in your SQL syntax/i,
  /SQLSTATE\[\w+\]/,
  /\bORA-\d{5}\b/,
  /PG::SyntaxError|syntax error at or near/i,
  /unterminated quoted string/i,
  /SQLITE_ERROR|sqlite3\.OperationalError/,
  /Unclosed quotation mark after the character string/i,
  /quoted string not properly terminated/i,
];
const STACK_TRACES = [
  /\n\s+at [\w$.<>]+ \(?[^\n]*:\d+:\d+\)?/,
  /Traceback \(most recent call last\)/,
  /\bat [\w$.]+\([\w$]+\.java:\d+\)/,
  /Exception in thread "/,
  /\.php on line \d+/,
];
const DEBUG_PAGES = [/Werkzeug Debugger/i, /Whoops! There was an error/i, /Django Version:/, /Action Controller: Exception caught/, /DEBUG\s*=\s*True/];
const INTERNAL_PATHS = [/\/(?:home|var\/www|usr\/src|srv|opt)\/[\w.-]+\//, /[A-Z]:\\(?:Users|inetpub|Windows)\\/, /node_modules\//];

const FIX = {
  bola: 'Check on every request that the signed-in account owns (or may read) the object the path names, not only that it is signed in',
  auth: 'Require authentication on this operation (or document it as public with `security: []` if it is meant to be)',
  sql: 'Use parameterised queries (bound parameters) for every value from the request, and never return database errors to clients',
  template: 'Never evaluate request values as templates: pass them as data to the template engine',
  reflected: 'Encode request values for the context they are written into (HTML-escape them), or answer JSON with its content type',
  errors: 'Answer errors with a generic message and an id; keep stack traces, SQL errors and file paths in the server’s log',
  nosniff: 'Send `X-Content-Type-Options: nosniff` on every answer',
  hsts: 'Send `Strict-Transport-Security: max-age=31536000; includeSubDomains` on HTTPS answers',
  framing: 'Send a Content-Security-Policy (with `frame-ancestors`) or `X-Frame-Options: DENY` on HTML answers',
  cors: 'Do not allow any origin (`*` or an echoed Origin) together with `Access-Control-Allow-Credentials: true`: list the trusted origins',
} as const;

/** The answer's text with the test accounts' credentials (whole, and their token after the scheme) taken out. */
export function redactCredentials(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) {
    for (const part of [s, s.replace(/^\S+\s+/, '')]) if (part.length >= 4) out = out.split(part).join('[redacted]');
  }
  return out;
}

const EXCERPT = 160;
function excerptAround(body: string, at: number, secrets: readonly string[]): string {
  const start = Math.max(0, at - 40);
  const piece = body.slice(start, start + EXCERPT).replace(/\s+/g, ' ');
  return redactCredentials(piece, secrets).trim();
}
const firstMatch = (body: string, patterns: readonly RegExp[]) => {
  for (const p of patterns) {
    const m = p.exec(body);
    if (m) return m.index;
  }
  return -1;
};
const ok = (a: WafVulnAnswer | null | undefined): a is WafVulnAnswer => !!a && a.status >= 200 && a.status < 300;
const hasBody = (a: WafVulnAnswer) => a.body.trim().length > 0;
const isHtml = (a: WafVulnAnswer) => /text\/html/i.test(a.headers['content-type'] ?? '');

export interface VulnJudgeContext {
  /** The origin is reached over HTTPS (HSTS expected). */
  https: boolean;
  /** The test accounts' Authorization values: never in a finding. */
  secrets: readonly string[];
}

/**
 * The findings of a run's answers (answers[i] is plan[i]'s), one per check, kind and operation:
 * BOLA when account B reads account A's object (2xx with a body, A reading it too); missing
 * authentication when an operation answers 2xx without credentials; injection when a probe
 * brings back a database error, its template evaluated or itself unescaped in HTML; verbose
 * errors when a 5xx body holds a stack trace, a debug page, a SQL error or an internal path;
 * security headers when the answer lacks nosniff, HSTS (HTTPS), a CSP or X-Frame-Options (HTML),
 * or allows any origin with credentials.
 */
export function judgeVulnAnswers(plan: readonly WafVulnProbe[], answers: readonly (WafVulnAnswer | null)[], ctx: VulnJudgeContext): WafVulnFinding[] {
  const found = new Map<string, WafVulnFinding>();
  const add = (
    key: string,
    probe: WafVulnProbe,
    a: WafVulnAnswer,
    f: { check: WafVulnCheck; severity: WafVulnSeverity; title: string; at: number; hint: string },
  ) => {
    const id = `${f.check}|${key}|${probe.template}`;
    if (found.has(id)) return;
    const info = WAF_VULN_CHECK_INFO[f.check];
    found.set(id, {
      check: f.check,
      severity: f.severity,
      owasp: info.owasp,
      owasp_name: info.owasp_name,
      title: f.title,
      method: probe.method,
      path: redactCredentials(probe.path, ctx.secrets),
      template: probe.template,
      status: a.status,
      excerpt: f.at < 0 ? '' : excerptAround(a.body, f.at, ctx.secrets),
      hint: f.hint,
    });
  };
  plan.forEach((probe, i) => {
    const a = answers[i];
    if (!a) return;
    if (probe.check === 'bola' && probe.as === 'b' && probe.pair !== undefined) {
      if (ok(a) && hasBody(a) && ok(answers[probe.pair])) {
        add('read', probe, a, { check: 'bola', severity: 'critical', title: 'Account B read an object of account A', at: 0, hint: FIX.bola });
      }
    }
    if (probe.check === 'auth' && ok(a)) {
      add('open', probe, a, { check: 'auth', severity: 'high', title: 'Answered without credentials', at: 0, hint: FIX.auth });
    }
    if (probe.check === 'injection' && probe.marker) {
      const sql = firstMatch(a.body, SQL_ERRORS);
      if (sql >= 0) add('sql', probe, a, { check: 'injection', severity: 'high', title: 'SQL error in the answer to a quote', at: sql, hint: FIX.sql });
      const evaluated = a.body.indexOf(`<${probe.marker}>9359`);
      if (evaluated >= 0)
        add('template', probe, a, { check: 'injection', severity: 'critical', title: 'Template expression evaluated', at: evaluated, hint: FIX.template });
      const reflected = a.body.indexOf(`<${probe.marker}>`);
      if (reflected >= 0 && evaluated < 0 && !/json/i.test(a.headers['content-type'] ?? '')) {
        add('reflected', probe, a, { check: 'injection', severity: 'medium', title: 'Probe reflected unescaped', at: reflected, hint: FIX.reflected });
      }
    }
    if (a.status >= 500) {
      const at = firstMatch(a.body, [...STACK_TRACES, ...DEBUG_PAGES, ...SQL_ERRORS, ...INTERNAL_PATHS]);
      if (at >= 0) add('verbose', probe, a, { check: 'errors', severity: 'medium', title: 'Internal details in an error answer', at, hint: FIX.errors });
    }
    if (probe.check === 'headers') {
      const h = a.headers;
      const site = (key: string, title: string, hint: string, severity: WafVulnSeverity = 'low') =>
        add(key, { ...probe, template: '*' }, a, { check: 'headers', severity, title, at: -1, hint });
      if ((h['x-content-type-options'] ?? '').toLowerCase() !== 'nosniff') site('nosniff', 'No X-Content-Type-Options: nosniff', FIX.nosniff);
      if (ctx.https && !h['strict-transport-security']) site('hsts', 'No Strict-Transport-Security on HTTPS', FIX.hsts);
      if (isHtml(a) && !h['content-security-policy'] && !h['x-frame-options']) site('framing', 'HTML without a CSP or X-Frame-Options', FIX.framing);
      const allowed = h['access-control-allow-origin'];
      if ((allowed === '*' || allowed === probe.origin) && (h['access-control-allow-credentials'] ?? '').toLowerCase() === 'true') {
        site('cors', 'Any origin allowed with credentials', FIX.cors, 'high');
      }
    }
  });
  const order = (s: WafVulnSeverity) => WAF_VULN_SEVERITIES.indexOf(s);
  return [...found.values()].sort((x, y) => order(x.severity) - order(y.severity));
}

/** What an edge answers a vuln-test job with (its job_result output, JSON). */
export const wafVulnReportSchema = z.object({
  sent: z.number().int().min(0),
  /** The run stopped before its plan's end: why. */
  stopped: z.string().max(200).nullable().default(null),
  findings: z
    .array(
      z.object({
        check: z.enum(WAF_VULN_CHECKS),
        severity: z.enum(WAF_VULN_SEVERITIES),
        owasp: z.string().max(20),
        owasp_name: z.string().max(80),
        title: z.string().max(120),
        method: z.string().max(10),
        path: z.string().max(2000),
        template: z.string().max(600),
        status: z.number().int(),
        excerpt: z.string().max(400),
        hint: z.string().max(400),
      }),
    )
    .max(100),
  /** Findings left out to keep the report within a job answer. */
  left_out: z.number().int().min(0).default(0),
});
export type WafVulnReport = z.infer<typeof wafVulnReportSchema>;

/** The report as a job answer's text, within `max` characters: the least severe findings are left out first (they are sorted). */
export function packVulnReport(r: { sent: number; stopped: string | null; findings: WafVulnFinding[] }, max = 9_500): string {
  let kept = r.findings.slice(0, 100);
  for (;;) {
    const text = JSON.stringify({ sent: r.sent, stopped: r.stopped, findings: kept, left_out: r.findings.length - kept.length });
    if (text.length <= max || kept.length === 0) return text;
    kept = kept.slice(0, -1);
  }
}

/** A running test's progress, as the edge tells it (a job_output's data): requests sent so far. */
export const wafVulnProgressSchema = z.object({ sent: z.number().int().min(0).max(WAF_VULN_LIMITS.max_requests) });

/** What a job of the waf_vuln_test kind carries to the edge. */
export const wafVulnJobSchema = z.object({
  application_id: z.string().uuid(),
  /** The origin the probes go to, straight (not through the edge's WAF), and the Host they name. */
  origin: z.string().url(),
  host: z.string().max(253),
  plan: z.array(z.custom<WafVulnProbe>((v) => typeof v === 'object' && v !== null)).max(WAF_VULN_LIMITS.max_requests),
  rate_per_s: z.number().min(0.1).max(WAF_VULN_LIMITS.max_rate_per_s),
  time_limit_s: z.number().int().min(1).max(WAF_VULN_LIMITS.time_limit_s),
  /** The test accounts' Authorization values, each under `secret` so that the job's stored payload seals it. */
  accounts: z.object({ a: z.object({ secret: z.string() }).nullable(), b: z.object({ secret: z.string() }).nullable() }),
});
export type WafVulnJob = z.infer<typeof wafVulnJobSchema>;

export const WAF_VULN_RUN_STATES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;

const findingSchema = wafVulnReportSchema.shape.findings.element;

/** A run as the API answers it (its accounts only said set or not). */
export const wafVulnRunSchema = z.object({
  id: z.string().uuid(),
  application_id: z.string().uuid(),
  application: z.string(),
  edge_id: z.string().uuid(),
  edge: z.string(),
  checks: z.array(z.enum(WAF_VULN_CHECKS)),
  rate_per_s: z.number().int(),
  state: z.enum(WAF_VULN_RUN_STATES),
  planned: z.number().int(),
  sent: z.number().int(),
  findings: z.number().int(),
  accounts: z.object({ a: z.enum(['set']).nullable(), b: z.enum(['set']).nullable() }),
  started_by: z.string().nullable(),
  started_at: z.string(),
  ended_at: z.string().nullable(),
  end_reason: z.string().nullable(),
});
export type WafVulnRun = z.infer<typeof wafVulnRunSchema>;

export const wafVulnRunDetailSchema = wafVulnRunSchema.extend({
  found: z.array(findingSchema),
  left_out: z.number().int(),
});
export type WafVulnRunDetail = z.infer<typeof wafVulnRunDetailSchema>;

/** events/vulnerabilities' findings by testing: each application's newest finished run's. */
export const wafTestedVulnerabilitySchema = findingSchema.extend({
  application_id: z.string().uuid(),
  application: z.string(),
  run_id: z.string().uuid(),
  tested_at: z.string(),
});
export type WafTestedVulnerability = z.infer<typeof wafTestedVulnerabilitySchema>;
