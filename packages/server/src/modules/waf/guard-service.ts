import type { z } from 'zod';
import {
  EDGE_RULE_IDS,
  canReadLogs,
  graphqlLimitsPassed,
  graphqlRefusalLimit,
  graphqlRefusalsByLimit,
  maskAccount,
  maskAddress,
  rankLoginAccounts,
  rankLoginClients,
  wafGraphqlSchema,
  wafLoginProtectionSchema,
  type WafAuthAbuseView,
  type WafGraphql,
  type WafGraphqlView,
  type WafLoginProtection,
  type WafPolicy,
  type wafWindowQuerySchema,
} from '@netloom/domain';
import type { Db } from '../../db/client';
import type { Actor } from '../../http/access';
import { errors } from '../../http/errors';
import type { WafAnalyticsPort, WafAttackRow, WafScopeQuery } from './analytics-port';
import type { WafGuardAnalyticsPort } from './guard-port';
import * as repo from './repo';

type WindowQuery = z.infer<typeof wafWindowQuerySchema>;

/** The longest window a page may ask for (what a tenant may keep its logs for). */
const MAX_WINDOW_MS = 400 * 86_400_000;
/** The refusals and detections a page lists (the newest). */
const LISTED = 200;

const ruleData = (a: WafAttackRow, id: number) => a.rules.find((r) => r.id === id)?.data ?? null;

/**
 * What the edges' API guard saw and did: GraphQL operations against each application's limits and
 * the queries it refused (threat analytics › GraphQL), and login attempts judged for credential
 * stuffing, password spraying and brute force, with the accounts under attack (bot › authentication
 * abuse). Account names and client addresses are personal: masked for whoever may not read the logs.
 */
export class WafGuardService {
  constructor(
    private readonly db: Db,
    private readonly analytics: WafAnalyticsPort,
    private readonly guard: WafGuardAnalyticsPort,
  ) {}

  async graphql(actor: Actor, q: WindowQuery): Promise<WafGraphqlView> {
    const scope = this.scope(actor, q);
    const [ops, refused, apps] = await Promise.all([
      this.guard.graphqlOperations(scope),
      this.analytics.attacks(scope, this.only('graphql'), { offset: 0, limit: LISTED }),
      repo.listApplications(this.db, actor.scope.tenantId),
    ]);
    const names = new Map(apps.map((a) => [a.id, a.name]));
    const limits = new Map(apps.map((a) => [a.id, this.partOf(a.policy, 'graphql', wafGraphqlSchema) as WafGraphql]));
    const refusals = refused.rows.map((a) => {
      const detail = ruleData(a, EDGE_RULE_IDS.graphql);
      return {
        id: a.id,
        at: a.at.toISOString(),
        application_id: a.applicationId,
        application: a.applicationId ? (names.get(a.applicationId) ?? null) : null,
        client_ip: a.clientIp,
        method: a.method,
        path: a.path,
        action: a.action,
        limit: graphqlRefusalLimit(detail),
        detail,
      };
    });
    return {
      from: scope.from.toISOString(),
      to: scope.to.toISOString(),
      requests: ops.reduce((n, o) => n + o.requests, 0),
      refused: refused.count,
      by_limit: graphqlRefusalsByLimit(refusals.map((r) => r.limit)),
      operations: ops.map((o) => {
        const l = o.applicationId ? limits.get(o.applicationId) : undefined;
        return {
          application_id: o.applicationId,
          application: o.applicationId ? (names.get(o.applicationId) ?? null) : null,
          operation: o.operation,
          name: o.name,
          requests: o.requests,
          errors: o.errors,
          max_depth: o.maxDepth,
          avg_depth: Math.round(o.avgDepth * 10) / 10,
          max_aliases: o.maxAliases,
          max_fields: o.maxFields,
          avg_fields: Math.round(o.avgFields * 10) / 10,
          introspection: o.introspection,
          last_seen: o.lastSeen.toISOString(),
          over_limits: l ? graphqlLimitsPassed(o, l) : [],
        };
      }),
      refusals,
    };
  }

