import { parse } from 'tldts';
import { ENGLISH_BIGRAM_COST } from './english-bigrams';
import { shannonEntropy } from './stats';

/**
 * How machine-made a domain's own label looks ('xjw3kq9zt' in 'xjw3kq9zt.com'): malware that
 * finds its controller through a domain generation algorithm asks for hundreds of names no person
 * would pick. Four signs, each 0–1, weighed into one score: letter pairs English does not write,
 * high entropy, long runs of consonants, digits mixed into letters. Short labels say too little
 * (bit.ly, t.co) and are not judged.
 */
export interface DgaSigns {
  /** The registrable domain judged, 'xjw3kq9zt.com'. */
  domain: string;
  label: string;
  /** Mean cost of the label's letter pairs, in decibans (English words: about 10–13). */
  bigramCost: number;
  entropy: number;
  consonantRun: number;
  digitRatio: number;
  /** 0 (a word) – 1 (noise). */
  score: number;
}

export const DGA_MIN_LABEL = 8;
const VOWELS = new Set('aeiouy');
const clamp01 = (x: number) => Math.min(1, Math.max(0, x));

function meanBigramCost(label: string): number {
  let sum = 0;
  let pairs = 0;
  for (let i = 1; i < label.length; i++) {
    const a = label.charCodeAt(i - 1) - 97;
    const b = label.charCodeAt(i) - 97;
    if (a < 0 || a > 25 || b < 0 || b > 25) continue;
    sum += ENGLISH_BIGRAM_COST[a]![b]!;
    pairs++;
  }
  return pairs ? sum / pairs : 0;
}

function longestConsonantRun(label: string): number {
  let run = 0;
  let best = 0;
  for (const ch of label) {
    run = ch >= 'a' && ch <= 'z' && !VOWELS.has(ch) ? run + 1 : 0;
    best = Math.max(best, run);
  }
  return best;
}

/** The signs of a queried name's registrable label; null when there is none worth judging (local names, reverse lookups, short or internationalised labels). */
export function dgaSigns(name: string): DgaSigns | null {
  const parsed = parse(name.toLowerCase().replace(/\.$/, ''));
  if (!parsed.isIcann || !parsed.domain || !parsed.domainWithoutSuffix) return null;
  const label = parsed.domainWithoutSuffix;
  if (label.length < DGA_MIN_LABEL || label.startsWith('xn--') || parsed.publicSuffix === 'arpa') return null;
  const letters = label.replace(/[^a-z]/g, '');
  const digits = label.replace(/[^0-9]/g, '').length;
  const bigramCost = meanBigramCost(label);
  const entropy = shannonEntropy(label.replace(/-/g, ''));
  const consonantRun = longestConsonantRun(label);
  const digitRatio = digits / label.length;
  // Weights and spans were set against lists of popular sites and of generated names (dga-score.test.ts).
  const signs = [
    [clamp01((bigramCost - 12) / 8), 0.45],
    [clamp01((entropy - 2.8) / 1.0), 0.2],
    [clamp01((consonantRun - 3) / 3), 0.2],
    [letters.length && digits ? clamp01(digitRatio / 0.3) : 0, 0.15],
  ] as const;
  const score = signs.reduce((s, [v, w]) => s + v * w, 0);
  return { domain: parsed.domain, label, bigramCost, entropy, consonantRun, digitRatio, score: Math.round(score * 1000) / 1000 };
}
