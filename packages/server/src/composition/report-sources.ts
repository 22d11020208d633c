import { MAX_TRAFFIC_WINDOW_DAYS, UNKNOWN_KEY, trafficQueryBodySchema } from '@netloom/domain';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Actor } from '../http/access';
import type { Services } from './services';
import { UrlAnalytics, URL_DIMENSIONS } from '../modules/traffic/index';
import * as own from '../modules/reports/sources-repo';
import type { ReportScope, ReportSources } from '../modules/reports/sources';

const DAY_MS = 86_400_000;

/**
 * A report reads its tenant's data as the tenant's own owner would: the other modules' services
 * take an actor, and this one stands for the tenant (reports are made by owners and admins, and
 * by their schedules, with nobody signed in). Nothing is written or audited with it.
 */
const readerOf = (tenantId: string): Actor => ({
  scope: { tenantId, tenantName: '', role: 'owner', isSuperAdmin: false },
  userId: '',
  email: '',
  ip: '',
});

/** Report generation's view of the product, built from the other modules' services (the composition root wires it). */
export function reportSources(db: Db, services: Services, config: Config): ReportSources {
  const urls = new UrlAnalytics(db);
  return {
    tenantName: (tenantId) => own.tenantName(db, tenantId),

    async devices(tenantId, kind) {
      const [{ rows }, serials] = await Promise.all([
        services.devices.list(tenantId, {
          networkIds: [],
          kinds: [kind],
          statuses: [],
          os: [],
          users: [],
          locations: [],
          search: null,
          sort: { key: 'name', direction: 'asc' },
          offset: 0,
          limit: null,
        }),
        own.serialsOf(db, tenantId),
      ]);
      return rows.map((r) => ({ ...r, serial: serials.get(r.id) ?? '' }));
    },

    alarmHistory: (scope, ids) => own.alarmHistory(db, scope, ids),

    async heartbeats(scope: ReportScope, ids) {
      return {
        minutes: await own.heartbeatMinutes(db, scope, ids),
        // Metrics come with the heartbeats and are kept for DEVICE_METRICS_RETENTION_HOURS.
        keptSince: new Date(Date.now() - config.fleet.metricsRetentionHours * 3_600_000),
        // Counted by the minute: a device heard in a minute was up in it; the server calls it offline after a silence this long.
        graceMs: Math.max(60_000, config.fleet.offlineAfterSeconds * 1000),
      };
    },

    topTraffic(scope, graph, count) {
      // The analytics store answers at most MAX_TRAFFIC_WINDOW_DAYS; a longer period reads its latest part.
      const from = new Date(Math.max(scope.from.getTime(), scope.to.getTime() - MAX_TRAFFIC_WINDOW_DAYS * DAY_MS));
      const body = trafficQueryBodySchema.parse({ from: from.toISOString(), to: scope.to.toISOString(), top_count: count });
      return services.traffic.chart(readerOf(scope.tenantId), scope.product, graph, body);
    },

    async webFilter(scope, count) {
      const top = (dim: string, n: number) => urls.topBetween(scope.tenantId, scope.from, scope.to, dim, n);
      const [actions, blocked, users] = await Promise.all([
        top(URL_DIMENSIONS.action, 10),
        top(URL_DIMENSIONS.blockedDomain, count),
        top(URL_DIMENSIONS.user, count),
      ]);
      const of = (key: string) => actions.find((a) => a.key === key)?.count ?? 0;
      return {
        // Logged requests were let through: allowed, as the web filter's own summary counts them.
        allowed: of('allowed') + of('logged'),
        blocked: of('blocked'),
        topBlocked: blocked.map((b) => ({ name: b.key, count: b.count })),
        topUsers: users.map((u) => ({ name: u.key === UNKNOWN_KEY ? 'Unknown' : u.key, count: u.count })),
      };
    },

    async logs(scope, kind, page) {
      const q = { start_time: scope.from.toISOString(), end_time: scope.to.toISOString() };
      return (await services.logs.list(readerOf(scope.tenantId), kind, q, page)).rows;
    },
  };
}
