import path from 'node:path';
import { EDGE_RULE_IDS, WAF_RULE_GROUPS, type WafEdgeApplication, type WafExclusion, type WafSection } from '@netloom/domain';
import { apiSchemaRules } from './zero-trust-api';

/** Where the engine's parts are on a Debian box (libnginx-mod-http-modsecurity, modsecurity-crs, libnginx-mod-http-geoip2). */
export const DEBIAN_WAF_PATHS = {
  modsecurityModule: '/usr/lib/nginx/modules/ngx_http_modsecurity_module.so',
  geoip2Module: '/usr/lib/nginx/modules/ngx_http_geoip2_module.so',
  crsSetup: '/etc/modsecurity/crs/crs-setup.conf',
  crsRules: '/usr/share/modsecurity-crs/rules',
} as const;

/** The cookies nginx's secure_link reads a challenge pass from (`$cookie_…`); the agent's challenge page sets them. */
export const PASS_COOKIE = 'netloom_pass';
export const PASS_EXPIRES_COOKIE = 'netloom_pass_expires';

/** The ids the edge gives the helper rules it writes (above EDGE_RULE_IDS' own, in its 9 000 000 range). */
const EDGE_HELPER_IDS = {
  /** The paranoia level and anomaly thresholds. */
  setup: 9_000_100,
  /** An allowed address: the WAF does not inspect it. */
  ipAllow: 9_000_101,
  /** XML and JSON bodies parsed as such, and a body that cannot be parsed refused. */
  xmlBody: 9_000_102,
  jsonBody: 9_000_103,
  bodyError: 9_000_104,
  /** Exclusions under a path, one rule each from here. */
  exclusionsFrom: 9_000_200,
} as const;

/**
 * The methods the CRS lets through (911100): its default (GET HEAD POST OPTIONS) refuses the REST
 * verbs, which the APIs an edge protects use all day.
 */
const ALLOWED_METHODS = 'GET HEAD POST OPTIONS PUT PATCH DELETE';

export interface WafRenderOptions {
  /** nginx's prefix (-p): logs and temporary files live under it. */
  prefix: string;
  /** The directory the rendered files are written to (absolute): the files name each other by these paths. */
  confDir: string;
  /** Where the edge serves: its address, its HTTP port and its HTTPS port. */
  listen: { address: string; http: number; https: number };
  modules: { modsecurity: string; geoip2: string | null };
  crs: { setup: string; rules: string };
  /** The country database (MaxMind format, `country_code` records); null: country lists cannot be applied. */
  countryDb: string | null;
  /** Addresses of the load balancers in front of the edge whose X-Forwarded-For is believed (none: the peer is the client). */
  trustForwardedFrom?: string[];
  /** Where the agent's DPoP checker answers (127.0.0.1:port); null: DPoP cannot be applied. */
  dpopChecker: string | null;
  /** Where the agent's challenge issuer answers, and the secret its passes are made with; null: challenge lists cannot be applied. */
  challenger: { address: string; secret: string } | null;
  /** Where the agent's API guard answers (GraphQL limits, login protection) and the relay port it sends what it passes to; null: neither can be applied. */
  guard?: { address: string; relay: number } | null;
  /** Applications under a flood: their per-client rate is the DDoS section's strict one. */
  strict?: ReadonlySet<string>;
  /** Origins (url) the health checks found down, per application id. */
  down?: ReadonlyMap<string, ReadonlySet<string>>;
  /** nginx's worker processes ('auto' by default). */
  workers?: number | 'auto';
}

export interface RenderedFile {
  /** Relative to confDir. */
  name: string;
  content: string;
  mode: number;
}

/** The access log's format: one JSON object a line, read back by the edge's log tailer (waf-logs.ts). */
const ACCESS_LOG_FORMAT =
  '{"msec":$msec,"request_id":"$request_id","app":"$waf_app","host":"$host","client":"$remote_addr","method":"$request_method",' +
  '"uri":"$request_uri","status":$status,"bytes":$body_bytes_sent,"request_time":$request_time,"ua":"$http_user_agent",' +
  '"limit_req":"$limit_req_status","limit_conn":"$limit_conn_status","edge_rule":"$waf_edge_rule"' +
  ',"accept_language":"$http_accept_language"' +
  ',"accept_encoding":"$http_accept_encoding"' +
  ',"sec_ch_ua":"$http_sec_ch_ua"' +
  // The credentials are read by the agent alone (the file is the agent's, mode 0600), which keeps a fingerprint of them and never the value.
  ',"authorization":"$http_authorization"' +
  ',"x_api_key":"$http_x_api_key"' +
  ',"bot":"$waf_bot"' +
  '}';

