import { createHash } from 'node:crypto';
import { open, readdir, stat } from 'node:fs/promises';
import type { GuardNote } from './api-guard';
import path from 'node:path';
import { EDGE_RULE_IDS, isIPv4, redactMatchedData, type WafAttack, type WafEdgeApplication, type WafRequest, type WafRuleMatch } from '@netloom/domain';

/** One line of the edge's access log (render/nginx-waf.ts ACCESS_LOG_FORMAT). */
export interface AccessLine {
  msec: number;
  request_id: string;
  app: string;
  host: string;
  client: string;
  method: string;
  uri: string;
  status: number;
  bytes: number;
  request_time: number;
  ua: string;
  limit_req: string;
  limit_conn: string;
  edge_rule: string;
  accept_language?: string;
  accept_encoding?: string;
  sec_ch_ua?: string;
  /** Credentials: read here to keep their fingerprint, never sent on (see apiKeyFingerprint). */
  authorization?: string;
  x_api_key?: string;
  /** The bot class of the managed list the client is on ('' for none). */
  bot?: string;
}

/**
 * The fingerprint of the API key or token a request carried (its X-API-Key header, else its
 * Authorization header): the first 16 hex digits of its SHA-1, what ModSecurity's t:sha1,t:hexEncode
 * gives at the edge, so a key can be refused there by its fingerprint. Null when it carried neither.
 */
function apiKeyFingerprint(l: Pick<AccessLine, 'authorization' | 'x_api_key'>): string | null {
  const value = l.x_api_key || l.authorization;
  return value ? createHash('sha1').update(value, 'latin1').digest('hex').slice(0, 16) : null;
}

const BOT_CLASSES_LOGGED = new Set(['verified_bot', 'likely_bot', 'automated']);
const headerOrNull = (v: string | undefined, max: number) => (v ? clip(v, max) : null);

/** One entry of ModSecurity's JSON audit log (the parts the edge reports). */
interface AuditEntry {
  transaction: {
    client_ip: string;
    time_stamp: string;
    unique_id: string;
    request: { method: string; uri: string; headers?: Record<string, string> };
    response: { http_code: number };
    producer?: { secrules_engine?: string };
    messages?: { message: string; details: { ruleId: string; data?: string; severity?: string; tags?: string[] } }[];
  };
}

/** Text as the console may store it: no NUL, no half of a surrogate pair, at most `max` characters. */
const clip = (text: string, max: number): string =>
  text
    .slice(0, max)
    .replaceAll('\u0000', '\uFFFD')
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function requestOf(l: AccessLine): WafRequest {
  return {
    at: new Date(Math.round(l.msec * 1000)).toISOString(),
    application_id: UUID.test(l.app) ? l.app : null,
    request_id: clip(l.request_id, 64),
    host: clip(l.host, 253),
    client_ip: l.client,
    method: clip(l.method, 16),
    path: clip(l.uri, 2048),
    status: l.status,
    bytes: l.bytes,
    elapsed_ms: Math.max(0, Math.round(l.request_time * 1000)),
    user_agent: l.ua ? clip(l.ua, 512) : null,
    ...(l.accept_language !== undefined
      ? {
          accept_language: headerOrNull(l.accept_language, 128),
          accept_encoding: headerOrNull(l.accept_encoding, 128),
          sec_ch_ua: headerOrNull(l.sec_ch_ua, 256),
          api_key: apiKeyFingerprint(l),
          bot_class: l.bot && BOT_CLASSES_LOGGED.has(l.bot) ? (l.bot as 'verified_bot' | 'likely_bot' | 'automated') : null,
        }
      : {}),
  };
}

const EDGE_MESSAGES: Record<number, string> = {
  [EDGE_RULE_IDS.ipDeny]: 'Client address on the deny list',
  [EDGE_RULE_IDS.countryDeny]: "Client's country not allowed",
  [EDGE_RULE_IDS.threatList]: 'Client address on a threat-intel list',
  [EDGE_RULE_IDS.threatChallenge]: 'Client on a challenge list without a pass',
  [EDGE_RULE_IDS.rateLimit]: 'Rate limit exceeded',
  [EDGE_RULE_IDS.ddos]: 'DDoS limit exceeded',
  [EDGE_RULE_IDS.botRateLimit]: "Bot class's rate limit exceeded",
  [EDGE_RULE_IDS.dpop]: 'DPoP proof refused',
};

const edgeRule = (id: number, data = ''): WafRuleMatch => ({ id, message: EDGE_MESSAGES[id] ?? 'Edge rule', data: clip(data, 512), tags: [], severity: 2 });

/** What the application's rate limits say about a path: one of them covers it, or only the DDoS limits can have refused it. */
export type LimitsOf = (appId: string | null) => Pick<WafEdgeApplication['policy'], 'rate_limits'> | null;

/**
 * The attack an access log line stands for, when the edge refused the request itself: an address
 * or country list (403 with the edge's rule), a challenge list's page (403, the challenge's rule), a rate or connection limit (429), a DPoP proof
 * (401, with the checker's reason). ModSecurity's refusals come from its audit log instead.
 */
