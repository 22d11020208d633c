/** The option value that stands for every option of a multi select (spec 000 §4). */
export const SELECT_ALL = '*';

/**
 * Turns what the multi select reports into the selection to keep. `next` may contain '*'; `shown`
 * is what the select displayed before (with '*' when everything was chosen). The result never
 * holds '*'.
 */
export function applySelectAll(next: readonly string[], shown: readonly string[], all: readonly string[]): string[] {
  const wasAll = shown.includes(SELECT_ALL);
  const isAll = next.includes(SELECT_ALL);
  if (isAll && !wasAll) return [...all];
  if (wasAll && !isAll) return [];
  return next.filter((v) => v !== SELECT_ALL);
}

/** What the select shows for a selection: '*' first when every option is chosen. */
export function withSelectAll(selected: readonly string[], all: readonly string[]): string[] {
  const everything = all.length > 0 && all.every((v) => selected.includes(v));
  return everything ? [SELECT_ALL, ...selected] : [...selected];
}
