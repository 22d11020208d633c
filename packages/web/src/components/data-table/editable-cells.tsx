import { useState } from 'react';
import { Select, TextInput } from '@mantine/core';
import type { DataTableColumn } from './types';

interface EditableProps<T> {
  column: DataTableColumn<T>;
  value: unknown;
  disabled: boolean;
  onChange: (value: unknown) => void;
}

const asText = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

/** A text cell the host keeps in its rows: every keystroke goes to onCellChange. */
export function InputCell<T>({ column, value, disabled, onChange }: EditableProps<T>) {
  return <TextInput size="xs" aria-label={column.header} value={asText(value)} disabled={disabled} onChange={(e) => onChange(e.currentTarget.value)} />;
}

export function DropdownCell<T>({ column, value, disabled, onChange }: EditableProps<T>) {
  const data = (column.options ?? []).map((o) => (typeof o === 'string' ? { value: o, label: o } : o));
  return (
    <Select
      size="xs"
      aria-label={column.header}
      data={data}
      value={value === null || value === undefined ? null : String(value)}
      allowDeselect={false}
      disabled={disabled}
      onChange={(v) => onChange(v)}
    />
  );
}

const splitList = (text: string): string[] =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');

/**
 * A list cell edited as comma-separated text. The text is a draft until Enter or blur, because
 * turning "a, " into ['a'] on each keystroke would swallow the comma being typed. The full chip
 * input with validation lives in its own component.
 */
export function MultiInputCell<T>({ column, value, disabled, onChange }: EditableProps<T>) {
  const joined = Array.isArray(value) ? value.map(asText).join(', ') : asText(value);
  const [draft, setDraft] = useState(joined);
  const [shown, setShown] = useState(joined);
  if (shown !== joined) {
    // The host changed the value (its own edit, a refresh): show the new list.
    setShown(joined);
    setDraft(joined);
  }
  const commit = () => {
    const list = splitList(draft);
    if (list.join(', ') !== joined) onChange(list);
  };
  return (
    <TextInput
      size="xs"
      aria-label={column.header}
      value={draft}
      disabled={disabled}
      onChange={(e) => setDraft(e.currentTarget.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit();
      }}
    />
  );
}
