import { useState, type ClipboardEvent, type KeyboardEvent, type ReactNode } from 'react';
import { PasswordInput, TextInput } from '@mantine/core';
import {
  DEFAULT_PLACEHOLDERS,
  isAllowedSpecialCharacterKey,
  isDigitsOnly,
  isNumericKey,
  textInputError,
  textInputMessages,
  TEXT_INPUT_TYPES,
  type TextInputType,
} from '@netloom/domain';

/** The rule-checked types of the domain plus the plain, number and password inputs. */
export type TypedTextInputType = TextInputType | 'text' | 'number' | 'password';

export interface TypedTextInputProps {
  type: TypedTextInputType;
  value: string;
  onChange: (value: string) => void;
  label?: ReactNode;
  description?: ReactNode;
  placeholder?: string;
  required?: boolean;
  disabled?: boolean;
  /** Refuse the special characters % & ( ' as they are typed or pasted. */
  noSpecialChars?: boolean;
  /** A message from the form or the server; shown when the input's own rule passes. */
  error?: string | null;
  /** Tells the form whether the current value passes, on every change. */
  onValidityChange?: (valid: boolean) => void;
  name?: string;
  autoComplete?: string;
}

const isRuleType = (t: TypedTextInputType): t is TextInputType => t in TEXT_INPUT_TYPES;

/** The message for a value of any type, or null; exported so forms can check before submitting. */
export function typedTextError(type: TypedTextInputType, value: string, required = false): string | null {
  // The 'required' type exists only to say 'Field is required'; it is required by definition.
  const mustFill = required || type === 'required';
  if (isRuleType(type)) return textInputError(type, value, mustFill);
  return mustFill && value.trim() === '' ? textInputMessages.required : null;
}

const hasModifier = (e: KeyboardEvent) => e.ctrlKey || e.metaKey || e.altKey;

/** Single text input of spec 001 §5 with the exact messages; shown once the user has left the field. */
export function TypedTextInput({
  type,
  value,
  onChange,
  label,
  description,
  placeholder,
  required = false,
  disabled = false,
  noSpecialChars = false,
  error,
  onValidityChange,
  name,
  autoComplete,
}: TypedTextInputProps) {
  const [touched, setTouched] = useState(false);
  const ownError = typedTextError(type, value, required);
  const shownError = (touched ? ownError : null) ?? error ?? null;

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    // Shortcuts (copy, paste, select all) must keep working in a digits-only field.
    if (hasModifier(e)) return;
    if (type === 'number' && !isNumericKey(e.key)) e.preventDefault();
    else if (noSpecialChars && !isAllowedSpecialCharacterKey(e.key)) e.preventDefault();
  };

  const onPaste = (e: ClipboardEvent<HTMLInputElement>) => {
    const text = e.clipboardData.getData('text');
    const refused = (type === 'number' && !isDigitsOnly(text)) || (noSpecialChars && ![...text].every(isAllowedSpecialCharacterKey));
    if (refused) e.preventDefault();
  };

  const common = {
    label,
    description,
    name,
    autoComplete,
    required: required || type === 'required',
    disabled,
    value,
    error: shownError,
    placeholder: placeholder ?? (type === 'ip' || type === 'subnet' ? DEFAULT_PLACEHOLDERS[type] : undefined),
    onKeyDown,
    onPaste,
    onBlur: () => setTouched(true),
    onChange: (e: { currentTarget: HTMLInputElement }) => {
      const next = e.currentTarget.value;
      onChange(next);
      onValidityChange?.(typedTextError(type, next, required) === null);
    },
  };

  if (type === 'password') {
    return <PasswordInput {...common} visibilityToggleButtonProps={{ 'aria-label': 'Toggle password visibility' }} />;
  }
  return <TextInput {...common} inputMode={type === 'number' || type === 'port' ? 'numeric' : undefined} />;
}
