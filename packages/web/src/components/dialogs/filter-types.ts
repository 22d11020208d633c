import type { ChipType } from '@netloom/domain';
import type { TypedTextInputType } from '@/components/inputs/typed-text-input';
import { EMPTY_DATE_RANGE, type DateRangeValue } from '@netloom/domain';
import type { SelectOption } from '@/components/inputs/select-field';

type FilterType = 'input' | 'date-range' | 'select' | 'multi-input' | 'radio' | 'slider';

/** One filter of the 'Select Filters' dialog (spec 001 §3 Filter definition). */
export interface FilterDefinition {
  type: FilterType;
  /** The label shown to the user. */
  name: string;
  /** The key of this filter's value in the dialog's result. */
  formControl: string;
  placeholder?: string;
  /** Plain strings, or objects read through viewKey (label) and valueKey (value). */
  options?: ReadonlyArray<string | Record<string, unknown>>;
  viewKey?: string;
  valueKey?: string;
  multipleSelect?: boolean;
  /** Adds the '*' option to a multiple select. */
  selectAllOptions?: boolean;
  /** Forces search on; otherwise it turns on above 4 options. */
  needSearchInSelect?: boolean;
  className?: string;
  /** An icon URL shown before the label. */
  labelImage?: string;
  inputType?: TypedTextInputType;
  multiInputType?: ChipType;
  minDate?: string;
  maxDate?: string;
  /** Slider bounds; the spec names none, so 0–100 by default. */
  min?: number;
  max?: number;
  step?: number;
}

export type FilterValue = string | string[] | number | DateRangeValue | null;
export type FilterValues = Record<string, FilterValue>;

/** The value of a filter the user has not touched. */
function emptyFilterValue(def: FilterDefinition): FilterValue {
  switch (def.type) {
    case 'date-range':
      return { ...EMPTY_DATE_RANGE };
    case 'multi-input':
      return [];
    case 'select':
      return def.multipleSelect ? [] : null;
    case 'input':
      return '';
    default:
      return null;
  }
}

export const emptyFilterValues = (defs: readonly FilterDefinition[]): FilterValues => Object.fromEntries(defs.map((d) => [d.formControl, emptyFilterValue(d)]));

/** Options as value/label pairs; object options default to the keys 'value' and 'label'. */
export function filterOptions(def: FilterDefinition): SelectOption[] {
  const viewKey = def.viewKey ?? 'label';
  const valueKey = def.valueKey ?? 'value';
  return (def.options ?? []).map((o) =>
    typeof o === 'string' ? { value: o, label: o } : { value: String(o[valueKey] ?? ''), label: String(o[viewKey] ?? o[valueKey] ?? '') },
  );
}
