import { counterRates, latestRates, type DeviceRow, type InterfaceMetrics, type SeriesValue } from '@netloom/domain';
import { SPARKLINE_POINTS } from '@/components/charts/sparkline-points';

/** One interface's charts: ping latency and loss, and traffic rates, aligned with `timestamp`. */
export interface InterfaceSeries {
  ifname: string;
  timestamp: string[];
  latencyMs: SeriesValue[];
  lossPct: SeriesValue[];
  /** Bytes per second, from the counters' deltas. */
  rxRate: SeriesValue[];
  txRate: SeriesValue[];
}

const byTime = (a: { at: string }, b: { at: string }) => Date.parse(a.at) - Date.parse(b.at);

/** Shapes the metrics answer for the charts; interfaces in name order so panels do not jump. */
export function interfaceSeries(metrics: readonly InterfaceMetrics[]): InterfaceSeries[] {
  return metrics
    .map(({ ifname, points }) => {
      const sorted = points.slice().sort(byTime);
      return {
        ifname,
        timestamp: sorted.map((p) => p.at),
        latencyMs: sorted.map((p) => p.latency_ms),
        lossPct: sorted.map((p) => p.loss_pct),
        rxRate: counterRates(sorted.map((p) => ({ at: p.at, value: p.rx_bytes }))),
        txRate: counterRates(sorted.map((p) => ({ at: p.at, value: p.tx_bytes }))),
      };
    })
    .sort((a, b) => a.ifname.localeCompare(b.ifname));
}

export interface WanSparkline {
  name: string;
  ifname: string;
  status: string;
  /** Latest upload (tx) and download (rx) rates, at most 20 each. */
  up: number[];
  down: number[];
}

/** One sparkline per WAN link of the device, fed from its interface's rates (empty with none). */
export function wanSparklines(device: Pick<DeviceRow, 'wan_status'>, series: readonly InterfaceSeries[]): WanSparkline[] {
  const byIfname = new Map(series.map((s) => [s.ifname, s]));
  return device.wan_status.map(({ name, ifname, status }) => {
    const s = byIfname.get(ifname);
    return {
      name,
      ifname,
      status,
      up: s ? latestRates(s.txRate.map(orNull), SPARKLINE_POINTS) : [],
      down: s ? latestRates(s.rxRate.map(orNull), SPARKLINE_POINTS) : [],
    };
  });
}

const orNull = (v: SeriesValue): number | null => (typeof v === 'number' ? v : null);

/** Loss over the window, for the line under the ping graph: the latest reading and the worst. */
export function lossSummary(lossPct: readonly SeriesValue[]): { now: number; max: number } | null {
  const values = lossPct.filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  if (values.length === 0) return null;
  return { now: values[values.length - 1]!, max: Math.max(...values) };
}
