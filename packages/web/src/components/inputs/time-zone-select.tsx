import { useMemo } from 'react';
import { TIME_ZONES } from '@netloom/domain';
import { SelectField } from './select-field';

const BROWSER = '';

/** One option per IANA zone the list names first, with the list's description. */
function zoneOptions(current: string | null) {
  const seen = new Set<string>();
  const options: { value: string; label: string }[] = [];
  for (const z of TIME_ZONES) {
    const iana = z.utc[0];
    if (!iana || seen.has(iana)) continue;
    seen.add(iana);
    options.push({ value: iana, label: `${z.text} — ${iana}` });
  }
  if (current && !seen.has(current)) options.unshift({ value: current, label: current });
  return options;
}

export interface TimeZoneSelectProps {
  label: string;
  /** null: follow the browser's zone. */
  value: string | null;
  onChange: (value: string | null) => void;
  error?: string;
  description?: string;
  disabled?: boolean;
}

/** Time zone picker with a 'browser' choice that stores null. */
export function TimeZoneSelect({ label, value, onChange, error, description, disabled }: TimeZoneSelectProps) {
  const browser = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const options = useMemo(() => [{ value: BROWSER, label: `Browser time zone (${browser})` }, ...zoneOptions(value)], [value, browser]);
  return (
    <SelectField
      label={label}
      description={description}
      options={options}
      value={value ?? BROWSER}
      error={error}
      disabled={disabled}
      allowDeselect={false}
      onChange={(v) => onChange(v ? v : null)}
    />
  );
}
