import { useEffect, useState } from 'react';
import { TextInput } from '@mantine/core';

/** A text filter applied on Enter or when the field is left, not on every key (each change is a query). */
export function FilterText({ label, value, width = 200, onApply }: { label: string; value: string; width?: number; onApply: (v: string) => void }) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const apply = () => text.trim() !== value && onApply(text.trim());
  return (
    <TextInput
      aria-label={label}
      placeholder={label}
      size="xs"
      w={width}
      value={text}
      onChange={(e) => setText(e.currentTarget.value)}
      onBlur={apply}
      onKeyDown={(e) => e.key === 'Enter' && apply()}
    />
  );
}
