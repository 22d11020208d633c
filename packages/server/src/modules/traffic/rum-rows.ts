import {
  errorFingerprint,
  rateVital,
  rumPageOf,
  referrerOrigin,
  vitalBucket,
  type RumBeacon,
  type RumClient,
  type RumEvent,
  type VitalName,
} from '@netloom/domain';

/** A beacon the ingest accepted, with what the server learnt of its sender (never the address itself). */
export interface RumBeaconToStore {
  tenantId: string;
  siteId: string;
  receivedAt: Date;
  /** From the client's address by the GeoIP data; null for private or unlisted ones. */
  country: string | null;
  client: RumClient;
  beacon: RumBeacon;
}

/*
 * Event times come from the browser's clock, which may be anything. A time more than a day before
 * the beacon arrived or a minute after it is replaced by the arrival: rows land in today's
 * partitions and rollups, never in a year no one asks about.
 */
const EARLIEST_MS = 86_400_000;
const LATEST_MS = 60_000;
function eventTime(at: number, receivedAt: Date): number {
  const now = receivedAt.getTime();
  return at < now - EARLIEST_MS || at > now + LATEST_MS ? now : Math.round(at);
}

export interface Dims {
  tenant_id: string;
  site_id: string;
  session_id: string;
  page_view_id: string;
  page: string;
  country: string;
  browser: string;
  os: string;
  device_class: string;
}

interface PageViewRow extends Dims {
  at: string;
  kind: 'view' | 'route';
  origin: string;
  path: string;
  from_page: string | null;
  referrer: string | null;
  release: string | null;
  nav_type: string | null;
  timing: Record<string, number> | null;
  resources: unknown;
}
interface VitalRow extends Dims {
  at: string;
  name: VitalName;
  value: number;
  rating: string;
  attribution: unknown;
}
interface ErrorRow extends Dims {
  at: string;
  release: string | null;
  fingerprint: string;
  kind: string;
  message: string;
  stack: string | null;
  source: string | null;
  line: number | null;
  col: number | null;
}
export interface SessionRow {
  tenant_id: string;
  site_id: string;
  session_id: string;
  started_at: string;
  ended_at: string;
  page_views: number;
  errors: number;
  country: string;
  browser: string;
  os: string;
  device_class: string;
  entry_page: string;
  exit_page: string;
}

export interface RumRows {
  views: PageViewRow[];
  vitals: VitalRow[];
  errors: ErrorRow[];
  sessions: SessionRow[];
}

const iso = (ms: number) => new Date(ms).toISOString();

function pathOf(url: string): string {
  try {
    return new URL(url, 'http://x').pathname.slice(0, 1024) || '/';
  } catch {
    return url.slice(0, 1024);
  }
}

/** The raw rows of a batch of beacons, and each session's summary (one row a session, for one upsert). */
export function rumRowsOf(beacons: readonly RumBeaconToStore[]): RumRows {
  const rows: RumRows = { views: [], vitals: [], errors: [], sessions: [] };
  const sessions = new Map<string, SessionRow & { entryAt: number; exitAt: number }>();
  for (const b of beacons) {
    const { origin, path } = rumPageOf(b.beacon.url);
    const page = (b.beacon.route ?? path).slice(0, 1024);
    const dims: Dims = {
      tenant_id: b.tenantId,
      site_id: b.siteId,
      session_id: b.beacon.sid,
      page_view_id: b.beacon.pid,
      page,
      country: b.country ?? '',
      browser: b.client.browser,
      os: b.client.os,
      device_class: b.client.device_class,
    };
    const release = b.beacon.release ?? null;
    let first = Infinity;
    let last = -Infinity;
    let lastPage = page;
    let views = 0;
    let errors = 0;
    for (const e of b.beacon.events) {
      const at = eventTime(e.at, b.receivedAt);
      const eventPage = e.t === 'route' ? (e.route ?? pathOf(e.to)) : page;
      if (at < first) first = at;
      if (at >= last) {
        last = at;
        lastPage = eventPage;
      }
      addEvent(rows, dims, e, at, { origin, path, release, ref: b.beacon.ref });
      if (e.t === 'view') views++;
      if (e.t === 'error') errors++;
    }
    const key = `${b.siteId}|${b.beacon.sid}`;
    const s = sessions.get(key);
    if (!s) {
      sessions.set(key, {
        tenant_id: b.tenantId,
        site_id: b.siteId,
        session_id: b.beacon.sid,
        started_at: iso(first),
        ended_at: iso(last),
        page_views: views,
        errors,
        country: dims.country,
        browser: dims.browser,
        os: dims.os,
        device_class: dims.device_class,
        entry_page: page,
        exit_page: lastPage,
        entryAt: first,
        exitAt: last,
      });
    } else {
      s.page_views += views;
      s.errors += errors;
      if (first < s.entryAt) Object.assign(s, { entryAt: first, started_at: iso(first), entry_page: page });
      if (last >= s.exitAt) Object.assign(s, { exitAt: last, ended_at: iso(last), exit_page: lastPage });
    }
  }
  rows.sessions = [...sessions.values()]
    .map(({ entryAt: _e, exitAt: _x, ...row }) => row)
    .sort((a, b) => (a.site_id + a.session_id < b.site_id + b.session_id ? -1 : 1));
  return rows;
}

