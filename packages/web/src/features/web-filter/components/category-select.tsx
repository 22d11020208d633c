import { MultiSelect } from '@mantine/core';
import { ALL_CATEGORIES } from '@netloom/domain';
import type { AvailableCategory } from '@/features/web-filter/api/get-available-categories';

export const ALL_CATEGORIES_LABEL = '* All categories';

export interface CategorySelectProps {
  label: string;
  description?: string;
  categories: readonly AvailableCategory[];
  value: string[];
  onChange: (value: string[]) => void;
  error?: string;
  disabled?: boolean;
}

/** The categories grouped as the database groups them, each group's options by name. */
function grouped(categories: readonly AvailableCategory[], allChosen: boolean) {
  const groups = new Map<string, { value: string; label: string; disabled: boolean }[]>();
  for (const c of [...categories].sort((a, b) => a.name.localeCompare(b.name))) {
    const items = groups.get(c.group) ?? [];
    items.push({ value: c.id, label: c.name, disabled: allChosen });
    groups.set(c.group, items);
  }
  return [...groups].sort(([a], [b]) => a.localeCompare(b)).map(([group, items]) => ({ group, items }));
}

/**
 * Category multi select with the spec's '*' option (000 §4: '*' toggles all options). Choosing
 * '*' stores '*' itself, which the policy reads as every category, those a later database adds
 * too; taking it away clears the choice. While '*' is chosen the single categories wait.
 */
export function CategorySelect({ label, description, categories, value, onChange, error, disabled }: CategorySelectProps) {
  const allChosen = value.includes(ALL_CATEGORIES);
  const data = [{ group: 'All', items: [{ value: ALL_CATEGORIES, label: ALL_CATEGORIES_LABEL }] }, ...grouped(categories, allChosen)];
  return (
    <MultiSelect
      label={label}
      description={description}
      data={data}
      value={allChosen ? [ALL_CATEGORIES] : value}
      onChange={(next) => {
        const wantsAll = next.includes(ALL_CATEGORIES);
        if (wantsAll && !allChosen) onChange([ALL_CATEGORIES]);
        else if (!wantsAll && allChosen) onChange([]);
        else onChange(next.filter((v) => v !== ALL_CATEGORIES));
      }}
      searchable
      clearable
      hidePickedOptions={false}
      nothingFoundMessage="No Matching Result(s)."
      maxDropdownHeight={280}
      error={error}
      disabled={disabled}
    />
  );
}
