import type { SelectOption } from './select-field';

/**
 * The options of a select plus what is chosen but no longer offered (a removed user, group or
 * server), so it stays visible and can be taken out; `removed` names such a value.
 */
export const withChosen = (options: SelectOption[], chosen: readonly string[], removed = (v: string) => v): SelectOption[] => {
  const known = new Set(options.map((o) => o.value));
  return [...options, ...chosen.filter((v) => !known.has(v)).map((v) => ({ value: v, label: removed(v) }))];
};
