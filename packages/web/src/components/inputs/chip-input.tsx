import { useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { Anchor, Box, Group, Pill, PillsInput, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { addChip, CHIP_TYPES, chipMessages, parsePaste, type ChipType, type ValueRule } from '@netloom/domain';
import { snack } from '@/lib/notify';

// Spec 000 §9: the search link appears over 2 items, Clear All over 1.
const SEARCH_ABOVE = 2;
const CLEAR_ALL_ABOVE = 1;
const SEPARATOR_KEYS = new Set(['Enter', ',', ' ']);

export interface ChipInputProps {
  type: ChipType;
  /** A form's own rule in place of the type's (a web-filter IP rule is an address, a subnet or a range). */
  rule?: ValueRule;
  value: string[];
  onChange: (value: string[]) => void;
  label?: string;
  description?: string;
  placeholder?: string;
  required?: boolean;
  disabled?: boolean;
  /** A message from the form (e.g. the server's field error); the input's own messages come first. */
  error?: string | null;
  'data-testid'?: string;
}

/** Multi-value chip input of spec 001 §5: add on Enter, comma or space; paste many at once. */
export function ChipInput({
  type,
  rule: ownRule,
  value,
  onChange,
  label,
  description,
  placeholder,
  required = false,
  disabled = false,
  error,
  'data-testid': testId,
}: ChipInputProps) {
  const rule: ValueRule = ownRule ?? CHIP_TYPES[type];
  const [text, setText] = useState('');
  const [ownError, setOwnError] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);
  const [search, setSearch] = useState('');

  const commit = () => {
    if (text.trim() === '') return;
    const result = addChip(text, rule.test, value, rule.message);
    setOwnError(result.error);
    // An invalid or duplicate value stays in the field so the user can correct it.
    if (result.error) return;
    setText('');
    onChange(result.values);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (SEPARATOR_KEYS.has(e.key)) {
      e.preventDefault();
      commit();
    } else if (e.key === 'Backspace' && text === '' && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  };

  const onPaste = (e: ClipboardEvent<HTMLInputElement>) => {
    e.preventDefault();
    const result = parsePaste(e.clipboardData.getData('text'), rule.test, value);
    if (result.added.length > 0) onChange([...value, ...result.added]);
    setOwnError(result.duplicateMessage);
    snack(result.message);
  };

  const remove = (chip: string) => {
    setOwnError(null);
    onChange(value.filter((v) => v !== chip));
  };

  const canSearch = value.length > SEARCH_ABOVE;
  const needle = canSearch && searchOpen ? search.trim().toLowerCase() : '';
  const shown = needle ? value.filter((v) => v.toLowerCase().includes(needle)) : value;
  const requiredError = required && touched && value.length === 0 && text === '' ? chipMessages.required : null;
  const shownError = ownError ?? requiredError ?? error ?? null;

  return (
    <Box data-testid={testId}>
      <PillsInput label={label} description={description} required={required} disabled={disabled} error={shownError}>
        <Pill.Group>
          {shown.map((chip) => (
            <Pill
              key={chip}
              withRemoveButton={!disabled}
              onRemove={() => remove(chip)}
              removeButtonProps={{ 'aria-label': `Remove ${chip}`, 'aria-hidden': false }}
            >
              {chip}
            </Pill>
          ))}
          <PillsInput.Field
            aria-label={label ?? type}
            value={text}
            placeholder={placeholder}
            disabled={disabled}
            onChange={(e) => {
              setText(e.currentTarget.value);
              setOwnError(null);
            }}
            onKeyDown={onKeyDown}
            onPaste={onPaste}
            onBlur={() => {
              setTouched(true);
              commit();
            }}
          />
        </Pill.Group>
      </PillsInput>
      {!disabled && (canSearch || value.length > CLEAR_ALL_ABOVE) && (
        <Group gap="md" mt={4} justify="flex-end">
          {canSearch && (
            <Anchor component="button" type="button" size="xs" onClick={() => setSearchOpen((o) => !o)}>
              {searchOpen ? 'Hide search' : 'Search'}
            </Anchor>
          )}
          {value.length > CLEAR_ALL_ABOVE && (
            <Anchor
              component="button"
              type="button"
              size="xs"
              c="red"
              onClick={() => {
                setOwnError(null);
                setSearch('');
                onChange([]);
              }}
            >
              Clear All
            </Anchor>
          )}
        </Group>
      )}
      {canSearch && searchOpen && (
        <TextInput
          mt={4}
          size="xs"
          aria-label="Search values"
          placeholder="Search values"
          leftSection={<IconSearch size={14} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          description={needle ? `${shown.length} of ${value.length} shown` : undefined}
        />
      )}
    </Box>
  );
}
