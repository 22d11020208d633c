import { DEM_SCORE_RULES, type DemCause, type DemComponent } from '@netloom/domain';

/** A component's name as the page shows it (the formula's own labels). */
export const COMPONENT_LABEL = Object.fromEntries(DEM_SCORE_RULES.map((r) => [r.key, r.label])) as Record<DemComponent, string>;

/** What a cause means to the person reading the page. */
export const CAUSE_LABEL: Record<DemCause, string> = {
  dns: 'DNS',
  wifi: 'Wi-Fi',
  relay: 'ZTNA relay',
  app: 'Application',
  network: 'Network',
  device: 'Device (CPU, memory)',
};

export const CAUSE_COLOR: Record<DemCause, string> = {
  dns: 'grape',
  wifi: 'orange',
  relay: 'violet',
  app: 'red',
  network: 'blue',
  device: 'cyan',
};

/** The colour of a score: green where users are well served, red where they suffer. */
export function scoreColor(score: number | null): string {
  if (score === null) return 'gray';
  if (score >= 80) return 'green';
  if (score >= 50) return 'yellow';
  return 'red';
}

export const formatScore = (score: number | null) => (score === null ? '—' : String(Math.round(score)));
