/** Exponentially weighted mean and variance of a series: a baseline that forgets at the rate `alpha`. */
export interface Ewma {
  /** How many values it has seen. */
  n: number;
  mean: number;
  variance: number;
}

export const ewma = (): Ewma => ({ n: 0, mean: 0, variance: 0 });

/** West's incremental form; the first value is the mean with no spread. */
export function ewmaAdd(s: Ewma, x: number, alpha: number): void {
  if (s.n === 0) {
    s.mean = x;
    s.variance = 0;
  } else {
    const diff = x - s.mean;
    s.mean += alpha * diff;
    s.variance = (1 - alpha) * (s.variance + alpha * diff * diff);
  }
  s.n++;
}

/** How far above its baseline a value is, in standard deviations, the deviation never below `floor`. */
export const zScore = (s: Ewma, x: number, floor: number): number => (x - s.mean) / Math.max(Math.sqrt(s.variance), floor);

/** Shannon entropy in bits per character. */
export function shannonEntropy(text: string): number {
  if (text.length === 0) return 0;
  const counts = new Map<string, number>();
  for (const ch of text) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let bits = 0;
  for (const c of counts.values()) {
    const p = c / text.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}

/** Mean and coefficient of variation (standard deviation over mean) of a list. */
export function spread(values: readonly number[]): { mean: number; cv: number } {
  if (values.length === 0) return { mean: 0, cv: 0 };
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  if (mean === 0) return { mean, cv: 0 };
  const variance = values.reduce((a, b) => a + (b - mean) ** 2, 0) / values.length;
  return { mean, cv: Math.sqrt(variance) / mean };
}