const accessLogPath = (prefix: string) => path.join(prefix, 'logs', 'access.log');
const auditLogPath = (prefix: string, appId: string) => path.join(prefix, 'logs', `audit-${appId}.log`);
export const errorLogPath = (prefix: string) => path.join(prefix, 'logs', 'error.log');
export const pidPath = (prefix: string) => path.join(prefix, 'logs', 'nginx.pid');

/** A value inside a double-quoted SecLang or nginx string: neither can hold a raw quote or backslash (the schemas already refuse them). */
/** Free text (an application's or rule's name) made safe for a comment line: no quotes, backslashes or control characters, so it cannot end the line and start a directive. */
const q = (v: string) => v.replace(/["\\]/g, '').replace(/\p{Cc}/gu, ' ');

const hostPort = (url: string) => {
  const u = new URL(url);
  return { scheme: u.protocol.replace(':', ''), host: u.hostname, port: Number(u.port || (u.protocol === 'https:' ? 443 : 80)) };
};

/** The application's rules file for ModSecurity: the engine's settings, the edge's rules around the Core Rule Set, the customer's own. */
export function modsecurityRules(app: WafEdgeApplication, opts: Pick<WafRenderOptions, 'prefix' | 'crs'>): string {
  const p = app.policy;
  const lines: string[] = [
    `# Written by the Netloom agent for ${q(app.name)} (${app.id}); replaced whole at every push.`,
    `SecRuleEngine ${p.mode === 'blocking' ? 'On' : p.mode === 'detection' ? 'DetectionOnly' : 'Off'}`,
    'SecRequestBodyAccess On',
    'SecRequestBodyLimit 13107200',
    'SecRequestBodyNoFilesLimit 131072',
    // A body past the limit is inspected as far as the limit rather than refused: the origin decides what it takes.
    'SecRequestBodyLimitAction ProcessPartial',
    'SecResponseBodyAccess Off',
    'SecArgumentSeparator &',
    'SecCookieFormat 0',
    `SecTmpDir ${path.join(opts.prefix, 'tmp')}`,
    // Only what a rule matched (DetectionOnly: what it would have blocked) goes to the audit log.
    'SecAuditEngine RelevantOnly',
    'SecAuditLogRelevantStatus "^403$"',
    'SecAuditLogFormat JSON',
    'SecAuditLogType Serial',
    'SecAuditLogParts ABHZ',
    `SecAuditLog ${auditLogPath(opts.prefix, app.id)}`,
    `SecAction "id:${EDGE_HELPER_IDS.setup},phase:1,pass,nolog,t:none,setvar:tx.paranoia_level=${p.paranoia_level},setvar:tx.executing_paranoia_level=${p.paranoia_level},setvar:tx.inbound_anomaly_score_threshold=${p.inbound_threshold},setvar:tx.outbound_anomaly_score_threshold=${p.outbound_threshold},setvar:'tx.allowed_methods=${ALLOWED_METHODS}'"`,
    `Include ${opts.crs.setup}`,
    // ModSecurity parses a body as its content type says only when told: without these, a JSON API's arguments go uninspected.
    `SecRule REQUEST_HEADERS:Content-Type "@rx ^(?:application(?:/soap\\+|/)|text/)xml" "id:${EDGE_HELPER_IDS.xmlBody},phase:1,pass,nolog,t:none,t:lowercase,ctl:requestBodyProcessor=XML"`,
    `SecRule REQUEST_HEADERS:Content-Type "@rx ^application/(?:[a-z.+-]+\\+)?json" "id:${EDGE_HELPER_IDS.jsonBody},phase:1,pass,nolog,t:none,t:lowercase,ctl:requestBodyProcessor=JSON"`,
    // A body ModSecurity could not parse is one it could not inspect: refused (logged only in detection mode).
    `SecRule REQBODY_ERROR "!@eq 0" "id:${EDGE_HELPER_IDS.bodyError},phase:2,t:none,log,deny,status:400,msg:'Request body the WAF could not parse',logdata:'%{reqbody_error_msg}',severity:2"`,
  ];
  lines.push(...blockedApiKeys(app));
  if (p.ip_allow.length) {
    lines.push(`SecRule REMOTE_ADDR "@ipMatch ${p.ip_allow.join(',')}" "id:${EDGE_HELPER_IDS.ipAllow},phase:1,pass,nolog,t:none,ctl:ruleEngine=Off"`);
  }
  let next: number = EDGE_HELPER_IDS.exclusionsFrom;
  for (const e of p.exclusions.filter((e) => e.path !== null)) lines.push(exclusionUnderPath(e, next++));
  if (app.api_schema) lines.push(...apiSchemaRules(app.api_schema));
  for (const r of p.custom_rules.filter((r) => r.enabled)) lines.push(`# ${q(r.name)}`, r.rule.trim());
  lines.push(`Include ${path.join(opts.crs.rules, '*.conf')}`);
  for (const g of p.disabled_groups) lines.push(`SecRuleRemoveById ${WAF_RULE_GROUPS[g].ids[0]}-${WAF_RULE_GROUPS[g].ids[1]}`);
  for (const e of p.exclusions.filter((e) => e.path === null)) lines.push(exclusionEverywhere(e));
  return lines.join('\n') + '\n';
}

/**
 * The API keys the organisation refuses, by fingerprint: ModSecurity hashes the request's X-API-Key
 * and Authorization headers (t:sha1,t:hexEncode: what the agent logs as the key's fingerprint) and
 * refuses the request when one starts with a refused fingerprint. Only the hash is matched, so no
 * key is written anywhere. It refuses where ModSecurity blocks (detection mode logs it).
 */
function blockedApiKeys(app: WafEdgeApplication): string[] {
  if (!app.blocked_api_keys.length) return [];
  return [
    `SecRule REQUEST_HEADERS:X-API-Key|REQUEST_HEADERS:Authorization "@rx ^(?:${app.blocked_api_keys.join('|')})" "id:${EDGE_RULE_IDS.apiKeyBlock},phase:1,t:none,t:sha1,t:hexEncode,log,deny,status:403,msg:'API key refused',logdata:'fingerprint %{MATCHED_VAR}',severity:2"`,
  ];
}

/** An exclusion under a path: a rule that, for requests there, takes the rule (or its target) out before the CRS runs. */
function exclusionUnderPath(e: WafExclusion, id: number): string {
  const target = e.parameter ? `;ARGS:${e.parameter}` : '';
  const ctl =
    e.rule_id !== null ? `ctl:ruleRemove${target ? 'Target' : ''}ById=${e.rule_id}${target}` : `ctl:ruleRemove${target ? 'Target' : ''}ByTag=${e.tag}${target}`;
  return `SecRule REQUEST_FILENAME "@beginsWith ${e.path}" "id:${id},phase:1,pass,nolog,t:none,${ctl}"`;
}

/** An exclusion everywhere: the rule goes (or stops looking at the parameter), once the CRS has been read. */
function exclusionEverywhere(e: WafExclusion): string {
  if (e.rule_id !== null) return e.parameter ? `SecRuleUpdateTargetById ${e.rule_id} "!ARGS:${e.parameter}"` : `SecRuleRemoveById ${e.rule_id}`;
  return e.parameter ? `SecRuleUpdateTargetByTag "${e.tag}" "!ARGS:${e.parameter}"` : `SecRuleRemoveByTag "${e.tag}"`;
}

/** Whether an application's policy names a challenge list with any address in it. */
const challenges = (app: WafEdgeApplication) => app.threat_lists.some((l) => l.action === 'challenge' && l.cidrs.length > 0);

/** What nginx cannot do for a section on this box, as the push's error (null: it can). */
export function wafCannotRun(
  section: WafSection,
  opts: Pick<WafRenderOptions, 'countryDb' | 'modules' | 'dpopChecker' | 'challenger' | 'guard'>,
): string | null {
  const problems: string[] = [];
  const countries = section.applications.filter((a) => a.policy.country_allow.length || a.policy.country_deny.length);
  if (countries.length && (!opts.countryDb || !opts.modules.geoip2)) {
    problems.push(`country lists need nginx's geoip2 module and a country database (${countries.map((a) => a.name).join(', ')})`);
  }
  const dpop = section.applications.filter((a) => a.policy.dpop.enabled && a.policy.dpop.paths.length);
  if (dpop.length && !opts.dpopChecker) problems.push(`DPoP needs the agent's proof checker (${dpop.map((a) => a.name).join(', ')})`);
  const guarded = section.applications.filter((a) => guardedPaths(a).length);
  if (guarded.length && !opts.guard) problems.push(`GraphQL limits and login protection need the agent's API guard (${guarded.map((a) => a.name).join(', ')})`);
  const challenged = section.applications.filter(challenges);
  if (challenged.length && !opts.challenger) problems.push(`challenge lists need the agent's challenge issuer (${challenged.map((a) => a.name).join(', ')})`);
  return problems.length ? `waf: ${problems.join('; ')}` : null;
}

/** The locations of an application: '/' and each path a rate limit or DPoP names, each with every limit whose path covers it. */
function locations(app: WafEdgeApplication, i: number, opts: WafRenderOptions): string[] {
  const p = app.policy;
  const dpopPaths = p.dpop.enabled ? p.dpop.paths : [];
  const paths = [...new Set(['/', ...p.rate_limits.map((r) => r.path), ...dpopPaths])].sort();
  const strict = opts.strict?.has(app.id) ?? false;
  const scheme = hostPort(app.origins[0]!.url).scheme;
  const limits = (at: string) => {
    const body: string[] = [];
    p.rate_limits.forEach((r, j) => {
      if (at.startsWith(r.path)) body.push(`limit_req zone=rl_${i}_${j}${r.burst ? ` burst=${r.burst}` : ''} nodelay;`);
    });
    if (p.ddos.enabled) {
      const rps = strict ? p.ddos.strict_requests_per_second_per_client : p.ddos.requests_per_second_per_client;
      body.push(`limit_req zone=ddos_${i} burst=${rps} nodelay;`);
    }
    botRateLists(app).forEach((_, j) => body.push(`limit_req zone=bot_${i}_${j} nodelay;`));
    if (dpopPaths.some((d) => at.startsWith(d))) body.push('auth_request /.netloom-dpop;');
    return body;
  };
  const proxied = paths.flatMap((at) => {
    const body = [...limits(at), `proxy_pass ${scheme}://waf_app_${i};`];
    return [`    location ${at === '/' ? '/' : `^~ ${at}`} {`, ...body.map((l) => `      ${l}`), '    }'];
  });
  // GraphQL and login paths go through the agent's API guard (after ModSecurity), which sends what it passes to the relay.
  const guarded = opts.guard
    ? guardedPaths(app).flatMap((at) => {
        const body = [
          ...limits(at),
          `proxy_pass http://${opts.guard!.address};`,
          // A location's proxy_set_header replaces every one it would inherit: the http level's are said again.
          'proxy_set_header Connection "";',
          'proxy_set_header Host $host;',
          'proxy_set_header X-Request-Id $request_id;',
          'proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
          'proxy_set_header X-Forwarded-Proto $scheme;',
          `proxy_set_header X-Waf-App "${app.id}";`,
          'proxy_set_header X-Real-IP $remote_addr;',
          'proxy_request_buffering on;',
        ];
        return [`    location = ${at} {`, ...body.map((l) => `      ${l}`), '    }'];
      })
    : [];
  return [...proxied, ...guarded];
}

/** The paths of an application the API guard watches: its GraphQL endpoints and login endpoints. */
const guardedPaths = (app: WafEdgeApplication) => [
  ...new Set([
    ...(app.policy.graphql.enabled ? app.policy.graphql.paths : []),
    ...(app.policy.login_protection.enabled ? app.policy.login_protection.endpoints.map((e) => e.path) : []),
  ]),
];

/**
 * The relay: a loopback-only server that proxies a request the API guard passed to its
 * application's upstream (named by the guard's X-Waf-App header), without inspecting or logging it
 * again (the front server did both).
 */
function relayServer(apps: readonly WafEdgeApplication[], opts: WafRenderOptions): string[] {
  if (!opts.guard || !apps.some((a) => guardedPaths(a).length)) return [];
  return [
    '  map $http_x_waf_app $waf_relay {',
    '    default "";',
    ...apps.map((a, i) => `    "${a.id}" ${hostPort(a.origins[0]!.url).scheme}://waf_app_${i};`),
    '  }',
    '  server {',
    `    listen 127.0.0.1:${opts.guard.relay};`,
    '    access_log off;',
    '    modsecurity off;',
    '    location / {',
    '      if ($waf_relay = "") { return 421; }',
    '      proxy_set_header X-Forwarded-For $http_x_forwarded_for;',
    '      proxy_set_header X-Forwarded-Proto $http_x_forwarded_proto;',
    '      proxy_set_header X-Request-Id $http_x_request_id;',
    '      proxy_set_header X-Waf-App "";',
    '      proxy_set_header X-Real-IP "";',
    '      proxy_pass $waf_relay;',
    '    }',
    '  }',
  ];
}

/**
 * A challenge-listed client without a valid pass gets the challenge page instead of the
 * application: nginx checks the pass itself (secure_link: MD5 of its expiry, the client's address,
 * the application and the issuer's secret), so only clients that still need one reach the agent.
 */
function challengeCheck(app: WafEdgeApplication, i: number, opts: WafRenderOptions): string[] {
  if (!challenges(app) || !opts.challenger) return [];
  return [
    `    secure_link $cookie_${PASS_COOKIE},$cookie_${PASS_EXPIRES_COOKIE};`,
    `    secure_link_md5 "$secure_link_expires$remote_addr$waf_app ${opts.challenger.secret}";`,
    `    if ($waf_challenge_${i}) { rewrite ^ /.netloom-challenge last; }`,
  ];
}

/** One application's server: its domains on the edge's HTTP port (and HTTPS with its certificate), the deny lists, ModSecurity, its locations. */
function server(app: WafEdgeApplication, i: number, opts: WafRenderOptions): string[] {
  const p = app.policy;
  const { address, http, https } = opts.listen;
  const lines = [
    '  server {',
    `    listen ${address}:${http};`,
    ...(app.tls
      ? [
          `    listen ${address}:${https} ssl;`,
          `    ssl_certificate ${path.join(opts.confDir, 'tls', `${app.id}.crt`)};`,
          `    ssl_certificate_key ${path.join(opts.confDir, 'tls', `${app.id}.key`)};`,
        ]
      : []),
    `    server_name ${app.domains.join(' ')};`,
    `    set $waf_app "${app.id}";`,
    `    set $waf_edge_rule $waf_deny_${i};`,
    `    set $waf_bot $waf_bot_${i};`,
    // The lists are the edge's own and hold in every mode: a denied client never reaches the WAF or the origin.
    `    if ($waf_deny_${i}) { return 403; }`,
    ...challengeCheck(app, i, opts),
    `    modsecurity ${p.mode === 'off' ? 'off' : 'on'};`,
    `    modsecurity_transaction_id "$request_id";`,
    `    modsecurity_rules_file ${path.join(opts.confDir, `modsec-${app.id}.conf`)};`,
    ...(p.ddos.enabled ? [`    limit_conn conn_${i} ${p.ddos.connections_per_client};`] : []),
    ...locations(app, i, opts),
  ];
  if (challenges(app) && opts.challenger) {
    lines.push(
      '    location = /.netloom-challenge {',
      '      internal;',
      '      modsecurity off;',
      `      set $waf_edge_rule ${EDGE_RULE_IDS.threatChallenge};`,
      `      proxy_pass http://${opts.challenger.address}/challenge;`,
      '      proxy_pass_request_body off;',
      '      proxy_set_header Content-Length "";',
      '      proxy_set_header X-Real-IP $remote_addr;',
      `      proxy_set_header X-Waf-App "${app.id}";`,
      '    }',
    );
  }
  if (p.dpop.enabled && p.dpop.paths.length) {
    lines.push(
      '    location = /.netloom-dpop {',
      '      internal;',
      `      proxy_pass http://${opts.dpopChecker}/check;`,
      '      proxy_pass_request_body off;',
      '      proxy_set_header Content-Length "";',
      '      proxy_set_header X-Original-Method $request_method;',
      '      proxy_set_header X-Original-Url $scheme://$host$request_uri;',
      '      proxy_set_header X-Request-Id $request_id;',
      `      proxy_set_header X-Waf-App "${app.id}";`,
      `      proxy_set_header X-Dpop-Max-Age "${p.dpop.max_age_seconds}";`,
      '    }',
    );
  }
  lines.push('  }');
  return lines;
}

/** Bot protection's lists whose addresses the edge limits to a rate. */
const botRateLists = (app: WafEdgeApplication) => app.threat_lists.filter((l) => l.action === 'rate_limit' && l.cidrs.length > 0);

/**
 * Bot protection's managed lists at the http level: the class each listed address is (logged on its
 * requests), and for a rate-limited class a limit zone keyed by the address for listed clients and
 * by '' for the others (nginx counts no request whose key is empty). An allowed address is never limited.
 */
function botLists(app: WafEdgeApplication, i: number): string[] {
  const classed = app.threat_lists.filter((l) => l.bot_class && l.cidrs.length > 0);
  const lines = [`  geo $waf_bot_${i} {`, '    default "";', ...classed.flatMap((l) => l.cidrs.map((c) => `    ${c} ${l.bot_class};`)), '  }'];
  botRateLists(app).forEach((l, j) => {
    lines.push(
      `  geo $waf_bot_listed_${i}_${j} {`,
      '    default 0;',
      ...l.cidrs.map((c) => `    ${c} 1;`),
      ...app.policy.ip_allow.map((c) => `    ${c} 0;`),
      '  }',
      `  map $waf_bot_listed_${i}_${j} $waf_bot_key_${i}_${j} {`,
      '    default "";',
      '    1 $binary_remote_addr;',
      '  }',
      `  limit_req_zone $waf_bot_key_${i}_${j} zone=bot_${i}_${j}:1m rate=${l.requests_per_minute ?? 60}r/m;`,
    );
  });
  return lines;
}

/** The http-level parts of an application: its upstream, its limit zones and what its deny lists decide for an address. */
function appHttpLevel(app: WafEdgeApplication, i: number, opts: WafRenderOptions): string[] {
  const p = app.policy;
  const down = opts.down?.get(app.id);
  const lines = [
    `  upstream waf_app_${i} {`,
    ...app.origins.map((o) => {
      const { host, port } = hostPort(o.url);
      return `    server ${host}:${port} weight=${o.weight} max_fails=3 fail_timeout=10s${down?.has(o.url) ? ' down' : ''};`;
    }),
    '    keepalive 16;',
    '  }',
  ];
  p.rate_limits.forEach((r, j) => lines.push(`  limit_req_zone $binary_remote_addr zone=rl_${i}_${j}:1m rate=${r.requests_per_minute}r/m;`));
  if (p.ddos.enabled) {
    const rps = opts.strict?.has(app.id) ? p.ddos.strict_requests_per_second_per_client : p.ddos.requests_per_second_per_client;
    lines.push(`  limit_conn_zone $binary_remote_addr zone=conn_${i}:1m;`, `  limit_req_zone $binary_remote_addr zone=ddos_${i}:1m rate=${rps}r/s;`);
  }
  lines.push(...botLists(app, i));
  const threat = app.threat_lists.filter((l) => l.action === 'deny').flatMap((l) => l.cidrs);
  // An allowed address is never denied by address; a more specific entry wins within the geo block.
  lines.push(
    `  geo $waf_ip_${i} {`,
    '    default 0;',
    ...threat.map((c) => `    ${c} ${EDGE_RULE_IDS.threatList};`),
    ...p.ip_deny.map((c) => `    ${c} ${EDGE_RULE_IDS.ipDeny};`),
    ...p.ip_allow.map((c) => `    ${c} 0;`),
    '  }',
  );
  if (challenges(app) && opts.challenger) {
    // $secure_link: '1' for a good pass, '0' for an expired one, '' for none or a forged one.
    lines.push(
      `  geo $waf_challenge_list_${i} {`,
      '    default 0;',
      ...app.threat_lists.filter((l) => l.action === 'challenge').flatMap((l) => l.cidrs.map((c) => `    ${c} 1;`)),
      ...p.ip_allow.map((c) => `    ${c} 0;`),
      '  }',
      `  map "$waf_challenge_list_${i}:$secure_link" $waf_challenge_${i} {`,
      '    default 0;',
      '    "~^1:0?$" 1;',
      '  }',
    );
  }
  if (p.country_allow.length || p.country_deny.length) {
    // A client whose country is not known (a private address, an unlisted block) is judged by the deny list only.
    const byCountry = p.country_allow.length
      ? [
          `    default ${EDGE_RULE_IDS.countryDeny};`,
          '    "" 0;',
          ...p.country_allow.map((c) => `    ${c} 0;`),
          ...p.country_deny.map((c) => `    ${c} ${EDGE_RULE_IDS.countryDeny};`),
        ]
      : ['    default 0;', ...p.country_deny.map((c) => `    ${c} ${EDGE_RULE_IDS.countryDeny};`)];
    lines.push(`  map $waf_country $waf_country_${i} {`, ...byCountry, '  }');
    lines.push(`  geo $waf_allowed_${i} {`, '    default 0;', ...p.ip_allow.map((c) => `    ${c} 1;`), '  }');
    // The address decides first (allowed, or denied by a list), then the country.
    lines.push(
      `  map "$waf_allowed_${i}:$waf_ip_${i}:$waf_country_${i}" $waf_deny_${i} {`,
      '    default 0;',
      '    "~^0:([1-9][0-9]*):" $1;',
      '    "~^0:0:([1-9][0-9]*)$" $1;',
      '  }',
    );
  } else {
    lines.push(`  map $waf_ip_${i} $waf_deny_${i} {`, '    default $waf_ip_' + i + ';', '  }');
  }
  return lines;
}

/** The edge's nginx.conf and the files it names: one server per application, each with its ModSecurity rules file and certificate. */
export function renderWaf(section: WafSection, opts: WafRenderOptions): RenderedFile[] {
  const apps = section.applications;
  const countries = apps.some((a) => a.policy.country_allow.length || a.policy.country_deny.length);
  const tmp = (what: string) => path.join(opts.prefix, 'tmp', what);
  const conf: string[] = [
    '# Written by the Netloom agent (waf-edge); replaced whole at every push.',
    `load_module ${opts.modules.modsecurity};`,
    ...(opts.modules.geoip2 && opts.countryDb ? [`load_module ${opts.modules.geoip2};`] : []),
    `worker_processes ${opts.workers ?? 'auto'};`,
    `error_log ${errorLogPath(opts.prefix)} warn;`,
    `pid ${pidPath(opts.prefix)};`,
    'events { worker_connections 4096; }',
    'http {',
    `  log_format netloom_waf escape=json '${ACCESS_LOG_FORMAT}';`,
    `  access_log ${accessLogPath(opts.prefix)} netloom_waf;`,
    `  client_body_temp_path ${tmp('body')};`,
    `  proxy_temp_path ${tmp('proxy')};`,
    `  fastcgi_temp_path ${tmp('fastcgi')};`,
    `  uwsgi_temp_path ${tmp('uwsgi')};`,
    `  scgi_temp_path ${tmp('scgi')};`,
    '  server_tokens off;',
    '  client_max_body_size 16m;',
    '  proxy_http_version 1.1;',
    '  proxy_set_header Connection "";',
    '  proxy_set_header Host $host;',
    '  proxy_set_header X-Request-Id $request_id;',
    '  proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
    '  proxy_set_header X-Forwarded-Proto $scheme;',
    '  proxy_ssl_server_name on;',
    '  limit_req_status 429;',
    '  limit_conn_status 429;',
    ...(opts.trustForwardedFrom?.length ? [...opts.trustForwardedFrom.map((a) => `  set_real_ip_from ${a};`), '  real_ip_header X-Forwarded-For;'] : []),
    ...(countries && opts.countryDb ? [`  geoip2 ${opts.countryDb} {`, '    $waf_country country_code;', '  }'] : []),
    ...apps.flatMap((a, i) => appHttpLevel(a, i, opts)),
    // Requests for no application's domain: refused, and logged as no application's.
    '  server {',
    `    listen ${opts.listen.address}:${opts.listen.http} default_server;`,
    '    set $waf_app "";',
    '    set $waf_edge_rule "";',
    '    set $waf_bot "";',
    '    return 421;',
    '  }',
    ...apps.flatMap((a, i) => server(a, i, opts)),
    ...relayServer(apps, opts),
    '}',
    '',
  ];
  return [
    // The challenge issuer's secret is in it: for the nginx master (root) alone.
    { name: 'nginx.conf', content: conf.join('\n'), mode: 0o600 },
    ...apps.map((a) => ({ name: `modsec-${a.id}.conf`, content: modsecurityRules(a, opts), mode: 0o644 })),
    ...apps.flatMap((a) =>
      a.tls
        ? [
            { name: `tls/${a.id}.crt`, content: a.tls.certificate.trim() + '\n', mode: 0o600 },
            { name: `tls/${a.id}.key`, content: a.tls.key.trim() + '\n', mode: 0o600 },
          ]
        : [],
    ),
  ];
}
