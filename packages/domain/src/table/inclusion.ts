/** Inclusion status of a row with `select` of `total` items chosen (spec 000 §4). */
export type InclusionStatus = 'Not included' | 'Partial' | 'Fully included';

export function inclusionStatus(select: number, total: number): InclusionStatus {
  if (select <= 0) return 'Not included';
  return select >= total ? 'Fully included' : 'Partial';
}

/** Table defaults (spec 000 §9). */
export const TABLE_DEFAULTS = {
  sort: false,
  download: true,
  refresh: false,
  search: true,
  maxColumnWidth: '10rem',
  highlightDelayMs: 100,
  selectedColumnHeader: 'Selected',
} as const;
