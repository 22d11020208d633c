/**
 * The digital experience score (0–100) of a test result, an application, a user, a location or a
 * network. Each measured component is scored against its own good and poor thresholds (100 at
 * good or better, 0 at poor or worse, a straight line between), the score is the weighted mean of
 * the components a result measured, and a failed availability check scores the result 0 whatever
 * else it measured: an application that does not answer is the worst experience there is.
 */

export const DEM_COMPONENTS = ['availability', 'dns', 'connect', 'tls', 'ttfb', 'total', 'latency', 'loss', 'wifi', 'cpu', 'memory'] as const;
export type DemComponent = (typeof DEM_COMPONENTS)[number];

export const DEM_CAUSES = ['dns', 'wifi', 'relay', 'app', 'network', 'device'] as const;
export type DemCause = (typeof DEM_CAUSES)[number];

export interface DemComponentRule {
  key: DemComponent;
  label: string;
  unit: 'ms' | '%' | 'dBm' | '';
  weight: number;
  /** At or better than this the component scores 100. */
  good: number;
  /** At or worse than this the component scores 0. */
  poor: number;
}

/*
 * Thresholds follow what ThousandEyes and Zscaler Digital Experience treat as good and poor for a
 * business web application: the page's own answer (time to first byte, total) weighs most, the
 * endpoint's own context (Wi-Fi, CPU, memory) least, so the score moves with what users feel.
 */
export const DEM_SCORE_RULES: readonly DemComponentRule[] = [
  { key: 'availability', label: 'Availability', unit: '%', weight: 0, good: 100, poor: 0 },
  { key: 'dns', label: 'DNS lookup', unit: 'ms', weight: 10, good: 30, poor: 300 },
  { key: 'connect', label: 'TCP connect', unit: 'ms', weight: 10, good: 50, poor: 400 },
  { key: 'tls', label: 'TLS handshake', unit: 'ms', weight: 10, good: 80, poor: 600 },
  { key: 'ttfb', label: 'Time to first byte', unit: 'ms', weight: 20, good: 300, poor: 2000 },
  { key: 'total', label: 'Page load (total)', unit: 'ms', weight: 15, good: 800, poor: 4000 },
  { key: 'latency', label: 'Network latency', unit: 'ms', weight: 10, good: 50, poor: 300 },
  { key: 'loss', label: 'Packet loss', unit: '%', weight: 10, good: 0.5, poor: 5 },
  { key: 'wifi', label: 'Wi-Fi signal', unit: 'dBm', weight: 9, good: -60, poor: -80 },
  { key: 'cpu', label: 'CPU load', unit: '%', weight: 3, good: 70, poor: 98 },
  { key: 'memory', label: 'Memory use', unit: '%', weight: 3, good: 80, poor: 98 },
];

const RULES = new Map(DEM_SCORE_RULES.map((r) => [r.key, r]));

/** The formula as the DEM page shows it beside the scores. */
export const DEM_SCORE_FORMULA_TEXT =
  'Each measured component scores 100 at its good threshold or better, 0 at its poor threshold or worse, ' +
  'and in a straight line between. A test result scores the weighted mean of the components it measured ' +
  '(a wired endpoint has no Wi-Fi component; a path test no page timings). A failed availability check ' +
  'scores the result 0. A group (application, user, location, network) scores the mean of its results. ' +
  'The cause named is the worst component: DNS → dns, Wi-Fi signal → wifi, CPU or memory → device, ' +
  'latency, loss or TCP connect → relay when the test went through a ZTNA relay, network otherwise, ' +
  'TLS, time to first byte, total or an unavailable application → app.';

/** One component's score (0–100) for a measured value. */
export function componentScore(key: DemComponent, value: number): number {
  const rule = RULES.get(key)!;
  const span = rule.poor - rule.good;
  const share = span === 0 ? (value <= rule.good ? 0 : 1) : (value - rule.good) / span;
  return Math.round(100 * (1 - Math.min(1, Math.max(0, share))) * 10) / 10;
}

/** What one result measured, the values in the components' units (loss and availability in %). */
export type DemMeasures = Partial<Record<DemComponent, number | null | undefined>>;

