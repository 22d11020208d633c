import type { IotLastValue } from '@netloom/domain';

/** '21.4 °C' for a reading, its unit where the rule gave one. */
export const readingText = (v: Pick<IotLastValue, 'value' | 'unit'>): string => `${Number(v.value.toFixed(2)).toLocaleString()}${v.unit ? ` ${v.unit}` : ''}`;

/** A device's latest readings in a line: 'temperature 21.4 °C · humidity 46 %'. */
export function lastValuesText(values: readonly IotLastValue[]): string {
  return values.length ? values.map((v) => `${v.series} ${readingText(v)}`).join(' · ') : '—';
}
