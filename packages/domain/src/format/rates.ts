/** One reading of an ever-growing byte counter. */
export interface CounterSample {
  /** Epoch milliseconds or an ISO date. */
  at: number | string;
  value: number | null | undefined;
}

const epochMs = (at: number | string): number => (typeof at === 'number' ? at : Date.parse(at));
const usable = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;

/**
 * Per-second rates from counter readings, one per sample and aligned with them: the first
 * sample, and any sample next to a missing reading or a non-advancing clock, has no rate (null),
 * so a chart shows a gap rather than a made-up value. A counter that went down was reset (device
 * reboot, interface flap, 32-bit wrap): it restarted from 0, so the bytes since are the new value.
 */
export function counterRates(samples: readonly CounterSample[]): (number | null)[] {
  return samples.map((sample, i) => {
    if (i === 0) return null;
    const prev = samples[i - 1]!;
    if (!usable(sample.value) || !usable(prev.value)) return null;
    const seconds = (epochMs(sample.at) - epochMs(prev.at)) / 1000;
    if (!Number.isFinite(seconds) || seconds <= 0) return null;
    const delta = sample.value - prev.value;
    return (delta >= 0 ? delta : sample.value) / seconds;
  });
}

/** The latest `count` rates as plain numbers for a sparkline: gaps read as no traffic. */
export function latestRates(rates: readonly (number | null)[], count: number): number[] {
  return rates
    .slice(1)
    .slice(-count)
    .map((r) => r ?? 0);
}

const BIT_RATE_UNITS = ['bps', 'Kbps', 'Mbps', 'Gbps', 'Tbps'];

/**
 * A traffic rate as network admins read it and as links are sold: bits per second, in steps of
 * 1000 (1 Mbps is 1,000,000 bits a second). Devices count bytes, so the rate the charts hold is
 * bytes per second; labelling that 'Kbps' in 1024 steps read 8 times too low. The unit is chosen
 * after rounding to two decimals, so 999,999 bps reads '1 Mbps', not '1000.00 Kbps'.
 */
export function formatBitRate(bytesPerSecond: number): string {
  if (!Number.isFinite(bytesPerSecond)) return '-';
  let v = Math.abs(bytesPerSecond) * 8;
  let unit = 0;
  while (Math.round(v * 100) / 100 >= 1000 && unit < BIT_RATE_UNITS.length - 1) {
    v /= 1000;
    unit++;
  }
  const rounded = Math.round(v * 100) / 100;
  const shown = Number.isInteger(rounded) ? String(rounded) : rounded.toFixed(2);
  return `${bytesPerSecond < 0 ? '-' : ''}${shown} ${BIT_RATE_UNITS[unit]}`;
}
