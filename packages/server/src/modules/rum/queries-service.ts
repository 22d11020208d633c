import {
  VITAL_NAMES,
  VITAL_THRESHOLDS,
  goodShare,
  percentileFromBuckets,
  rateVital,
  vitalUnit,
  type RumBreakdownQuery,
  type RumBreakdownResult,
  type RumErrors,
  type RumOverview,
  type RumQuery,
  type RumSessionDetail,
  type RumSessionsQuery,
  type RumSlowestPages,
  type RumTimeseries,
  type RumVitalQuery,
  type VitalName,
} from '@netloom/domain';
import type { HistogramCell, RumAnalytics, RumRawAnalytics, RumScope, StoredSession } from '../traffic/index';
import type { Actor } from '../../http/access';
import { errors } from '../../http/errors';
import type { RumSiteService } from './sites-service';
import type { RumSourceMapService } from './source-map-service';

interface VitalStats {
  p75: number | null;
  samples: number;
  good: number;
}

/** p75, samples and good samples of each key's histogram. */
function statsByKey(cells: readonly HistogramCell[]): Map<string, VitalStats & { vital: VitalName }> {
  const groups = new Map<string, { vital: VitalName; cells: HistogramCell[] }>();
  for (const c of cells) {
    const g = groups.get(c.key) ?? { vital: c.vital, cells: [] };
    g.cells.push(c);
    groups.set(c.key, g);
  }
  const out = new Map<string, VitalStats & { vital: VitalName }>();
  for (const [key, g] of groups) {
    const samples = g.cells.reduce((n, c) => n + c.count, 0);
    const good = g.cells.filter((c) => c.rating === 'good').reduce((n, c) => n + c.count, 0);
    out.set(key, { vital: g.vital, p75: percentileFromBuckets(g.vital, g.cells), samples, good });
  }
  return out;
}

const rounded = (share: number | null) => (share === null ? null : Math.round(share * 10_000) / 10_000);
const ratingOf = (vital: VitalName, p75: number | null) => (p75 === null ? null : rateVital(vital, p75));
const ERROR_GROUPS = 50;
const BREAKDOWN_ROWS = 50;
const SLOWEST_PAGES = 10;

const DAY_MS = 86_400_000;

/** The question's window: the last day unless it names its ends (one end alone counts a day from it). */
function scopeOf(q: RumQuery): RumScope {
  const to = q.end_time ? new Date(q.end_time) : q.start_time ? new Date(Date.parse(q.start_time) + DAY_MS) : new Date();
  const from = q.start_time ? new Date(q.start_time) : new Date(to.getTime() - DAY_MS);
  return {
    siteId: q.site_id,
    from,
    to,
    ...(q.page !== undefined ? { page: q.page } : {}),
    ...(q.country !== undefined ? { country: q.country } : {}),
    ...(q.browser !== undefined ? { browser: q.browser } : {}),
    ...(q.device_class !== undefined ? { deviceClass: q.device_class } : {}),
  };
}

function sessionAnswer(s: StoredSession) {
  return {
    id: s.id,
    started_at: s.startedAt,
    ended_at: s.endedAt,
    page_views: s.pageViews,
    errors: s.errors,
    country: s.country,
    browser: s.browser,
    os: s.os,
    device_class: s.deviceClass,
    entry_page: s.entryPage,
    exit_page: s.exitPage,
  };
}

/** What the RUM page shows: vitals' p75 against Google's thresholds, breakdowns, slow pages, errors, sessions. */
export class RumQueryService {
  constructor(
    private readonly sites: RumSiteService,
    private readonly analytics: RumAnalytics,
    private readonly raw: RumRawAnalytics,
    private readonly maps: RumSourceMapService,
  ) {}

  /** The query's site must be the tenant's (404 otherwise, as for any other tenant's object). */
  private async scope(actor: Actor, q: RumQuery): Promise<RumScope> {
    await this.sites.row(actor.scope.tenantId, q.site_id);
    return scopeOf(q);
  }

  async overview(actor: Actor, q: RumQuery): Promise<RumOverview> {
    const scope = await this.scope(actor, q);
    const [totals, sessions, cells] = await Promise.all([
      this.analytics.pageTotals(scope),
      this.analytics.sessionCount(scope),
      this.analytics.histogram(scope),
    ]);
    const byVital = statsByKey(cells.map((c) => ({ ...c, key: c.vital })));
    const vitals = VITAL_NAMES.map((name) => {
      const s = byVital.get(name) ?? { p75: null, samples: 0, good: 0 };
      return {
        name,
        p75: s.p75,
        rating: ratingOf(name, s.p75),
        good_share: rounded(goodShare(s.good, s.samples)),
        samples: s.samples,
        thresholds: VITAL_THRESHOLDS[name],
        unit: vitalUnit(name),
      };
    });
    const lcp = vitals.find((v) => v.name === 'LCP')!;
    return {
      page_views: totals.views,
      sessions,
      error_rate: totals.views > 0 ? Math.round((totals.errors / totals.views) * 10_000) / 10_000 : 0,
      // A page load is good when its LCP is (Cloudflare's and CrUX's headline share).
      good_load_share: lcp.good_share,
      vitals,
    };
  }

