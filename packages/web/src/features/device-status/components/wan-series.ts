import type { InterfaceMetrics, SeriesValue } from '@netloom/domain';

type PingField = 'latency_ms' | 'jitter_ms' | 'loss_pct';

/**
 * Every WAN's ping figures on one time axis, as a chart comparing links needs: `names[i]` is the
 * WAN of `latencyMs[i]`, `jitterMs[i]` and `lossPct[i]`, each aligned with `timestamp`.
 */
export interface WanChartData {
  timestamp: string[];
  names: string[];
  latencyMs: SeriesValue[][];
  jitterMs: SeriesValue[][];
  lossPct: SeriesValue[][];
}

const byTime = (a: string, b: string) => Date.parse(a) - Date.parse(b);

/**
 * A gateway reports all its links in one metrics message, so their points share times; a time one
 * link missed stays a gap in its line rather than a made-up value. WANs in name order so the
 * colours and the picker do not reshuffle on each refresh.
 */
export function wanChartData(metrics: readonly InterfaceMetrics[]): WanChartData {
  const timestamp = [...new Set(metrics.flatMap((m) => m.points.map((p) => p.at)))].sort(byTime);
  const wans = metrics.slice().sort((a, b) => a.ifname.localeCompare(b.ifname));
  const field = (key: PingField) =>
    wans.map(({ points }) => {
      const byAt = new Map(points.map((p) => [p.at, p[key]]));
      return timestamp.map((at) => byAt.get(at) ?? null);
    });
  return { timestamp, names: wans.map((w) => w.ifname), latencyMs: field('latency_ms'), jitterMs: field('jitter_ms'), lossPct: field('loss_pct') };
}
