import {
  DEM_AFFECTED_WINDOW_MINUTES,
  DEM_CAUSE_LABELS,
  DEM_SCORE_FORMULA_TEXT,
  DEM_SCORE_RULES,
  worstComponent,
  type AnalyticsRetention,
  type DemAffectedUsers,
  type DemAlarms,
  type DemCause,
  type DemComponent,
  type DemOverview,
  type DemQuery,
  type DemScoreDimension,
  type DemScores,
  type DemTimeseries,
  type demFormulaSchema,
  type demResultsPageSchema,
} from '@netloom/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { Actor } from '../../http/access';
import { errors } from '../../http/errors';
import type { DemAnalytics, DemLevel, DemRawRow, DemScope } from '../traffic/index';
import * as repo from './repo';
import { addTotals, componentsOf, latestRound, meanOf, round1, scoreOf, verdictOf } from './scoring';

const DAY_MS = 86_400_000;
const LEVEL_MS: Record<DemLevel, number> = { minute: 60_000, hour: 3_600_000, day: DAY_MS };
const STEPS_S = [60, 300, 900, 3600, 21_600, 86_400];
const UNKNOWN_LABEL: Record<Exclude<DemScoreDimension, 'application'>, string> = {
  user: 'Unknown user',
  location: 'Unknown location',
  network: 'Unknown network',
};

type Filters = DemQuery & { device_id?: string };

/**
 * The DEM page's questions: scores per application, user, location and network from the rollups
 * (the coarsest level the window allows), trends, the users affected now and the raw results.
 */
export class DemQueries {
  constructor(
    private readonly db: Db,
    private readonly analytics: DemAnalytics,
    private readonly retention: () => AnalyticsRetention,
    private readonly now: () => number = Date.now,
  ) {}

  formula(): z.infer<typeof demFormulaSchema> {
    return { text: DEM_SCORE_FORMULA_TEXT, components: DEM_SCORE_RULES.map((r) => ({ ...r })) };
  }

  async overview(actor: Actor, q: DemQuery): Promise<DemOverview> {
    const scope = this.scope(actor, q);
    const level = this.levelFor(scope);
    const [apps, groups, medians, affected] = await Promise.all([
      repo.listApplications(this.db, scope.tenantId),
      this.analytics.groups(level, this.aligned(scope, level), 'application'),
      this.analytics.medianTotals(scope),
      this.affected(actor, q),
    ]);
    const mid = new Date((scope.from.getTime() + scope.to.getTime()) / 2);
    const [first, second] = await Promise.all([
      this.analytics.groups(level, this.aligned({ ...scope, to: mid }, level), 'application'),
      this.analytics.groups(level, this.aligned({ ...scope, from: mid }, level), 'application'),
    ]);
    const byKey = <T extends { key: string }>(list: T[]) => new Map(list.map((g) => [g.key, g]));
    const [all, early, late] = [byKey(groups), byKey(first), byKey(second)];
    const shown = apps.filter((a) => !scope.applicationId || a.id === scope.applicationId);
    const applications = shown.map((a) => {
      const t = all.get(a.id);
      const before = early.get(a.id);
      const after = late.get(a.id);
      const trend = before && after && before.samples > 0 && after.samples > 0 ? round1(scoreOf(after)! - scoreOf(before)!) : 0;
      return {
        id: a.id,
        name: a.name,
        score: t ? scoreOf(t) : null,
        availability: t && t.samples > 0 ? round1((100 * t.ok) / t.samples) : null,
        p50_total_ms: medians.has(a.id) ? round1(medians.get(a.id)!) : null,
        samples: t?.samples ?? 0,
        worst_component: t ? worstComponent(componentsOf(t)) : null,
        trend,
      };
    });
    const total = addTotals(shown.flatMap((a) => (all.has(a.id) ? [all.get(a.id)!] : [])));
    const people = new Set(affected.map((r) => r.user ?? `device:${r.device_id}`));
    return { score: scoreOf(total), applications, users_affected_now: people.size };
  }

