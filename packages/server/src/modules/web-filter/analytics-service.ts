import {
  MAX_LOG_RETENTION_DAYS,
  UNKNOWN_KEY,
  categoryName,
  toCsv,
  webCategoryById,
  type LogsManagement,
  type WebFilterPolicy,
  type WebFilterRange,
  type WebFilterSummary,
  type logFilterBodySchema,
} from '@netloom/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { audit, type Actor } from '../../http/access';
import type { UrlAnalyticsPort, UrlDimensionNames } from './analytics-port';
import * as repo from './repo';

type LogBody = z.output<typeof logFilterBodySchema>;
type Row = Record<string, unknown>;

const DAY = 86_400_000;
const RANGE_MS: Record<string, number> = { '1h': 3_600_000, '24h': DAY, '7d': 7 * DAY, '30d': 30 * DAY, '90d': 90 * DAY };
const CSV_MAX_ROWS = 100_000;
const iso = (v: unknown) => new Date(v as string).toISOString();
const str = (v: unknown) => (v === null || v === undefined ? null : String(v));

const buckets = (rows: { key: string; count: number }[]) => ({ buckets: rows.map((r) => ({ key: r.key, doc_count: r.count })) });

/** squid's native access log line: `time elapsed client result/status bytes method URL user hierarchy/peer type`. */
function squidLine(r: Row): string {
  const at = new Date(r.at as string).getTime() / 1000;
  const blocked = r.action === 'blocked';
  const method = String(r.method);
  const url = method === 'CONNECT' ? `${String(r.host)}:443` : `${String(r.scheme)}://${String(r.host)}${String(r.path)}`;
  const result = `${blocked ? 'TCP_DENIED' : method === 'CONNECT' ? 'TCP_TUNNEL' : 'TCP_MISS'}/${Number(r.status)}`;
  const hierarchy = blocked ? 'HIER_NONE/-' : `HIER_DIRECT/${String(r.host)}`;
  return [
    at.toFixed(3),
    String(Number(r.elapsed_ms)).padStart(6),
    r.client_ip,
    result,
    r.bytes,
    method,
    url,
    r.user_name ?? '-',
    hierarchy,
    r.content_type ?? '-',
  ].join(' ');
}

const logRowOf = (r: Row) => ({
  id: `${String(r.device_id)}:${String(r.seq)}:${String(r.n)}`,
  time: iso(r.at),
  user: str(r.user_name),
  device_id: String(r.device_id),
  device_name: str(r.device_name),
  client_ip: String(r.client_ip),
  url: `${String(r.scheme)}://${String(r.host)}${String(r.path)}`,
  domain: String(r.domain),
  category: String(r.category),
  category_name: categoryName(String(r.category)),
  application: str(r.application),
  action: r.action as 'allowed' | 'blocked' | 'logged',
  rule: r.rule as never,
  policy_id: str(r.policy_id),
  policy_name: str(r.policy_name),
  matched: str(r.matched),
  bytes: Number(r.bytes),
  via: r.via as 'agent' | 'proxy',
});

const squidRowOf = (r: Row) => ({
  id: `${String(r.device_id)}:${String(r.seq)}:${String(r.n)}`,
  time: iso(r.at),
  device_id: String(r.device_id),
  device_name: str(r.device_name),
  line: squidLine(r),
  elapsed_ms: Number(r.elapsed_ms),
  client_ip: String(r.client_ip),
  result: squidLine(r).split(' ').filter(Boolean)[3] ?? '',
  status: Number(r.status),
  bytes: Number(r.bytes),
  method: String(r.method),
  url: `${String(r.scheme)}://${String(r.host)}${String(r.path)}`,
  user: str(r.user_name),
  content_type: str(r.content_type),
});

const WEBFILTER_CSV = ['time', 'user', 'device_name', 'client_ip', 'url', 'category_name', 'action', 'policy_name', 'rule', 'bytes', 'via'] as const;
const SQUID_CSV = ['line'] as const;

/** The web filter's charts, logs, reports and the logs' retention, over the analytics store's URL events. */
export class WebFilterAnalytics {
  constructor(
    private readonly db: Db,
    private readonly store: UrlAnalyticsPort,
    private readonly dims: UrlDimensionNames,
  ) {}

