import type { z } from 'zod';
import {
  toCsv,
  wafCompliance,
  wafExposure,
  WAF_VULNERABILITY_CATEGORIES,
  WAF_VULNERABILITY_CLASSES,
  type WafVulnerabilityClass,
  type WafVulnerabilityRow,
  type WafPolicy,
  type wafAttackPageSchema,
  type wafAttackQuerySchema,
  type wafComplianceSchema,
  type wafLogPageSchema,
  type wafLogQuerySchema,
  type WafDiscoveredEndpoint,
  type WafSummary,
  type wafWindowQuerySchema,
} from '@netloom/domain';
import type { Db } from '../../db/client';
import type { Actor } from '../../http/access';
import { errors } from '../../http/errors';
import type { WafAnalyticsPort, WafAttackRow, WafScopeQuery } from './analytics-port';
import { discoverApis } from './api-discovery-reader';
import * as repo from './repo';

type WindowQuery = z.infer<typeof wafWindowQuerySchema>;
type AttackQuery = z.infer<typeof wafAttackQuerySchema>;
type LogQuery = z.infer<typeof wafLogQuerySchema>;

/** The longest window a page may ask for: what a tenant may keep its logs for. */
const MAX_WINDOW_MS = 400 * 86_400_000;
/** The most attack rows one export holds. */
const WAF_EXPORT_MAX_ROWS = 50_000;

/**
 * QShield's attack events, access log, dashboard and compliance: the analytics store's rows with
 * the names of the tenant's applications and edges, and the checklist each policy earns.
 */
export class WafEventsService {
  constructor(
    private readonly db: Db,
    private readonly analytics: WafAnalyticsPort,
  ) {}

  async attacks(actor: Actor, q: AttackQuery): Promise<z.infer<typeof wafAttackPageSchema>> {
    const scope = this.scope(actor, q);
    const { count, rows } = await this.analytics.attacks(scope, this.attackFilter(q), { offset: (q.page - 1) * q.page_size, limit: q.page_size });
    const names = await this.names(actor);
    return {
      count,
      next: q.page * q.page_size < count ? String(q.page + 1) : null,
      previous: q.page > 1 ? String(q.page - 1) : null,
      results: rows.map((r) => this.attackView(r, names)),
    };
  }

  /** The attacks of the filter as CSV, newest first, bounded. */
  async exportAttacks(actor: Actor, q: Omit<AttackQuery, 'page' | 'page_size'>): Promise<string> {
    const scope = this.scope(actor, q);
    const { rows } = await this.analytics.attacks(scope, this.attackFilter(q), { offset: 0, limit: WAF_EXPORT_MAX_ROWS });
    const names = await this.names(actor);
    const csv = toCsv(
      rows.map((r) => this.attackView(r, names)),
      {
        titles: [
          'Time',
          'Application',
          'Edge',
          'Host',
          'Client',
          'Country',
          'Method',
          'Path',
          'Status',
          'Action',
          'Category',
          'Anomaly score',
          'Rules',
          'Messages',
        ],
        keys: [
          'at',
          'application',
          'edge',
          'host',
          'client_ip',
          'country',
          'method',
          'path',
          'status',
          'action',
          'category',
          'anomaly_score',
          'rules',
          'rules',
        ],
        joins: [null, null, null, null, null, null, null, null, null, null, null, null, ' ', ' | '],
        abstractions: [null, null, null, null, null, null, null, null, null, null, null, null, 'id', 'message'],
      },
    );
    return csv ?? '';
  }

  async log(actor: Actor, q: LogQuery): Promise<z.infer<typeof wafLogPageSchema>> {
    const scope = this.scope(actor, q);
    const { count, rows } = await this.analytics.log(
      scope,
      { status: q.status ?? null, search: q.search ?? null },
      { offset: (q.page - 1) * q.page_size, limit: q.page_size },
    );
    const names = await this.names(actor);
    return {
      count,
      next: q.page * q.page_size < count ? String(q.page + 1) : null,
      previous: q.page > 1 ? String(q.page - 1) : null,
      results: rows.map((r) => ({
        at: r.at.toISOString(),
        application: r.applicationId ? (names.apps.get(r.applicationId) ?? null) : null,
        edge: names.edges.get(r.deviceId) ?? null,
        host: r.host,
        client_ip: r.clientIp,
        country: r.country,
        method: r.method,
        path: r.path,
        status: r.status,
        bytes: r.bytes,
        elapsed_ms: r.elapsedMs,
        user_agent: r.userAgent,
        request_id: r.requestId,
      })),
    };
  }