function edgeAttackOf(l: AccessLine, limits: LimitsOf, dpopRefusal: (requestId: string) => string | null): WafAttack | null {
  const base = { ...requestOf(l), anomaly_score: null };
  const { bytes: _b, elapsed_ms: _e, accept_language: _al, accept_encoding: _ae, sec_ch_ua: _ch, api_key: _k, bot_class: _bc, ...attack } = base;
  const rule = Number(l.edge_rule);
  if (l.status === 403 && rule === EDGE_RULE_IDS.threatChallenge) return { ...attack, action: 'challenged', rules: [edgeRule(rule)] };
  if (l.status === 403 && Number.isInteger(rule) && rule > 0) return { ...attack, action: 'denied', rules: [edgeRule(rule)] };
  if (l.status === 429 && (l.limit_req === 'REJECTED' || l.limit_conn === 'REJECTED')) {
    const path = l.uri.split('?')[0] ?? '/';
    const byRate = l.limit_req === 'REJECTED' && (limits(base.application_id)?.rate_limits ?? []).some((r) => path.startsWith(r.path));
    if (!byRate && l.limit_req === 'REJECTED' && l.bot && BOT_CLASSES_LOGGED.has(l.bot)) {
      return { ...attack, action: 'rate_limited', rules: [edgeRule(EDGE_RULE_IDS.botRateLimit, `bot class ${l.bot}`)] };
    }
    return {
      ...attack,
      action: 'rate_limited',
      rules: [
        edgeRule(
          byRate ? EDGE_RULE_IDS.rateLimit : EDGE_RULE_IDS.ddos,
          byRate ? '' : l.limit_conn === 'REJECTED' ? 'connections per client' : 'requests per client',
        ),
      ],
    };
  }
  if (l.status === 401) {
    const why = dpopRefusal(l.request_id);
    if (why !== null) return { ...attack, action: 'blocked', rules: [edgeRule(EDGE_RULE_IDS.dpop, why)] };
  }
  return null;
}

const header = (headers: Record<string, string> | undefined, name: string) => Object.entries(headers ?? {}).find(([k]) => k.toLowerCase() === name)?.[1];

/** The attack a ModSecurity audit entry stands for: the rules that matched, blocked (403 in blocking mode) or detected. */
function auditAttackOf(entry: AuditEntry, appId: string | null, access: AccessLine | undefined): WafAttack | null {
  const t = entry.transaction;
  const messages = t.messages ?? [];
  if (!messages.length || !isIPv4(t.client_ip)) return null;
  const rules = messages.slice(0, 32).map((m) => {
    const severity = Number(m.details.severity);
    return {
      id: Number(m.details.ruleId) || 0,
      message: clip(m.message, 512),
      data: clip(redactMatchedData(m.details.data ?? ''), 512),
      tags: (m.details.tags ?? []).slice(0, 16).map((tag) => clip(tag, 64)),
      severity: Number.isInteger(severity) && severity >= 0 && severity <= 7 ? severity : null,
    };
  });
  const score = messages.map((m) => /Total (?:Inbound )?Score: (\d+)/.exec(m.message)?.[1]).find(Boolean);
  const status = access?.status ?? t.response.http_code;
  const detectionOnly = t.producer?.secrules_engine === 'DetectionOnly';
  const ua = access?.ua ?? header(t.request.headers, 'user-agent') ?? '';
  return {
    at: access ? new Date(Math.round(access.msec * 1000)).toISOString() : new Date(Date.parse(t.time_stamp) || Date.now()).toISOString(),
    application_id: appId,
    request_id: clip(t.unique_id, 64),
    host: clip(access?.host ?? header(t.request.headers, 'host') ?? '', 253),
    client_ip: t.client_ip,
    method: clip(t.request.method, 16),
    path: clip(t.request.uri, 2048),
    status,
    action: !detectionOnly && status === 403 ? 'blocked' : 'detected',
    anomaly_score: score ? Math.min(100_000, Number(score)) : null,
    rules,
    user_agent: ua ? clip(ua, 512) : null,
  };
}

/** A request with what the API guard saw of it (its GraphQL operation, its login attempt). */
function withGuardNote(r: WafRequest, note: GuardNote | null): WafRequest {
  if (!note) return r;
  return {
    ...r,
    ...(note.graphql ? { graphql: note.graphql } : {}),
    ...(note.login ? { login: { account: clip(note.login.account, 256), failed: note.login.failed } } : {}),
  };
}

const GUARD_MESSAGES: Record<number, string> = {
  [EDGE_RULE_IDS.graphql]: 'GraphQL query refused',
  [EDGE_RULE_IDS.loginAbuse]: 'Login abuse',
};

/** The attack a request the API guard refused stands for: its rule, the guard's reason, blocked or challenged. */
function guardAttackOf(l: AccessLine, note: GuardNote | null): WafAttack | null {
  if (!note?.refusal) return null;
  const { bytes: _b, elapsed_ms: _e, ...attack } = requestOf(l);
  const rule: WafRuleMatch = {
    id: note.refusal.rule,
    message: GUARD_MESSAGES[note.refusal.rule] ?? 'API guard',
    data: clip(note.refusal.data, 512),
    tags: [],
    severity: 2,
  };
  return { ...attack, action: note.refusal.action, anomaly_score: null, rules: [rule] };
}

