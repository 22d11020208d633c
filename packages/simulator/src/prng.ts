/**
 * A small seeded PRNG (mulberry32): the same seed gives the same fleet, the same flaps and the
 * same traffic, so a demo or a bug report can be replayed.
 */
export type Random = () => number;

export function mulberry32(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A seed from any text (FNV-1a), so each device gets its own stream derived from the fleet seed. */
export function seedFrom(...parts: (string | number)[]): number {
  let h = 0x811c9dc5;
  for (const ch of parts.join('/')) {
    h ^= ch.charCodeAt(0);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export const randomInt = (random: Random, min: number, max: number): number => min + Math.floor(random() * (max - min + 1));

export const randomBetween = (random: Random, min: number, max: number): number => min + random() * (max - min);

export const chance = (random: Random, p: number): boolean => random() < p;

export function pick<T>(random: Random, items: readonly T[]): T {
  if (items.length === 0) throw new Error('pick from an empty list');
  return items[Math.floor(random() * items.length)]!;
}

/** Roughly normal noise (sum of uniforms), mean 0 and standard deviation about `sd`. */
export function noise(random: Random, sd: number): number {
  return (random() + random() + random() - 1.5) * 2 * sd;
}

/** A fixed share in [0, 1) for a name: figures that differ per rule or client yet stay the same on every run, drawing nothing from a stream. */
export const fixedShare = (...parts: (string | number)[]): number => seedFrom(...parts) / 2 ** 32;

/** A Poisson count: events (visits, connections) that come independently of each other. */
export function poisson(mean: number, random: Random): number {
  if (mean > 30) return Math.max(0, Math.round(mean + Math.sqrt(mean) * (random() + random() + random() - 1.5) * 2));
  const limit = Math.exp(-mean);
  let n = 0;
  for (let p = random(); p > limit; p *= random()) n++;
  return n;
}
