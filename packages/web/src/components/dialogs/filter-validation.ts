import { typedTextError } from '@/components/inputs/typed-text-input';
import { dateRangeError, EMPTY_DATE_RANGE, type DateRangeValue } from '@netloom/domain';
import type { FilterDefinition, FilterValues } from './filter-types';

const isEmptyRange = (v: DateRangeValue) => Object.keys(EMPTY_DATE_RANGE).every((k) => !v[k as keyof DateRangeValue]);

/**
 * Messages that stop Apply, by formControl. Filters are optional, so an untouched filter passes;
 * a date range the user started must be complete.
 */
export function filterErrors(defs: readonly FilterDefinition[], values: FilterValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const def of defs) {
    const value = values[def.formControl];
    let error: string | null = null;
    if (def.type === 'input' && def.inputType && typeof value === 'string') {
      error = typedTextError(def.inputType, value);
    } else if (def.type === 'date-range' && value && typeof value === 'object' && !Array.isArray(value) && !isEmptyRange(value)) {
      error = dateRangeError(value, { submit: true, minDate: def.minDate, maxDate: def.maxDate });
    }
    if (error) errors[def.formControl] = error;
  }
  return errors;
}
