import { sql, type SQL } from 'drizzle-orm';
import type { VitalName } from '@netloom/domain';
import type { Db } from '../../db/client';
import { rawWhere, sessionWhere, type RumScope } from './rum-queries';

type Row = Record<string, unknown>;
const rowsOf = async <T extends Row>(db: Db, query: SQL): Promise<T[]> => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
const num = (v: unknown): number => Number(v ?? 0);
const text = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));
const jsonOf = (v: unknown): unknown => (typeof v === 'string' ? JSON.parse(v) : v);
const iso = (v: unknown): string => new Date(v as string).toISOString();

export interface StoredAttribution {
  page: string;
  target: string | null;
  url: string | null;
  interactionType: string | null;
  phases: Record<string, number> | null;
}

export interface StoredErrorGroup {
  fingerprint: string;
  message: string;
  kind: string;
  count: number;
  sessions: number;
  pages: number;
  firstSeen: string;
  lastSeen: string;
  release: string | null;
  stack: string | null;
}

export interface StoredSession {
  id: string;
  startedAt: string;
  endedAt: string;
  pageViews: number;
  errors: number;
  country: string | null;
  browser: string;
  os: string;
  deviceClass: string;
  entryPage: string;
  exitPage: string;
}

export interface StoredSessionEvent {
  at: string;
  type: 'view' | 'route' | 'vital' | 'error';
  page: string;
  detail: Record<string, unknown>;
}

function sessionOf(r: Row): StoredSession {
  return {
    id: String(r.session_id),
    startedAt: iso(r.started_at),
    endedAt: iso(r.ended_at),
    pageViews: num(r.page_views),
    errors: num(r.errors),
    country: r.country ? String(r.country) : null,
    browser: String(r.browser),
    os: String(r.os),
    deviceClass: String(r.device_class),
    entryPage: String(r.entry_page),
    exitPage: String(r.exit_page),
  };
}

/** Samples of a page an attribution is read from. */
const ATTRIBUTION_SAMPLES = 500;

/** RUM's reads of the raw rows (kept for days): what a rollup cannot hold, attributions, error stacks, sessions. */
export class RumRawAnalytics {
  constructor(private readonly db: Db) {}

  /**
   * The most frequent attribution of each page's slower samples (those not rated good; all of them when
   * every sample is good): the LCP element and resource, the interaction, and the median of each phase.
   */
  async attributions(scope: RumScope, vital: VitalName, pages: readonly string[]): Promise<StoredAttribution[]> {
    if (pages.length === 0) return [];
    const { page: _one, ...everyPage } = scope;
    const rows = await rowsOf(
      this.db,
      // The newest samples of each page (at most ATTRIBUTION_SAMPLES, by the page's index): what slows a page now, read in the
      // same time whatever the window.
      sql`with v as (
          select p.page, x.attribution, x.rating
          from (values ${sql.join(
            pages.map((p) => sql`(${p})`),
            sql`, `,
          )}) as p(page)
          cross join lateral (
            select attribution, rating from rum_vitals r
            where ${rawWhere(everyPage, 'r')} and r.name = ${vital} and r.page = p.page and r.attribution is not null
            order by r.at desc limit ${ATTRIBUTION_SAMPLES}
          ) x
        ), slow as (
          select * from v where rating <> 'good' or not exists (select 1 from v w where w.page = v.page and w.rating <> 'good')
        ), top as (
          select distinct on (page) page, attribution->>'target' as target, attribution->>'url' as url,
            attribution->>'interaction_type' as interaction_type, count(*) over (partition by page, attribution->>'target') as n
          from slow order by page, n desc
        )
        select t.page, t.target, t.url, t.interaction_type,
          (select jsonb_object_agg(k, med) from (
             select k, percentile_cont(0.5) within group (order by (s.attribution->'phases'->>k)::double precision) as med
             from slow s, jsonb_object_keys(coalesce(s.attribution->'phases', '{}'::jsonb)) k
             where s.page = t.page group by k) m) as phases
        from top t`,
    );
    return rows.map((r) => ({
      page: String(r.page),
      target: text(r.target),
      url: text(r.url),
      interactionType: text(r.interaction_type),
      phases: r.phases ? (jsonOf(r.phases) as Record<string, number>) : null,
    }));
  }

  /** Errors grouped by fingerprint, most frequent first, with the newest occurrence's message, stack and release. */
  async errorGroups(scope: RumScope, limit: number): Promise<StoredErrorGroup[]> {
    const rows = await rowsOf(
      this.db,
      // Counted in one pass; the newest occurrence of each of the top groups found by its time (the site's time index).
      sql`with g as (
          select fingerprint, count(*) as n, count(distinct session_id)::text as sessions, count(distinct page)::text as pages,
            min(at) as first_seen, max(at) as last_seen
          from rum_errors r where ${rawWhere(scope, 'r')}
          group by fingerprint order by count(*) desc, fingerprint limit ${limit}
        )
        select g.fingerprint, g.n::text as n, g.sessions, g.pages, g.first_seen, g.last_seen, x.message, x.kind, x.release, x.stack
        from g cross join lateral (
          select message, kind, release, stack from rum_errors e
          where e.site_id = ${scope.siteId} and e.at = g.last_seen and e.fingerprint = g.fingerprint limit 1
        ) x
        order by g.n desc, g.fingerprint`,
    );
    return rows.map((r) => ({
      fingerprint: String(r.fingerprint),
      message: String(r.message),
      kind: String(r.kind),
      count: num(r.n),
      sessions: num(r.sessions),
      pages: num(r.pages),
      firstSeen: iso(r.first_seen),
      lastSeen: iso(r.last_seen),
      release: text(r.release),
      stack: text(r.stack),
    }));
  }

  /** A page of the sessions that started in the window, newest first (their count is the rollups'). */
  async sessions(scope: RumScope, page: { offset: number; limit: number }): Promise<StoredSession[]> {
    const rows = await rowsOf(
      this.db,
      sql`select * from rum_sessions s where ${sessionWhere(scope)} order by s.started_at desc, s.session_id offset ${page.offset} limit ${page.limit}`,
    );
    return rows.map(sessionOf);
  }

  /** One session and everything it sent, in order; null when the site has no such session. */
  async session(siteId: string, sessionId: string): Promise<{ session: StoredSession; events: StoredSessionEvent[] } | null> {
    const [row] = await rowsOf(this.db, sql`select * from rum_sessions s where s.site_id = ${siteId} and s.session_id = ${sessionId}`);
    if (!row) return null;
    const events = await rowsOf(
      this.db,
      sql`select * from (
          select at, kind as type, page, jsonb_build_object('path', path, 'from', from_page, 'nav_type', nav_type, 'timing', timing,
            'resources', resources, 'release', release) as detail
          from rum_page_views where site_id = ${siteId} and session_id = ${sessionId}
          union all
          select at, 'vital', page, jsonb_build_object('name', name, 'value', value, 'rating', rating, 'attribution', attribution)
          from rum_vitals where site_id = ${siteId} and session_id = ${sessionId}
          union all
          select at, 'error', page, jsonb_build_object('message', message, 'kind', kind, 'fingerprint', fingerprint, 'release', release)
          from rum_errors where site_id = ${siteId} and session_id = ${sessionId}
        ) e order by at, type limit 1000`,
    );
    return {
      session: sessionOf(row),
      events: events.map((e) => ({
        at: iso(e.at),
        type: String(e.type) as StoredSessionEvent['type'],
        page: String(e.page),
        detail: Object.fromEntries(Object.entries(jsonOf(e.detail) as Record<string, unknown>).filter(([, v]) => v !== null)),
      })),
    };
  }
}