  async authAbuse(actor: Actor, q: WindowQuery): Promise<WafAuthAbuseView> {
    const scope = this.scope(actor, q);
    const [series, clients, accounts, detections, apps] = await Promise.all([
      this.guard.loginSeries(scope),
      this.guard.loginClients(scope),
      this.guard.loginAccounts(scope),
      this.analytics.attacks(scope, this.only('auth'), { offset: 0, limit: LISTED }),
      repo.listApplications(this.db, actor.scope.tenantId),
    ]);
    const names = new Map(apps.map((a) => [a.id, a.name]));
    const settings = new Map(apps.map((a) => [a.id, this.partOf(a.policy, 'login_protection', wafLoginProtectionSchema) as WafLoginProtection]));
    const defaults = wafLoginProtectionSchema.parse({});
    const settingsOf = (id: string | null) => (id ? settings.get(id) : undefined) ?? defaults;
    // Account names and addresses are personal data: in full for those who may read the edges' logs only.
    const masked = !canReadLogs({ isSuperAdmin: actor.scope.isSuperAdmin, role: actor.scope.role });
    const ip = (v: string) => (masked ? maskAddress(v) : v);

    const endpoints = new Map<string, WafAuthAbuseView['endpoints'][number]>();
    for (const s of series) {
      const key = `${s.applicationId ?? ''} ${s.path}`;
      let e = endpoints.get(key);
      if (!e) {
        e = {
          application_id: s.applicationId,
          application: s.applicationId ? (names.get(s.applicationId) ?? null) : null,
          path: s.path,
          attempts: 0,
          failures: 0,
          series: [],
        };
        endpoints.set(key, e);
      }
      e.attempts += s.attempts;
      e.failures += s.failures;
      e.series.push({ at: s.at.toISOString(), attempts: s.attempts, failures: s.failures });
    }
    const endpointList = [...endpoints.values()].sort((a, b) => b.attempts - a.attempts);
    return {
      from: scope.from.toISOString(),
      to: scope.to.toISOString(),
      masked,
      attempts: endpointList.reduce((n, e) => n + e.attempts, 0),
      failures: endpointList.reduce((n, e) => n + e.failures, 0),
      endpoints: endpointList,
      clients: rankLoginClients(clients, settingsOf).map((c) => ({
        application_id: c.applicationId,
        client_ip: ip(c.clientIp),
        attempts: c.attempts,
        failures: c.failures,
        failure_rate: Math.round(c.failureRate * 1000) / 1000,
        accounts: c.accounts,
        refused: c.refused,
        kinds: c.kinds,
        last_at: c.lastAt.toISOString(),
      })),
      accounts: rankLoginAccounts(accounts, settingsOf, scope.to).map((a) => ({
        application_id: a.applicationId,
        account: masked ? maskAccount(a.account) : a.account,
        attempts: a.attempts,
        failures: a.failures,
        clients: a.failedClients,
        kinds: a.kinds,
        state: a.state,
        last_at: a.lastAt.toISOString(),
      })),
      detections: detections.rows.map((a) => ({
        id: a.id,
        at: a.at.toISOString(),
        application_id: a.applicationId,
        application: a.applicationId ? (names.get(a.applicationId) ?? null) : null,
        client_ip: ip(a.clientIp),
        path: a.path,
        action: a.action,
        detail: ruleData(a, EDGE_RULE_IDS.loginAbuse),
      })),
    };
  }

  /** A part of a stored policy, its defaults filled in (a policy saved before the part existed has none). */
  private partOf<T>(policy: unknown, part: keyof WafPolicy, schema: { parse: (v: unknown) => T }): T {
    return schema.parse((policy as Partial<WafPolicy> | null)?.[part] ?? {});
  }

  private only(category: 'graphql' | 'auth') {
    return { action: null, category, clientIp: null, ruleId: null, search: null };
  }

  private scope(actor: Actor, q: WindowQuery): WafScopeQuery {
    const to = q.to ? new Date(q.to) : new Date();
    const from = q.from ? new Date(q.from) : new Date(to.getTime() - 86_400_000);
    if (!(from < to)) throw errors.invalid({ from: ['Should be before the end of the window'] });
    if (to.getTime() - from.getTime() > MAX_WINDOW_MS) throw errors.invalid({ from: ['The window is longer than any log is kept'] });
    return { tenantId: actor.scope.tenantId, from, to, applicationId: q.application_id ?? null, deviceId: q.edge_id ?? null };
  }
}
