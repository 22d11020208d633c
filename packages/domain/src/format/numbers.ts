import { formatBitRate } from './rates';

const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'];

/** Table bytes: steps of 1024, one decimal (spec 000 §9). */
export function formatBytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes)) return 'Not Available';
  let value = Math.abs(bytes);
  let unit = 0;
  // The unit is chosen after rounding to one decimal: 1,048,575 bytes is 1.0 MB, not 1024.0 KB.
  while (Math.round(value * 10) / 10 >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${bytes < 0 ? '-' : ''}${value.toFixed(1)} ${BYTE_UNITS[unit]}`;
}

/** Traffic panels show megabytes of 1e6 bytes. */
export const bytesToMegabytes = (bytes: number): number => bytes / 1e6;

/**
 * What a chart's values are. `bitrate` is the spec's 'memory' axis (a traffic rate): its values
 * are bytes per second and it reads in bits per second, 1000 steps (formatBitRate), as network
 * admins read rates; the spec's 1024 steps of bytes under 'Kbps' labels read 8 times too low.
 */
export type AxisType = 'bitrate' | 'cpu' | 'dropRate' | 'ms' | 'no-suffix';

/**
 * Chart axis and tooltip labels (spec 000 §9): rates in bits per second; cpu and dropRate in
 * percent with 2 decimals on the axis and 3 in tooltips; ms otherwise.
 */
export function formatAxisValue(value: number, type: AxisType, where: 'axis' | 'tooltip' = 'axis'): string {
  switch (type) {
    case 'bitrate':
      return formatBitRate(value);
    case 'cpu':
    case 'dropRate':
      return `${value.toFixed(where === 'axis' ? 2 : 3)}%`;
    // Averages of integer samples are long fractions: two decimals are what a reader can use.
    case 'ms':
      return `${Math.round(value * 100) / 100} ms`;
    case 'no-suffix':
      return String(Math.round(value * 100) / 100);
  }
}

/** Commercial amounts are summed as integers (spec 000 §5). */
export function commercialTotal(amounts: readonly (number | string | null | undefined)[]): number {
  return amounts.reduce<number>((sum, a) => {
    const n = parseInt(String(a ?? ''), 10);
    return Number.isNaN(n) ? sum : sum + n;
  }, 0);
}

const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });

/** Commercial amounts are shown in rupees. */
export const formatRupees = (amount: number): string => rupees.format(amount);