/** The score of every component that was measured. */
export function componentScores(measures: DemMeasures): Partial<Record<DemComponent, number>> {
  const out: Partial<Record<DemComponent, number>> = {};
  for (const key of DEM_COMPONENTS) {
    const v = measures[key];
    if (v !== null && v !== undefined && Number.isFinite(v)) out[key] = componentScore(key, v);
  }
  return out;
}

/** The weighted mean of the scored components; availability under 100 scales the whole down (0 when never available). */
export function experienceScore(scores: Partial<Record<DemComponent, number>>): number {
  let sum = 0;
  let weights = 0;
  for (const rule of DEM_SCORE_RULES) {
    const s = scores[rule.key];
    if (s === undefined || rule.weight === 0) continue;
    sum += s * rule.weight;
    weights += rule.weight;
  }
  const base = weights === 0 ? 100 : sum / weights;
  const availability = scores.availability ?? 100;
  return Math.round(((base * availability) / 100) * 10) / 10;
}

/*
 * When several components are poor together, one may explain the others: a weak Wi-Fi signal shows
 * as latency, loss and slow timings too, a saturated CPU as a slow TLS handshake and total (not as
 * the server's first byte), a slow DNS as a slow total. Among the components within this margin of
 * the worst, the first in this order that explains every other one (bar other such root causes,
 * which may be poor at the same time) is named; failing that, the worst itself.
 */
const ROOT_FIRST: readonly DemComponent[] = ['availability', 'wifi', 'cpu', 'memory', 'dns', 'loss', 'latency', 'connect', 'tls', 'ttfb', 'total'];
const ROOT_MARGIN = 10;
const EXPLAINS: Partial<Record<DemComponent, readonly DemComponent[]>> = {
  availability: DEM_COMPONENTS,
  wifi: ['latency', 'loss', 'connect', 'dns', 'tls', 'ttfb', 'total'],
  cpu: ['tls', 'total'],
  memory: ['tls', 'total'],
  dns: ['total'],
};

/** The component that degrades the experience most, null when every measured one is good. */
export function worstComponent(scores: Partial<Record<DemComponent, number>>): DemComponent | null {
  const present = ROOT_FIRST.filter((k) => scores[k] !== undefined);
  if (present.length === 0) return null;
  const lowest = Math.min(...present.map((k) => scores[k]!));
  if (lowest >= 100) return null;
  const candidates = present.filter((k) => scores[k]! <= lowest + ROOT_MARGIN);
  const explained = (root: DemComponent) => candidates.every((c) => c === root || EXPLAINS[root]?.includes(c) === true || EXPLAINS[c] !== undefined);
  return candidates.find(explained) ?? present.find((k) => scores[k] === lowest)!;
}

/** The cause a component points at; the network components depend on the path the test took. */
export function causeOf(component: DemComponent, path: 'relay' | 'direct' | null = null): DemCause {
  switch (component) {
    case 'dns':
      return 'dns';
    case 'wifi':
      return 'wifi';
    case 'cpu':
    case 'memory':
      return 'device';
    case 'latency':
    case 'loss':
    case 'connect':
      return path === 'relay' ? 'relay' : 'network';
    default:
      return 'app';
  }
}

/** A result's whole verdict: components, score, and the worst component with its cause. */
export function scoreResult(measures: DemMeasures, path: 'relay' | 'direct' | null = null) {
  const components = componentScores(measures);
  const score = experienceScore(components);
  const worst = worstComponent(components);
  return { components, score, worst_component: worst, cause: worst === null ? null : causeOf(worst, path) };
}

/** Score under which an application's users count as affected when the application sets none. */
export const DEM_DEFAULT_ALARM_SCORE = 70;

/** How the page colours a score: good from 80, poor under 50 (the bands ThousandEyes and Zscaler's consoles use). */
export const DEM_SCORE_BANDS = { good: 80, poor: 50 } as const;
export type DemScoreBand = 'good' | 'fair' | 'poor';
export const demScoreBand = (score: number): DemScoreBand => (score >= DEM_SCORE_BANDS.good ? 'good' : score < DEM_SCORE_BANDS.poor ? 'poor' : 'fair');

/** A cause as the page and the alarms name it. */
export const DEM_CAUSE_LABELS: Record<DemCause, string> = {
  dns: 'DNS',
  wifi: 'Wi-Fi',
  relay: 'ZTNA relay',
  app: 'Application',
  network: 'Network',
  device: 'Device',
};
