import { MultiSelect, Select, type MultiSelectProps, type SelectProps } from '@mantine/core';
import { applySelectAll, SELECT_ALL, withSelectAll } from './select-all';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

// Spec 000 §9: search turns on by itself above 4 options.
const SEARCH_ABOVE = 4;
const autoSearchable = (count: number, searchable?: boolean) => searchable ?? count > SEARCH_ABOVE;

export interface SelectFieldProps extends Omit<SelectProps, 'data' | 'value' | 'onChange'> {
  options: SelectOption[];
  value: string | null;
  onChange: (value: string | null) => void;
}

/** Single select; searchable when it has more than 4 options unless told otherwise. */
export function SelectField({ options, value, onChange, searchable, ...rest }: SelectFieldProps) {
  return (
    <Select
      data={options}
      value={value}
      onChange={(v) => onChange(v)}
      searchable={autoSearchable(options.length, searchable)}
      nothingFoundMessage="No Matching Result(s)."
      {...rest}
    />
  );
}

export interface MultiSelectFieldProps extends Omit<MultiSelectProps, 'data' | 'value' | 'onChange'> {
  options: SelectOption[];
  value: string[];
  onChange: (value: string[]) => void;
  /** Adds the '*' option that chooses or clears every option; a string sets its label. */
  selectAll?: boolean | string;
}

/** Multi select with the spec's '*' option; the values it reports never contain '*'. */
export function MultiSelectField({ options, value, onChange, selectAll = false, searchable, ...rest }: MultiSelectFieldProps) {
  const all = options.filter((o) => !o.disabled).map((o) => o.value);
  const allLabel = typeof selectAll === 'string' ? selectAll : 'Select all';
  const data = selectAll ? [{ value: SELECT_ALL, label: allLabel }, ...options] : options;
  const shown = selectAll ? withSelectAll(value, all) : value;
  return (
    <MultiSelect
      data={data}
      value={shown}
      onChange={(next) => onChange(selectAll ? applySelectAll(next, shown, all) : next)}
      searchable={autoSearchable(options.length, searchable)}
      nothingFoundMessage="No Matching Result(s)."
      {...rest}
    />
  );
}