  /** The summary of spec 001 §3 for a window. */
  async summary(actor: Actor, range: WebFilterRange, topCount: number): Promise<WebFilterSummary> {
    const t = actor.scope.tenantId;
    const [actions, over, allowed, blocked, urls, users] = await Promise.all([
      this.store.top(t, range, this.dims.action, 10),
      this.store.actionsOverTime(t, range),
      this.store.top(t, range, this.dims.allowedDomain, topCount),
      this.store.top(t, range, this.dims.blockedDomain, topCount),
      this.store.top(t, range, this.dims.domain, topCount),
      this.store.top(t, range, this.dims.user, topCount),
    ]);
    return {
      action_distribution: buckets(actions),
      requests_over_time: {
        buckets: over.every((b) => b.allowed + b.blocked + b.logged === 0)
          ? []
          : over.map((b) => ({ key_as_string: b.at.toISOString(), allow: b.allowed + b.logged, blocked: b.blocked })),
      },
      top_allowed_urls: buckets(allowed),
      top_blocked_urls: buckets(blocked),
      top_urls: buckets(urls),
      top_users: buckets(users.map((u) => ({ ...u, key: u.key === UNKNOWN_KEY ? 'Unknown' : u.key }))),
    };
  }

  async user(actor: Actor, range: WebFilterRange, user: string) {
    const t = actor.scope.tenantId;
    const key = user === 'Unknown' ? UNKNOWN_KEY : user;
    const [sites, blocked, categories] = await Promise.all([
      this.store.top(t, range, this.dims.userDomain, 10, key),
      this.store.top(t, range, this.dims.userBlocked, 10, key),
      this.store.top(t, range, this.dims.userCategory, 10, key),
    ]);
    return { user, top_sites: buckets(sites), blocked: buckets(blocked), categories: buckets(categories.map((c) => ({ ...c, key: categoryName(c.key) }))) };
  }

  /** A page of the web-filter or squid log (or all of it as CSV), never older than the tenant keeps that log. */
  async logs(actor: Actor, kind: 'webfilter' | 'squid', body: LogBody) {
    const retention = await repo.logRetentionOf(this.db, actor.scope.tenantId);
    const now = Date.now();
    const oldest = now - retention[kind] * DAY;
    const to = body.end_time ? Date.parse(body.end_time) : now + 60_000;
    const span = RANGE_MS[body['time-range'] ?? ''] ?? 7 * DAY;
    const from = Math.max(body.start_time ? Date.parse(body.start_time) : to - span, oldest);
    const csv = body.format === 'csv';
    const limit = csv || body.size === 0 ? CSV_MAX_ROWS : body.size;
    const page = await this.store.logs({
      tenantId: actor.scope.tenantId,
      from: new Date(from),
      to: new Date(to),
      proxyOnly: kind === 'squid',
      search: body.search || null,
      filters: body.filters.filter((f) => f.key !== 'tenant_id').map((f) => ({ key: f.key, value: f.value })),
      offset: csv || body.size === 0 ? 0 : (body.page - 1) * body.size,
      limit,
    });
    if (kind === 'webfilter') {
      const rows = page.rows.map(logRowOf);
      if (!csv) return { count: page.count, rows };
      return {
        csv: toCsv(rows, { titles: WEBFILTER_CSV, keys: WEBFILTER_CSV }) ?? '',
      };
    }
    const rows = page.rows.map(squidRowOf);
    if (!csv) return { count: page.count, rows };
    return {
      csv: toCsv(rows, { titles: SQUID_CSV, keys: SQUID_CSV }) ?? '',
    };
  }

  async logsManagement(actor: Actor): Promise<LogsManagement> {
    return { retention: await repo.logRetentionOf(this.db, actor.scope.tenantId) };
  }

  async saveLogsManagement(actor: Actor, change: Partial<LogsManagement['retention']>): Promise<LogsManagement> {
    await this.db.transaction(async (tx) => {
      const before = await repo.logRetentionOf(tx, actor.scope.tenantId);
      const after = { ...before, ...change };
      await repo.saveLogRetention(tx, actor.scope.tenantId, after);
      await audit(tx, actor, 'logs.retention_changed', null, { before, after });
    });
    return this.logsManagement(actor);
  }

