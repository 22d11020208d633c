import { valuePattern, WAF_API_SCHEMA_RULE_IDS, type WafApiOperation, type WafApiParameter, type WafEdgeApiSchema } from '@netloom/domain';

/** The tag every zero-trust rule carries: the console finds its refusals by it. */
const TAG = 'netloom/zero-trust-api';

/** Text for a rule's msg: no quote, backslash or '%' (a macro), no control character. */
const m = (v: string) => v.replace(/['"\\%]/g, '').replace(/\p{Cc}/gu, ' ');

/** A pattern's core without its anchors (a path parameter sits inside the path's pattern). */
const core = (p: WafApiParameter | undefined) => {
  const pattern = p ? valuePattern(p.value) : null;
  return pattern ? pattern.slice(1, -1) : '[^/]+';
};

/**
 * The pattern REQUEST_FILENAME must match for an operation: its literal characters (anything but
 * letters, digits, '/', '_' and '-' written as \xHH, so nothing in a path can end the rule) and
 * each `{parameter}` as its type allows (an integer id only digits), with an optional final '/'.
 */
export function pathPattern(op: WafApiOperation): string {
  const literal = (text: string) => [...text].map((c) => (/[A-Za-z0-9/_-]/.test(c) ? c : `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`)).join('');
  let out = '';
  let last = 0;
  for (const match of op.path.matchAll(/\{([^}]+)\}/g)) {
    out += literal(op.path.slice(last, match.index)) + core(op.path_params.find((p) => p.name === match[1]));
    last = match.index + match[0].length;
  }
  out += literal(op.path.slice(last));
  return `^${out}${op.path.endsWith('/') ? '' : '/?'}$`;
}

/** Operations most specific first: `/users/me` is tried before `/users/{id}`. */
const specificity = (op: WafApiOperation) => op.path.split('/').filter((s) => s && !s.includes('{')).length;

const SCALAR = new Set(['string', 'integer', 'number', 'boolean']);

/**
 * The ModSecurity rules that enforce an application's documented API (zero-trust API). Each
 * request is matched to one documented operation by method and path (tx.zt_op); a request that
 * matches none is refused (or, in log mode, reported), then the matched operation's checks run:
 * query parameters declared and of their type, required ones present, the body's media type and,
 * for JSON, its top-level properties (ModSecurity names them ARGS:json.<name>). OPTIONS requests
 * (CORS preflights) are not checked.
 */
export function apiSchemaRules(schema: WafEdgeApiSchema): string[] {
  const action = schema.mode === 'block' ? 'deny,status:403' : 'pass';
  let id: number = WAF_API_SCHEMA_RULE_IDS.from;
  const next = () => id++;
  const ops = schema.operations.map((op, i) => ({ op, k: i + 1 })).sort((a, b) => specificity(b.op) - specificity(a.op));
  const lines = [
    `# Zero-trust API: ${schema.operations.length} documented operations, ${schema.mode === 'block' ? 'refusing' : 'reporting'} the rest.`,
    `SecRule REQUEST_METHOD "@streq OPTIONS" "id:${next()},phase:2,pass,nolog,t:none,setvar:tx.zt_op=0"`,
  ];
  for (const { op, k } of ops) {
    const methods = op.method === 'GET' ? 'GET|HEAD' : op.method;
    lines.push(
      `SecRule REQUEST_METHOD "@rx ^(?:${methods})$" "id:${next()},phase:2,pass,nolog,t:none,chain"`,
      '  SecRule &TX:zt_op "@eq 0" "chain"',
      `  SecRule REQUEST_FILENAME "@rx ${pathPattern(op)}" "t:none,setvar:tx.zt_op=${k}"`,
    );
  }
  const refuse = (msg: string, logdata: string) =>
    `id:${next()},phase:2,${action},log,auditlog,t:none,msg:'Zero-trust API: ${m(msg)}',logdata:'${logdata}',tag:'${TAG}',severity:2`;
  lines.push(`SecRule &TX:zt_op "@eq 0" "${refuse('no documented operation', '%{REQUEST_METHOD} %{REQUEST_FILENAME}')}"`);

  const checks: { k: number; msg: string; logdata: string; chain: string[] }[] = [];
  for (const { op, k } of ops) {
    const of = `${op.method} ${op.path}`;
    const gate = (msg: string, logdata: string, ...chain: string[]) => checks.push({ k, msg, logdata, chain });
    if (!op.query_open)
      gate(`query parameter not declared by ${of}`, '%{MATCHED_VAR}', `SecRule ARGS_GET_NAMES "!@rx ^(?:${op.query.map((q) => q.name).join('|')})$" "t:none"`);
    for (const q of op.query) {
      if (q.required) gate(`required query parameter missing for ${of}`, q.name, `SecRule &ARGS_GET:${q.name} "@eq 0" "t:none"`);
      const pattern = valuePattern(q.value);
      if (pattern) gate(`query parameter of the wrong type for ${of}`, `${q.name}: %{MATCHED_VAR}`, `SecRule ARGS_GET:${q.name} "!@rx ${pattern}" "t:none"`);
      if (q.value.max_length !== null)
        gate(`query parameter too long for ${of}`, q.name, `SecRule ARGS_GET:${q.name} "@gt ${q.value.max_length}" "t:none,t:length"`);
    }
    const body = op.body;
    if (!body) continue;
    if (body.required) gate(`request body missing for ${of}`, '%{REQUEST_METHOD} %{REQUEST_FILENAME}', 'SecRule REQUEST_BODY_LENGTH "@eq 0" "t:none"');
    if (body.media.length) {
      const media = body.media.map((t) => t.replace(/[.+]/g, (c) => `\\${c}`)).join('|');
      gate(
        `media type not accepted by ${of}`,
        '%{MATCHED_VAR}',
        'SecRule REQUEST_BODY_LENGTH "!@eq 0" "chain"',
        `SecRule REQUEST_HEADERS:Content-Type "!@rx ^(?:${media})\\s*(?:;|$)" "t:none,t:lowercase"`,
      );
    }
    if (!body.json) continue;
    const json = 'SecRule REQUEST_HEADERS:Content-Type "@rx json" "t:none,t:lowercase,chain"';
    for (const p of body.json.properties) {
      const scalar = SCALAR.has(p.value.type);
      const target = scalar ? `ARGS:json.${p.name}` : `ARGS:/^json.${p.name}/`;
      if (p.required) gate(`required body property missing for ${of}`, p.name, json, `SecRule &${target} "@eq 0" "t:none"`);
      const pattern = scalar ? valuePattern(p.value) : null;
      if (pattern)
        gate(`body property of the wrong type for ${of}`, `${p.name}: %{MATCHED_VAR}`, json, `SecRule ARGS:json.${p.name} "!@rx ${pattern}" "t:none"`);
      if (scalar && p.value.max_length !== null) {
        gate(`body property too long for ${of}`, p.name, json, `SecRule ARGS:json.${p.name} "@gt ${p.value.max_length}" "t:none,t:length"`);
      }
    }
    if (!body.json.additional) {
      const names = body.json.properties.map((p) => p.name).join('|');
      gate(
        `body property not declared by ${of}`,
        '%{MATCHED_VAR}',
        json,
        `SecRule ARGS_NAMES "@rx ^json\\.${names ? `(?!(?:${names})(?:\\.|$))` : ''}" "t:none"`,
      );
    }
  }
  // The id range bounds the checks: a document past it has its first operations' checks only (its endpoints are all still enforced).
  for (const c of checks) {
    if (id > WAF_API_SCHEMA_RULE_IDS.to) break;
    lines.push(`SecRule TX:zt_op "@eq ${c.k}" "${refuse(c.msg, c.logdata)},chain"`, ...c.chain.map((r) => `  ${r}`));
  }
  return lines;
}
