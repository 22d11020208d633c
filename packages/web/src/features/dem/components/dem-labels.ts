import { DEM_CAUSE_LABELS, DEM_SCORE_RULES, demScoreBand, type DemCause, type DemComponent, type DemScoreBand } from '@netloom/domain';

/** A component's name as the page shows it (the formula's own labels). */
export const COMPONENT_LABEL = Object.fromEntries(DEM_SCORE_RULES.map((r) => [r.key, r.label])) as Record<DemComponent, string>;

/** What a cause means to the person reading the page (the domain's names, as the alarms give them). */
export const CAUSE_LABEL: Record<DemCause, string> = DEM_CAUSE_LABELS;

export const CAUSE_COLOR: Record<DemCause, string> = {
  dns: 'grape',
  wifi: 'orange',
  relay: 'violet',
  app: 'red',
  network: 'blue',
  device: 'cyan',
};

const BAND_COLOR: Record<DemScoreBand, string> = { good: 'green', fair: 'yellow', poor: 'red' };

/** The colour of a score's band: green where users are well served, red where they suffer. */
export const scoreColor = (score: number | null): string => (score === null ? 'gray' : BAND_COLOR[demScoreBand(score)]);

export const formatScore = (score: number | null) => (score === null ? '—' : String(Math.round(score)));
