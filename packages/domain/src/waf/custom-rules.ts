/**
 * The customer's own rules are written in ModSecurity's SecLang, but only in a checked subset: one
 * `SecRule VARIABLES "OPERATOR" "ACTIONS"` line, variables, operators, transformations and actions
 * from the lists below, an id in the customer's range. Nothing that runs programs, reads files,
 * changes the engine or the Core Rule Set's own scores: a rule that passes here cannot break the
 * edge's nginx (it would fail `nginx -t` at worst, which the edge survives) nor reach beyond the
 * request it inspects.
 */

export const CUSTOM_RULE_VARIABLES = [
  'ARGS',
  'ARGS_NAMES',
  'ARGS_GET',
  'ARGS_GET_NAMES',
  'ARGS_POST',
  'ARGS_POST_NAMES',
  'QUERY_STRING',
  'REMOTE_ADDR',
  'REQUEST_BASENAME',
  'REQUEST_BODY',
  'REQUEST_COOKIES',
  'REQUEST_COOKIES_NAMES',
  'REQUEST_FILENAME',
  'REQUEST_HEADERS',
  'REQUEST_HEADERS_NAMES',
  'REQUEST_LINE',
  'REQUEST_METHOD',
  'REQUEST_PROTOCOL',
  'REQUEST_URI',
  'FILES',
  'FILES_NAMES',
] as const;

export const CUSTOM_RULE_OPERATORS = [
  'rx',
  'streq',
  'contains',
  'containsWord',
  'beginsWith',
  'endsWith',
  'within',
  'pm',
  'ipMatch',
  'eq',
  'ge',
  'gt',
  'le',
  'lt',
  'detectSQLi',
  'detectXSS',
] as const;

export const CUSTOM_RULE_TRANSFORMATIONS = [
  'none',
  'lowercase',
  'uppercase',
  'urlDecode',
  'urlDecodeUni',
  'htmlEntityDecode',
  'jsDecode',
  'cssDecode',
  'base64Decode',
  'hexDecode',
  'compressWhitespace',
  'removeWhitespace',
  'removeNulls',
  'replaceNulls',
  'trim',
  'normalizePath',
  'cmdLine',
  'length',
] as const;

/** The ids a customer's rules may take: below the Core Rule Set's (900000+) and the edge's own (the edge numbers its rules from 9 000 000). */
export const CUSTOM_RULE_ID_RANGE = [1, 99_999] as const;

const DISRUPTIVE = ['deny', 'block', 'pass', 'drop'] as const;
const FLAGS = ['log', 'nolog', 'auditlog', 'noauditlog', 'capture'];
const SEVERITIES = ['EMERGENCY', 'ALERT', 'CRITICAL', 'ERROR', 'WARNING', 'NOTICE', 'INFO', 'DEBUG'];

/** Every refusal of customRuleProblem, `{…}` where it names a value: the API document states them. */
export const CUSTOM_RULE_MESSAGES: readonly string[] = [
  'A custom rule is one line of printable text',
  `A custom rule reads: SecRule VARIABLES "@operator argument" "id:N,phase:2,deny,status:403,msg:'…'"`,
  "'{…}' is not a variable this editor takes (NAME or NAME:key)",
  '{…} is not one of the variables custom rules may inspect',
  'The operator should read "@name argument" (for example "@contains /admin")',
  '@{…} is not one of the operators custom rules may use',
  '@{…} needs an argument',
  '@{…} compares with a whole number',
  'The regular expression does not compile',
  'A quote is left open in the actions',
  'id should be a number',
  'id should be between {…} and {…}',
  'phase should be 1 (headers) or 2 (body)',
  'status should be a 4xx or 5xx code',
  '{…} should be quoted text of at most 200 characters without \\ " or %',
  'severity should be CRITICAL, ERROR, WARNING, NOTICE… or 0–7',
  't:{…} is not one of the transformations custom rules may use',
  'Only one of deny, block, pass or drop ({…} is there)',
  '{…} is not an action custom rules may take',
  'The rule needs an id (id:N)',
  'The rule needs a phase (phase:1 or phase:2)',
];

/** Splits on `sep` outside single quotes. */
function splitOutsideQuotes(text: string, sep: string): string[] | null {
  const out: string[] = [];
  let current = '';
  let quoted = false;
  for (const ch of text) {
    if (ch === "'") quoted = !quoted;
    if (ch === sep && !quoted) {
      out.push(current.trim());
      current = '';
    } else current += ch;
  }
  if (quoted) return null;
  out.push(current.trim());
  return out;
}

function variableProblem(spec: string): string | null {
  for (const part of spec.split('|')) {
    const m = /^(!|&)?([A-Z_]+)(?::([A-Za-z0-9_.\-[\]]{1,64}))?$/.exec(part);
    if (!m) return `'${part}' is not a variable this editor takes (NAME or NAME:key)`;
    if (!(CUSTOM_RULE_VARIABLES as readonly string[]).includes(m[2]!)) return `${m[2]} is not one of the variables custom rules may inspect`;
  }
  return null;
}