  async timeseries(actor: Actor, q: RumVitalQuery): Promise<RumTimeseries> {
    const scope = await this.scope(actor, q);
    const { stepMs, cells } = await this.analytics.series(scope, q.vital);
    const stats = statsByKey(cells);
    const points: RumTimeseries['points'] = [];
    const first = Math.floor(scope.from.getTime() / stepMs) * stepMs;
    for (let t = first; t < scope.to.getTime(); t += stepMs) {
      const at = new Date(t).toISOString().replace('.000Z', 'Z');
      const s = stats.get(at);
      points.push({
        at: new Date(t).toISOString(),
        p75: s?.p75 ?? null,
        samples: s?.samples ?? 0,
        good_share: rounded(s ? goodShare(s.good, s.samples) : null),
      });
    }
    return { step_seconds: stepMs / 1000, points };
  }

  async breakdown(actor: Actor, q: RumBreakdownQuery): Promise<RumBreakdownResult> {
    const scope = await this.scope(actor, q);
    const stats = statsByKey(await this.analytics.breakdown(scope, q.vital, q.by));
    const results = [...stats]
      .map(([key, s]) => ({
        key: q.by === 'country' && key === '' ? 'Unknown' : key,
        p75: s.p75,
        samples: s.samples,
        good_share: rounded(goodShare(s.good, s.samples)),
        rating: ratingOf(q.vital, s.p75),
      }))
      .sort((a, b) => b.samples - a.samples || a.key.localeCompare(b.key))
      .slice(0, BREAKDOWN_ROWS);
    return { results };
  }

  async slowestPages(actor: Actor, q: RumVitalQuery): Promise<RumSlowestPages> {
    const scope = await this.scope(actor, q);
    const stats = statsByKey(await this.analytics.breakdown(scope, q.vital, 'page'));
    const slowest = [...stats]
      .filter(([, s]) => s.p75 !== null)
      .sort(([ka, a], [kb, b]) => b.p75! - a.p75! || ka.localeCompare(kb))
      .slice(0, SLOWEST_PAGES);
    const attributions = new Map(
      (
        await this.raw.attributions(
          scope,
          q.vital,
          slowest.map(([page]) => page),
        )
      ).map((a) => [a.page, a]),
    );
    return {
      results: slowest.map(([page, s]) => {
        const a = attributions.get(page);
        return {
          page,
          p75: s.p75,
          samples: s.samples,
          rating: ratingOf(q.vital, s.p75),
          attribution: a ? { target: a.target, url: a.url, interaction_type: a.interactionType, phases: a.phases } : null,
        };
      }),
    };
  }

  async errors(actor: Actor, q: RumQuery): Promise<RumErrors> {
    const scope = await this.scope(actor, q);
    const [totals, groups] = await Promise.all([this.analytics.pageTotals(scope), this.raw.errorGroups(scope, ERROR_GROUPS)]);
    const stacks = await this.maps.resolveAll(
      scope.siteId,
      groups.flatMap((g) => (g.stack ? [{ release: g.release, stack: g.stack }] : [])),
    );
    let next = 0;
    const results = groups.map((g) => {
      const resolved = g.stack ? stacks[next++]! : { stack: null, resolved: false };
      return {
        fingerprint: g.fingerprint,
        message: g.message,
        kind: g.kind,
        count: g.count,
        sessions: g.sessions,
        pages: g.pages,
        first_seen: g.firstSeen,
        last_seen: g.lastSeen,
        release: g.release,
        stack: resolved.stack,
        resolved: resolved.resolved,
      };
    });
    return { error_rate: totals.views > 0 ? Math.round((totals.errors / totals.views) * 10_000) / 10_000 : 0, results };
  }

  async sessions(actor: Actor, q: RumSessionsQuery, pageUrl: (page: number) => string) {
    const scope = await this.scope(actor, q);
    const offset = (q.page_number - 1) * q.page_size;
    // The count from the rollups (sessions counted at their first beacon), the page from the sessions table.
    const [count, rows] = await Promise.all([this.analytics.sessionCount(scope), this.raw.sessions(scope, { offset, limit: q.page_size })]);
    return {
      count,
      next: offset + rows.length < count ? pageUrl(q.page_number + 1) : null,
      previous: q.page_number > 1 ? pageUrl(q.page_number - 1) : null,
      results: rows.map(sessionAnswer),
    };
  }

  async session(actor: Actor, siteId: string, sessionId: string): Promise<RumSessionDetail> {
    await this.sites.row(actor.scope.tenantId, siteId);
    const found = await this.raw.session(siteId, sessionId);
    if (!found) throw errors.notFound();
    return { session: sessionAnswer(found.session), events: found.events };
  }
}
