/**
 * An exponentially weighted mean and standard deviation of a series: a baseline that forgets at
 * the rate `alpha`. A tuple [values seen, mean, deviation] with four significant digits, since
 * states hold thousands of them.
 */
export type Ewma = [n: number, mean: number, sd: number];

export const ewma = (): Ewma => [0, 0, 0];
const fourDigits = (x: number) => Number(x.toPrecision(4));

/** West's incremental form; the first value is the mean with no spread. */
export function ewmaAdd(s: Ewma, x: number, alpha: number): void {
  const [n, mean, sd] = s;
  if (n === 0) {
    s[1] = fourDigits(x);
    s[2] = 0;
  } else {
    const diff = x - mean;
    s[1] = fourDigits(mean + alpha * diff);
    s[2] = fourDigits(Math.sqrt((1 - alpha) * (sd * sd + alpha * diff * diff)));
  }
  s[0] = n + 1;
}

/** How far above its baseline a value is, in standard deviations, the deviation never below `floor`. */
export const zScore = (s: Ewma, x: number, floor: number): number => (x - s[1]) / Math.max(s[2], floor);

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