  async scores(actor: Actor, q: DemQuery & { by: DemScoreDimension }): Promise<DemScores> {
    const scope = this.scope(actor, q);
    const level = this.levelFor(scope);
    const [groups, apps] = await Promise.all([this.analytics.groups(level, this.aligned(scope, level), q.by), repo.listApplications(this.db, scope.tenantId)]);
    const names = new Map(apps.map((a) => [a.id, a.name]));
    const results = groups
      // Results for an application that is no longer the organisation's have no row to show them under.
      .filter((g) => q.by !== 'application' || names.has(g.key))
      .map((g) => {
        const components = componentsOf(g);
        return {
          key: g.key,
          label: q.by === 'application' ? names.get(g.key)! : g.key || UNKNOWN_LABEL[q.by],
          score: scoreOf(g) ?? 0,
          samples: g.samples,
          worst_component: worstComponent(components),
          components,
        };
      })
      .sort((a, b) => a.score - b.score || a.label.localeCompare(b.label));
    return { results };
  }

  async timeseries(actor: Actor, q: DemQuery): Promise<DemTimeseries> {
    const scope = this.scope(actor, q);
    const level = this.levelFor(scope);
    const span = scope.to.getTime() - scope.from.getTime();
    const step = STEPS_S.find((s) => s * 1000 >= LEVEL_MS[level] && span / (s * 1000) <= 150) ?? 86_400;
    const rows = await this.analytics.series(level, this.aligned(scope, level), step);
    return {
      step_seconds: step,
      points: rows.map((t) => ({
        at: t.at.toISOString(),
        score: scoreOf(t),
        dns_ms: meanOf(t, 'dns'),
        connect_ms: meanOf(t, 'connect'),
        tls_ms: meanOf(t, 'tls'),
        ttfb_ms: meanOf(t, 'ttfb'),
        total_ms: meanOf(t, 'total'),
        loss: meanOf(t, 'loss'),
        latency_ms: meanOf(t, 'latency'),
        wifi_signal_dbm: meanOf(t, 'wifi'),
      })),
    };
  }

  /** The newest DEM alarms, with the score, threshold and cause their detail carries. */
  async alarms(actor: Actor): Promise<DemAlarms> {
    const [rows, apps] = await Promise.all([repo.demAlarms(this.db, actor.scope.tenantId, 100), repo.listApplications(this.db, actor.scope.tenantId)]);
    const names = new Map(apps.map((a) => [a.id, a.name]));
    const causes = new Map(Object.entries(DEM_CAUSE_LABELS).map(([k, label]) => [label, k as DemCause]));
    return {
      results: rows.map((r) => {
        const m = /^Score ([\d.]+) (?:under|at or above) (\d+)(?: \((.+)\))?$/.exec(r.detail ?? '');
        return {
          id: r.id,
          application_id: r.subject,
          application: names.get(r.subject) ?? null,
          device_id: r.deviceId,
          device_name: r.deviceName,
          user: r.user,
          state: r.state === 'OK' ? 'OK' : 'Alerting',
          score: m ? Number(m[1]) : null,
          threshold: m ? Number(m[2]) : null,
          cause: m?.[3] ? (causes.get(m[3]) ?? null) : null,
          at: r.at.toISOString(),
        };
      }),
    };
  }

  async affectedUsers(actor: Actor, q: DemQuery): Promise<DemAffectedUsers> {
    return { results: await this.affected(actor, q) };
  }

  async results(actor: Actor, q: Filters & { page: number; page_size: number }): Promise<z.infer<typeof demResultsPageSchema>> {
    const scope = this.scope(actor, q);
    const { count, rows } = await this.analytics.results(scope, (q.page - 1) * q.page_size, q.page_size);
    const last = q.page * q.page_size >= count;
    return {
      count,
      next: last ? null : `?page=${q.page + 1}&page_size=${q.page_size}`,
      previous: q.page > 1 ? `?page=${q.page - 1}&page_size=${q.page_size}` : null,
      results: rows.map(resultView),
    };
  }

