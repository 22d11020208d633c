import { OTHER_KEY, trafficChartLabel, userAppKey, type TrafficChartId, type TrafficGraph, type TrafficRow } from '@netloom/domain';
import { formatMegabytes, rowLabel } from './row-label';

/** One stack of segments: a nested user or application, or one 'Traffic' segment for the plain charts. */
interface BarSeries {
  name: string;
  /** Bytes per bar, aligned with the bars. */
  bytes: number[];
}

export interface TopTrafficBars {
  /** The bars' names, largest first. */
  labels: string[];
  series: BarSeries[];
  /** Behind bar i. */
  rows: TrafficRow[];
}

/** The single series of a plain chart; the stacked charts name theirs after users or applications. */
export const TRAFFIC_SERIES = 'Traffic';

const nestedOf = (chart: TrafficChartId, row: TrafficRow) =>
  chart === 'top-user-per-application' ? row.top_users?.buckets : chart === 'top-application-per-user' ? row.applications?.buckets : undefined;

const isStackedChart = (chart: TrafficChartId): boolean => chart === 'top-user-per-application' || chart === 'top-application-per-user';

/**
 * The bars of a top-traffic chart. Top User per Application and Top Application per User stack
 * each bar's nested buckets; what the buckets leave of the bar's total is one more 'Other'
 * segment, so every bar is as long as its total.
 */
export function topTrafficBars(chart: TrafficChartId, rows: readonly TrafficRow[]): TopTrafficBars {
  const labels = rows.map(rowLabel);
  if (!isStackedChart(chart)) return { labels, series: [{ name: TRAFFIC_SERIES, bytes: rows.map((r) => r.value) }], rows: [...rows] };
  const names: string[] = [];
  const perRow = rows.map((row) => {
    const segments = new Map<string, number>();
    for (const b of nestedOf(chart, row) ?? []) segments.set(b.key, (segments.get(b.key) ?? 0) + b.total_bytes.value);
    const rest = row.value - [...segments.values()].reduce((a, b) => a + b, 0);
    if (rest > 0) segments.set(OTHER_KEY, (segments.get(OTHER_KEY) ?? 0) + rest);
    for (const key of segments.keys()) if (!names.includes(key)) names.push(key);
    return segments;
  });
  // 'Other' stacks last, at the end of each bar.
  const ordered = [...names.filter((n) => n !== OTHER_KEY), ...names.filter((n) => n === OTHER_KEY)];
  return { labels, series: ordered.map((name) => ({ name, bytes: perRow.map((s) => s.get(name) ?? 0) })), rows: [...rows] };
}

/** The flows behind a bar or a segment: a graph and key the flows call filters on. */
export interface DrillTarget {
  graph: TrafficGraph;
  key: string;
  /** What the drawer's title says. */
  title: string;
}

/**
 * What a click on bar `index` (segment `segment` of a stacked chart) drills into, or null for
 * 'Other': the rest of the keys has no one filter. A stacked segment is a user and application
 * pair; its 'Other' segment is the bar's key alone.
 */
export function drillTarget(chart: TrafficChartId, bars: TopTrafficBars, index: number, segment?: string): DrillTarget | null {
  const row = bars.rows[index];
  if (!row || row.key === OTHER_KEY) return null;
  const label = bars.labels[index] ?? row.key;
  if (!isStackedChart(chart) || !segment || segment === TRAFFIC_SERIES) return { graph: chart, key: row.key, title: `${trafficChartLabel(chart)}: ${label}` };
  const perApplication = chart === 'top-user-per-application';
  if (segment === OTHER_KEY) return { graph: perApplication ? 'top-applications' : 'top-users', key: row.key, title: label };
  const [user, application] = perApplication ? [segment, row.key] : [row.key, segment];
  return { graph: chart, key: userAppKey(user, application), title: `${user} · ${application}` };
}

/** What the chart shows, in words, for screen readers: the canvas itself says nothing. */
export function barsSummary(chart: TrafficChartId, bars: TopTrafficBars): string {
  const items = bars.rows.map((r, i) => `${bars.labels[i]} ${formatMegabytes(r.value)}`);
  return `${trafficChartLabel(chart)}: ${items.join(', ')}`;
}