/** A log file read from where the last read stopped (from the start again when it was truncated or replaced). */
class Tail {
  private offset = 0;
  private rest = '';
  private ino = 0;
  constructor(readonly file: string) {}

  async lines(): Promise<string[]> {
    const st = await stat(this.file).catch(() => null);
    if (!st) return [];
    const out: string[] = [];
    if (st.ino !== this.ino || st.size < this.offset) {
      // Moved aside (rotated): what was written to it since the last read is read there first.
      const moved = await stat(`${this.file}.1`).catch(() => null);
      if (this.ino && moved?.ino === this.ino) out.push(...(await this.readFrom(`${this.file}.1`, moved.size)));
      this.ino = st.ino;
      this.offset = 0;
      this.rest = '';
    }
    out.push(...(await this.readFrom(this.file, st.size)));
    return out;
  }

  private async readFrom(file: string, size: number): Promise<string[]> {
    if (size <= this.offset) return [];
    const fh = await open(file, 'r');
    try {
      const length = Math.min(size - this.offset, 64 * 1024 * 1024);
      const buf = Buffer.alloc(length);
      const { bytesRead } = await fh.read(buf, 0, length, this.offset);
      this.offset += bytesRead;
      const text = this.rest + buf.subarray(0, bytesRead).toString('utf8');
      const parts = text.split('\n');
      this.rest = parts.pop() ?? '';
      return parts.filter((l) => l.trim());
    } finally {
      await fh.close();
    }
  }

  /** Starts at the end: what was logged before the agent started was reported by the agent that ran then, or is lost. */
  async skipToEnd(): Promise<void> {
    const st = await stat(this.file).catch(() => null);
    if (st) {
      this.ino = st.ino;
      this.offset = st.size;
    }
  }
}

const parse = <T>(line: string): T | null => {
  try {
    return JSON.parse(line) as T;
  } catch {
    return null;
  }
};

/**
 * The edge's logs read as they grow: the access log's requests (and the refusals the edge made
 * itself), and each application's ModSecurity audit log's attacks, joined to their access log
 * line by the request id (ModSecurity's transaction id is nginx's $request_id).
 */
export class WafLogs {
  private readonly access: Tail;
  private readonly audits = new Map<string, Tail>();
  /** Access lines of recent reads by request id, for an audit entry written after its line was read. */
  private recent = new Map<string, AccessLine>();
  private older = new Map<string, AccessLine>();

  constructor(
    private readonly logDir: string,
    private readonly limits: LimitsOf,
    private readonly dpopRefusal: (requestId: string) => string | null = () => null,
    /** What the API guard saw of a request (GraphQL operation, login attempt, its refusal). */
    private readonly guardNote: (requestId: string) => GuardNote | null = () => null,
  ) {
    this.access = new Tail(path.join(logDir, 'access.log'));
  }

  async skipToEnd(): Promise<void> {
    await this.access.skipToEnd();
    for (const tail of (await this.auditTails()).values()) await tail.skipToEnd();
  }

  private async auditTails(): Promise<Map<string, Tail>> {
    for (const name of await readdir(this.logDir).catch(() => [] as string[])) {
      const id = /^audit-(.+)\.log$/.exec(name)?.[1];
      if (id && !this.audits.has(id)) this.audits.set(id, new Tail(path.join(this.logDir, name)));
    }
    return this.audits;
  }

  /** What the logs grew by since the last read: requests (with their per-application counts) and attacks. */
  async read(): Promise<{ requests: WafRequest[]; attacks: WafAttack[]; lines: AccessLine[] }> {
    const lines = (await this.access.lines()).map((l) => parse<AccessLine>(l)).filter((l): l is AccessLine => !!l && isIPv4(l.client));
    // Two generations: a line is kept for one more read, long enough for the audit entry that trails it.
    this.older = this.recent;
    this.recent = new Map(lines.map((l) => [l.request_id, l]));
    const notes = new Map(lines.flatMap((l) => (l.request_id ? [[l.request_id, this.guardNote(l.request_id)] as const] : [])));
    const requests = lines.map((l) => withGuardNote(requestOf(l), notes.get(l.request_id) ?? null));
    const attacks: WafAttack[] = lines.flatMap(
      (l) => guardAttackOf(l, notes.get(l.request_id) ?? null) ?? edgeAttackOf(l, this.limits, this.dpopRefusal) ?? [],
    );
    for (const [appId, tail] of await this.auditTails()) {
      for (const line of await tail.lines()) {
        const entry = parse<AuditEntry>(line);
        if (!entry?.transaction) continue;
        const id = entry.transaction.unique_id;
        const attack = auditAttackOf(entry, UUID.test(appId) ? appId : null, this.recent.get(id) ?? this.older.get(id));
        if (attack) attacks.push(attack);
      }
    }
    return { requests, attacks, lines };
  }
}