  async summary(actor: Actor, q: WindowQuery): Promise<WafSummary> {
    const scope = this.scope(actor, q);
    const s = await this.analytics.summary(scope);
    return {
      from: scope.from.toISOString(),
      to: scope.to.toISOString(),
      requests: s.requests,
      attacks: Object.values(s.actions).reduce((a, b) => a + b, 0),
      blocked: s.actions.blocked,
      detected: s.actions.detected,
      rate_limited: s.actions.rate_limited,
      denied: s.actions.denied,
      challenged: s.actions.challenged,
      series: s.series.map((x) => ({ ...x, at: x.at.toISOString() })),
      by_category: s.byCategory,
      by_country: s.byCountry,
      by_client: s.byClient,
      top_paths: s.topPaths,
      top_rules: s.topRules,
      limits_fired: s.limitsFired.map((x) => ({ at: x.at.toISOString(), count: x.count })),
    };
  }

  /** The weaknesses attacked on each path of each application, those attacks reached first. */
  async vulnerabilities(actor: Actor, q: WindowQuery): Promise<WafVulnerabilityRow[]> {
    const scope = this.scope(actor, q);
    const [rows, names] = await Promise.all([this.analytics.targets(scope, WAF_VULNERABILITY_CATEGORIES), this.names(actor)]);
    return rows.map((r) => {
      const cls = WAF_VULNERABILITY_CLASSES[r.category as WafVulnerabilityClass];
      return {
        application_id: r.applicationId,
        application: r.applicationId ? (names.apps.get(r.applicationId) ?? null) : null,
        category: r.category,
        label: cls.label,
        owasp: cls.owasp,
        path: r.path,
        rule_ids: r.ruleIds,
        attempts: r.attempts,
        blocked: r.blocked,
        detected: r.detected,
        clients: r.clients,
        first_seen: r.firstAt.toISOString(),
        last_seen: r.lastAt.toISOString(),
        ...wafExposure(r),
      };
    });
  }

  /** The endpoints the window's traffic shows, per application, busiest first. */
  async apiDiscovery(actor: Actor, q: WindowQuery): Promise<WafDiscoveredEndpoint[]> {
    const scope = this.scope(actor, q);
    const [{ endpoints }, names] = await Promise.all([discoverApis(this.db, this.analytics, scope), this.names(actor)]);
    return endpoints.map((e) => ({
      application_id: e.applicationId,
      application: e.applicationId ? (names.apps.get(e.applicationId) ?? null) : null,
      method: e.method,
      template: e.template,
      requests: e.requests,
      errors: e.errors,
      authenticated: e.authenticated,
      statuses: e.statuses,
      params: e.params,
      first_seen: e.firstSeen.toISOString(),
      last_seen: e.lastSeen.toISOString(),
      estimated: e.estimated,
    }));
  }

  async compliance(actor: Actor): Promise<z.infer<typeof wafComplianceSchema>> {
    const apps = await repo.listApplications(this.db, actor.scope.tenantId);
    return apps.map((a) => {
      const { score, checks } = wafCompliance(a.policy as WafPolicy, { tls: a.tlsMode !== 'none' });
      return { application_id: a.id, application: a.name, score, checks };
    });
  }

  private scope(actor: Actor, q: WindowQuery): WafScopeQuery {
    const to = q.to ? new Date(q.to) : new Date();
    const from = q.from ? new Date(q.from) : new Date(to.getTime() - 86_400_000);
    if (!(from < to)) throw errors.invalid({ from: ['Should be before the end of the window'] });
    if (to.getTime() - from.getTime() > MAX_WINDOW_MS) throw errors.invalid({ from: ['The window is longer than any log is kept'] });
    return { tenantId: actor.scope.tenantId, from, to, applicationId: q.application_id ?? null, deviceId: q.edge_id ?? null };
  }

  private attackFilter(q: Omit<AttackQuery, 'page' | 'page_size'>) {
    return { action: q.action ?? null, category: q.category ?? null, clientIp: q.client_ip ?? null, ruleId: q.rule_id ?? null, search: q.search ?? null };
  }

  private attackView(r: WafAttackRow, names: { apps: Map<string, string>; edges: Map<string, string> }) {
    return {
      id: r.id,
      at: r.at.toISOString(),
      application_id: r.applicationId,
      application: r.applicationId ? (names.apps.get(r.applicationId) ?? null) : null,
      edge: names.edges.get(r.deviceId) ?? null,
      host: r.host,
      client_ip: r.clientIp,
      country: r.country,
      method: r.method,
      path: r.path,
      status: r.status,
      action: r.action,
      category: r.category,
      anomaly_score: r.anomalyScore,
      rules: r.rules,
      user_agent: r.userAgent,
    };
  }

  private async names(actor: Actor) {
    const [apps, edges] = await Promise.all([repo.listApplications(this.db, actor.scope.tenantId), repo.listEdges(this.db, actor.scope.tenantId)]);
    return { apps: new Map(apps.map((a) => [a.id, a.name])), edges: new Map(edges.map((e) => [e.id, e.name])) };
  }
}