  /** The endpoints whose experience of an application is under its threshold over the last minutes, worst first, with the cause. */
  private async affected(actor: Actor, q: DemQuery): Promise<DemAffectedUsers['results']> {
    const now = this.now();
    const apps = await repo.listApplications(this.db, actor.scope.tenantId);
    // An application tested every hour has its latest round within the hour: now reaches back that far for it.
    const back = Math.max(DEM_AFFECTED_WINDOW_MINUTES * 60_000, ...apps.map((a) => 2 * a.intervalSeconds * 1000));
    const scope: DemScope = { ...this.scope(actor, {}), from: new Date(now - back), to: new Date(now + 60_000) };
    Object.assign(scope, { applicationId: q.application_id ?? null, user: q.user ?? null, location: q.location ?? null, network: q.network ?? null });
    const rows = await this.analytics.recent(scope);
    const appsById = new Map(apps.map((a) => [a.id, a]));
    const pairs = new Map<string, DemRawRow[]>();
    for (const r of rows) {
      if (!appsById.has(r.applicationId)) continue;
      const key = `${r.deviceId}|${r.applicationId}`;
      pairs.set(key, [...(pairs.get(key) ?? []), r]);
    }
    const out: DemAffectedUsers['results'] = [];
    for (const all of pairs.values()) {
      const app = appsById.get(all[0]!.applicationId)!;
      // Now is the endpoint's latest round of the application's tests.
      const round = latestRound(all, app.intervalSeconds);
      const newest = round[round.length - 1]!;
      const { score, worst, cause } = verdictOf(round);
      if (score >= app.alarmScore) continue;
      const history = await this.analytics.history(scope.tenantId, newest.deviceId, app.id, new Date(now - DAY_MS));
      let since = newest.at;
      for (const h of history) {
        if (h.score >= app.alarmScore) break;
        since = h.at;
      }
      out.push({
        user: newest.user,
        device_id: newest.deviceId,
        device_name: newest.deviceName,
        application: { id: app.id, name: app.name },
        score,
        worst_component: worst,
        cause,
        since: since.toISOString(),
      });
    }
    return out.sort((a, b) => a.score - b.score || a.device_name.localeCompare(b.device_name));
  }

  private scope(actor: Actor, q: Partial<Filters>): DemScope {
    const to = q.end_time ? new Date(q.end_time) : new Date(this.now());
    const from = q.start_time ? new Date(q.start_time) : new Date(to.getTime() - DAY_MS);
    if (from.getTime() >= to.getTime()) throw errors.invalid({ end_time: ['end_time must be after start_time'] });
    return {
      tenantId: actor.scope.tenantId,
      from,
      to,
      applicationId: q.application_id ?? null,
      user: q.user ?? null,
      location: q.location ?? null,
      network: q.network ?? null,
      deviceId: q.device_id ?? null,
    };
  }

  /** The finest level that still holds the window's start and reads at most a few thousand buckets per group. */
  private levelFor(s: DemScope): DemLevel {
    const r = this.retention();
    const age = this.now() - s.from.getTime();
    const span = s.to.getTime() - s.from.getTime();
    if (span <= 2 * DAY_MS && age <= r.minuteDays * DAY_MS) return 'minute';
    if (span <= 90 * DAY_MS && age <= r.hourDays * DAY_MS) return 'hour';
    return 'day';
  }

  /** The window widened to whole buckets of the level (a bucket is counted whole or not at all). */
  private aligned(s: DemScope, level: DemLevel): DemScope {
    const ms = LEVEL_MS[level];
    return { ...s, from: new Date(Math.floor(s.from.getTime() / ms) * ms), to: new Date(Math.ceil(s.to.getTime() / ms) * ms) };
  }
}

function resultView(r: DemRawRow): z.infer<typeof demResultsPageSchema>['results'][number] {
  return {
    at: r.at.toISOString(),
    device_id: r.deviceId,
    device_name: r.deviceName,
    user: r.user,
    application_id: r.applicationId,
    test_id: r.testId,
    kind: r.kind as 'http' | 'path' | 'availability',
    ok: r.ok,
    status: r.status,
    error: r.error,
    dns_ms: r.dnsMs,
    connect_ms: r.connectMs,
    tls_ms: r.tlsMs,
    ttfb_ms: r.ttfbMs,
    total_ms: r.totalMs,
    latency_ms: r.latencyMs,
    loss: r.loss,
    hops: r.hops,
    path: r.path as 'relay' | 'direct',
    relay: r.relay,
    network: r.networkKind as 'wifi' | 'wired' | 'cellular',
    wifi_ssid: r.networkKind === 'wifi' ? r.network : null,
    wifi_signal_dbm: r.wifiSignalDbm,
    cpu_pct: r.cpuPct,
    memory_pct: r.memoryPct,
    location: r.location,
    score: r.score,
    worst_component: r.worstComponent as DemComponent | null,
    cause: r.cause as DemCause | null,
  };
}