function addEvent(rows: RumRows, dims: Dims, e: RumEvent, at: number, page: { origin: string; path: string; release: string | null; ref?: string }): void {
  switch (e.t) {
    case 'view': {
      const { type, ...timing } = e.nav ?? { type: null };
      rows.views.push({
        ...dims,
        at: iso(at),
        kind: 'view',
        origin: page.origin,
        path: page.path,
        from_page: null,
        referrer: referrerOrigin(page.ref),
        release: page.release,
        nav_type: type,
        timing: Object.keys(timing).length > 0 ? timing : null,
        resources: e.resources ?? null,
      });
      return;
    }
    case 'route': {
      const to = pathOf(e.to);
      rows.views.push({
        ...dims,
        page: (e.route ?? to).slice(0, 1024),
        at: iso(at),
        kind: 'route',
        origin: page.origin,
        path: to,
        from_page: pathOf(e.from),
        referrer: null,
        release: page.release,
        nav_type: 'route',
        timing: null,
        resources: null,
      });
      return;
    }
    case 'vital':
      rows.vitals.push({ ...dims, at: iso(at), name: e.name, value: e.value, rating: rateVital(e.name, e.value), attribution: e.attribution ?? null });
      return;
    case 'error':
      rows.errors.push({
        ...dims,
        at: iso(at),
        release: page.release,
        fingerprint: errorFingerprint(e),
        kind: e.kind ?? 'Error',
        message: e.message,
        stack: e.stack ?? null,
        source: e.source ?? null,
        line: e.line ?? null,
        col: e.col ?? null,
      });
  }
}

export const ROLLUP_LEVELS = ['minute', 'hour', 'day'] as const;
export type RumRollupLevel = (typeof ROLLUP_LEVELS)[number];
export const LEVEL_MS: Record<RumRollupLevel, number> = { minute: 60_000, hour: 3_600_000, day: 86_400_000 };
export const truncate = (at: string, level: RumRollupLevel) => iso(Math.floor(Date.parse(at) / LEVEL_MS[level]) * LEVEL_MS[level]);

export interface PageRollupRow {
  site_id: string;
  at: string;
  page: string;
  country: string;
  browser: string;
  os: string;
  device_class: string;
  views: number;
  errors: number;
}
export interface VitalRollupRow extends Omit<PageRollupRow, 'views' | 'errors'> {
  vital: string;
  rating: string;
  bucket: number;
  count: number;
}

/** The batch's additions to one level's rollups, sorted by key (instances adding to the same rows lock them in one order). */
export function rumRollupsOf(rows: RumRows, level: RumRollupLevel): { pages: PageRollupRow[]; vitals: VitalRollupRow[] } {
  const pages = new Map<string, PageRollupRow>();
  const add = (r: Dims & { at: string }, views: number, errors: number) => {
    const at = truncate(r.at, level);
    const key = [r.site_id, at, r.page, r.country, r.browser, r.os, r.device_class].join('\u0000');
    const row = pages.get(key);
    if (row) {
      row.views += views;
      row.errors += errors;
    } else {
      pages.set(key, { site_id: r.site_id, at, page: r.page, country: r.country, browser: r.browser, os: r.os, device_class: r.device_class, views, errors });
    }
  };
  for (const v of rows.views) if (v.kind === 'view') add(v, 1, 0);
  for (const e of rows.errors) add(e, 0, 1);
  const vitals = new Map<string, VitalRollupRow>();
  for (const v of rows.vitals) {
    const at = truncate(v.at, level);
    const bucket = vitalBucket(v.name, v.value);
    const key = [v.site_id, v.name, at, v.page, v.country, v.browser, v.os, v.device_class, v.rating, bucket].join('\u0000');
    const row = vitals.get(key);
    if (row) row.count++;
    else
      vitals.set(key, {
        site_id: v.site_id,
        at,
        page: v.page,
        country: v.country,
        browser: v.browser,
        os: v.os,
        device_class: v.device_class,
        vital: v.name,
        rating: v.rating,
        bucket,
        count: 1,
      });
  }
  const sorted = <T>(m: Map<string, T>) => [...m].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, v]) => v);
  return { pages: sorted(pages), vitals: sorted(vitals) };
}