function operatorProblem(op: string): string | null {
  const m = /^!?@([A-Za-z]+)(?: (.*))?$/s.exec(op);
  if (!m) return 'The operator should read "@name argument" (for example "@contains /admin")';
  const [, name, arg = ''] = m;
  if (!(CUSTOM_RULE_OPERATORS as readonly string[]).includes(name!)) return `@${name} is not one of the operators custom rules may use`;
  if (!['detectSQLi', 'detectXSS'].includes(name!) && arg.trim() === '') return `@${name} needs an argument`;
  if (['eq', 'ge', 'gt', 'le', 'lt'].includes(name!) && !/^-?\d{1,12}$/.test(arg)) return `@${name} compares with a whole number`;
  if (name === 'rx') {
    // JavaScript's engine stands in for PCRE: leading inline flags are PCRE's only; what compiles
    // here and not there fails the edge's `nginx -t`, which keeps the previous policy.
    try {
      new RegExp(arg.replace(/^\(\?[imsx]+\)/, ''));
    } catch {
      return 'The regular expression does not compile';
    }
  }
  return null;
}

function actionProblem(action: string, seen: { id?: number; phase?: boolean; disruptive?: string }): string | null {
  const colon = action.indexOf(':');
  const name = colon < 0 ? action : action.slice(0, colon);
  const value = colon < 0 ? null : action.slice(colon + 1);
  const quoted = value !== null && /^'[^']*'$/.test(value) ? value.slice(1, -1) : value;
  switch (name) {
    case 'id': {
      if (!value || !/^\d{1,6}$/.test(value)) return 'id should be a number';
      const id = Number(value);
      if (id < CUSTOM_RULE_ID_RANGE[0] || id > CUSTOM_RULE_ID_RANGE[1]) return `id should be between ${CUSTOM_RULE_ID_RANGE[0]} and ${CUSTOM_RULE_ID_RANGE[1]}`;
      seen.id = id;
      return null;
    }
    case 'phase':
      if (value !== '1' && value !== '2' && value !== 'request') return 'phase should be 1 (headers) or 2 (body)';
      seen.phase = true;
      return null;
    case 'status':
      return value && /^[45]\d\d$/.test(value) ? null : 'status should be a 4xx or 5xx code';
    case 'msg':
    case 'tag':
    case 'logdata':
      return quoted !== null && quoted.length <= 200 && !/[\\"%]/.test(quoted)
        ? null
        : `${name} should be quoted text of at most 200 characters without \\ " or %`;
    case 'severity':
      return quoted && (SEVERITIES.includes(quoted.toUpperCase()) || /^[0-7]$/.test(quoted))
        ? null
        : 'severity should be CRITICAL, ERROR, WARNING, NOTICE… or 0–7';
    case 't':
      return value && (CUSTOM_RULE_TRANSFORMATIONS as readonly string[]).includes(value)
        ? null
        : `t:${value ?? ''} is not one of the transformations custom rules may use`;
    default:
      if ((DISRUPTIVE as readonly string[]).includes(name) && value === null) {
        if (seen.disruptive) return `Only one of deny, block, pass or drop (${seen.disruptive} is there)`;
        seen.disruptive = name;
        return null;
      }
      if (FLAGS.includes(name) && value === null) return null;
      return `${name} is not an action custom rules may take`;
  }
}

/** Why `text` is not a custom rule the edge may run, in words for its author; null when it is one. */
export function customRuleProblem(text: string): string | null {
  const line = text.trim();
  // Any control character (a line break, a NUL) would end the rule early in the edge's file.
  if ([...line].some((c) => c.charCodeAt(0) < 0x20)) return 'A custom rule is one line of printable text';
  const m = /^SecRule\s+(\S+)\s+"((?:[^"\\]|\\.)*)"\s+"((?:[^"\\]|\\.)*)"$/.exec(line);
  if (!m) return 'A custom rule reads: SecRule VARIABLES "@operator argument" "id:N,phase:2,deny,status:403,msg:\'…\'"';
  const [, variables, operator, actions] = m as unknown as [string, string, string, string];
  const problem = variableProblem(variables) ?? operatorProblem(operator.replace(/\\"/g, '"'));
  if (problem) return problem;
  const list = splitOutsideQuotes(actions, ',');
  if (!list) return 'A quote is left open in the actions';
  const seen: { id?: number; phase?: boolean; disruptive?: string } = {};
  for (const action of list) {
    const why = actionProblem(action, seen);
    if (why) return why;
  }
  if (seen.id === undefined) return 'The rule needs an id (id:N)';
  if (!seen.phase) return 'The rule needs a phase (phase:1 or phase:2)';
  return null;
}

/** The id of a checked custom rule. */
export const customRuleId = (text: string): number | null => {
  const id = /(?:^|[",])\s*id:(\d+)/.exec(text)?.[1];
  return id ? Number(id) : null;
};