  /** url-rules: each policy, and the organisation's lists and the default, with what they block or allow and their hits over 7 days. */
  async urlRules(actor: Actor, policies: WebFilterPolicy[], lists: { allowed: string[]; blocked: string[]; defaultBlocked: boolean }) {
    const hits = await this.store.ruleHits(actor.scope.tenantId, new Date(Date.now() - 7 * DAY));
    const sum = (policyId: string | null, action: string, rules?: string[]) =>
      hits.filter((h) => h.policyId === policyId && h.action === action && (!rules || rules.includes(h.rule))).reduce((n, h) => n + h.count, 0);
    const who = (p: WebFilterPolicy) => {
      const a = p.applies_to;
      if (a.everyone) return 'Everyone';
      const parts = [
        a.users.length && `${a.users.length} user${a.users.length > 1 ? 's' : ''}`,
        a.groups.length && `${a.groups.length} group${a.groups.length > 1 ? 's' : ''}`,
        a.endpoints.length && `${a.endpoints.length} endpoint${a.endpoints.length > 1 ? 's' : ''}`,
        a.device_groups.length && `${a.device_groups.length} device group${a.device_groups.length > 1 ? 's' : ''}`,
      ].filter(Boolean);
      return parts.join(', ');
    };
    const cat = (ids: string[]) => ids.map((id) => (id === '*' ? 'All categories' : (webCategoryById(id)?.name ?? id)));
    const ownRules = ['custom-allow', 'custom-block'];
    return [
      {
        policy_id: null,
        policy_name: "Organisation's lists",
        order: null,
        enabled: true,
        action: 'block',
        applies_to: 'Everyone',
        blocks: lists.blocked,
        allows: lists.allowed,
        hits_blocked: sum(null, 'blocked', ownRules),
        hits_allowed: sum(null, 'allowed', ownRules),
        hits_logged: 0,
      },
      ...policies.map((p) => ({
        policy_id: p.id,
        policy_name: p.name,
        order: p.order,
        enabled: p.enabled,
        action: p.action,
        applies_to: who(p),
        blocks: [...cat(p.blocked_categories), ...p.blocked_applications, ...p.blocked_urls, ...p.blocked_ips],
        allows: [...cat(p.allowed_categories), ...p.allowed_urls, ...p.allowed_ips],
        hits_blocked: sum(p.id, 'blocked'),
        hits_allowed: sum(p.id, 'allowed'),
        hits_logged: sum(p.id, 'logged'),
      })),
      {
        policy_id: null,
        policy_name: 'Default action',
        order: null,
        enabled: true,
        action: lists.defaultBlocked ? 'block' : 'allow',
        applies_to: 'Everyone',
        blocks: [],
        allows: [],
        hits_blocked: sum(null, 'blocked', ['default']),
        hits_allowed: sum(null, 'allowed', ['default']),
        hits_logged: 0,
      },
    ];
  }

  /** custom-urls: every custom URL with its hits over 7 days (events name the pattern that matched). */
  async customUrls(actor: Actor, rows: { url: string; list: 'allowed' | 'blocked'; policy_id: string | null; policy_name: string | null }[]) {
    const hits = await this.store.ruleHits(actor.scope.tenantId, new Date(Date.now() - 7 * DAY));
    const count = new Map<string, number>();
    for (const h of hits) {
      if (h.rule !== 'custom-allow' && h.rule !== 'custom-block') continue;
      const key = `${h.policyId ?? ''}\t${h.rule === 'custom-allow' ? 'allowed' : 'blocked'}\t${h.matched}`;
      count.set(key, (count.get(key) ?? 0) + h.count);
    }
    return rows.map((r) => ({ ...r, hits: count.get(`${r.policy_id ?? ''}\t${r.list}\t${r.url}`) ?? 0 }));
  }

  async discovery(
    actor: Actor,
    body: { start_time: WebFilterRange; page: number; size: number; search?: string | undefined },
    known: string[],
    lists: { allowed: string[]; blocked: string[] },
  ) {
    const from = new Date(Date.now() - (RANGE_MS[body.start_time] ?? 7 * DAY));
    const page = await this.store.discovery(actor.scope.tenantId, from, body.search || null, (body.page - 1) * body.size, body.size, known);
    return {
      count: page.count,
      rows: page.rows.map((r) => ({
        domain: String(r.domain),
        hits: Number(r.hits),
        users: Number(r.users),
        devices: Number(r.devices),
        blocked: Number(r.blocked),
        first_seen: iso(r.first_seen),
        last_seen: iso(r.last_seen),
        listed: lists.blocked.includes(String(r.domain)) ? ('blocked' as const) : lists.allowed.includes(String(r.domain)) ? ('allowed' as const) : null,
      })),
    };
  }

  /** Deletes each tenant's log rows past its logs' retention (the hourly sweep). */
  async sweep(now = new Date()): Promise<number> {
    let deleted = 0;
    for (const tenantId of await repo.webFilterTenants(this.db)) {
      const r = await repo.logRetentionOf(this.db, tenantId);
      deleted += await this.store.deleteExpired(tenantId, now, Math.min(r.webfilter, MAX_LOG_RETENTION_DAYS), Math.min(r.squid, MAX_LOG_RETENTION_DAYS));
    }
    // Login and activity logs are kept as long as the tenant chose, once it chose (the audit log is otherwise kept).
    for (const tenantId of await repo.retentionTenants(this.db)) {
      const r = await repo.logRetentionOf(this.db, tenantId);
      await repo.deleteOldAuditRows(this.db, tenantId, now, r.login, r.activity);
    }
    return deleted;
  }
}
