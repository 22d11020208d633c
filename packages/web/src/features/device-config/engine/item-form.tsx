import { useState } from 'react';
import { NumberInput, PasswordInput, Select, SimpleGrid, Stack, Switch, TagsInput, Text, TextInput } from '@mantine/core';
import { allowingVariables, type ConfigDocument } from '@netloom/domain';
import { ModalFooter } from '@/components/dialogs/modal-footer';
import { useFormSubmit } from '@/lib/use-form-submit';
import type { FamilyTab, FieldSpec } from './types';
import { fromFormValues, toFormValues } from './values';

export interface ItemFormProps {
  tab: FamilyTab;
  /** The item as stored (with its id), or the tab's empty values for a new one. */
  item: Record<string, unknown>;
  mode: 'add' | 'edit';
  /** The document being edited: selects offer its interfaces, zones… */
  document: ConfigDocument;
  readOnly?: boolean;
  /** A template's form: a field may hold a {{variable}}, checked per device once rendered. */
  allowVariables?: boolean;
  onSubmit: (item: Record<string, unknown>) => Promise<unknown>;
  onCancel?: () => void;
}

const choices = (f: FieldSpec, doc: ConfigDocument) => {
  const options = typeof f.options === 'function' ? f.options(doc) : (f.options ?? []);
  return options.map((o) => (typeof o === 'string' ? { value: o, label: o } : o));
};

/**
 * The form of one item or one group of settings, drawn from the tab's field list and checked with
 * the family's own schema before it is sent; the server's field messages show under the fields.
 */
export function ItemForm({ tab, item, mode, document, readOnly = false, allowVariables = false, onSubmit, onCancel }: ItemFormProps) {
  const start = toFormValues(tab.fields, item);
  const [values, setValues] = useState(start);
  const { errors, formError, busy, submit } = useFormSubmit(allowVariables ? allowingVariables(tab.schema) : tab.schema, (data) =>
    onSubmit(data as Record<string, unknown>),
  );
  const set = (key: string, v: unknown) => setValues((old) => ({ ...old, [key]: v }));
  const input = (f: FieldSpec, i: number) => {
    const common = {
      label: f.label,
      required: f.required,
      description: f.description,
      error: errors[f.key],
      disabled: readOnly,
      'data-autofocus': i === 0 || undefined,
    };
    const v = values[f.key];
    switch (f.kind) {
      case 'switch':
        return <Switch key={f.key} label={f.label} checked={Boolean(v)} disabled={readOnly} onChange={(e) => set(f.key, e.currentTarget.checked)} mt="md" />;
      case 'number':
        // A template's number may be a device's value: typed as text, '{{variable}}' or digits.
        if (allowVariables)
          return (
            <TextInput
              key={f.key}
              {...common}
              description={f.description ?? 'A number or a {{variable}}'}
              inputMode="numeric"
              value={String(v ?? '')}
              onChange={(e) => set(f.key, e.currentTarget.value)}
            />
          );
        return <NumberInput key={f.key} {...common} min={f.min} max={f.max} value={v as number | string} onChange={(n) => set(f.key, n)} />;
      case 'select':
        return (
          <Select
            key={f.key}
            {...common}
            data={choices(f, document)}
            value={(v as string) || null}
            clearable={!f.required}
            searchable
            onChange={(x) => set(f.key, x ?? '')}
          />
        );
      case 'list':
        return (
          <TagsInput
            key={f.key}
            {...common}
            placeholder={f.placeholder}
            data={choices(f, document).map((c) => c.value)}
            value={(v as string[]) ?? []}
            onChange={(x) => set(f.key, x)}
          />
        );
      case 'password':
        return <PasswordInput key={f.key} {...common} value={(v as string) ?? ''} onChange={(e) => set(f.key, e.currentTarget.value)} />;
      default:
        return <TextInput key={f.key} {...common} placeholder={f.placeholder} value={String(v ?? '')} onChange={(e) => set(f.key, e.currentTarget.value)} />;
    }
  };
  const shown = tab.fields.filter((f) => !f.when || f.when(values));
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void submit(fromFormValues(tab.fields, values, item));
      }}
      noValidate
      aria-label={tab.label}
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: shown.length > 6 ? 2 : 1 }} spacing="sm">
          {shown.map(input)}
        </SimpleGrid>
        {formError && (
          <Text size="sm" c="red" role="alert">
            {formError}
          </Text>
        )}
      </Stack>
      {!readOnly && <ModalFooter mode={mode} submitType="submit" loading={busy} onCancel={onCancel} onReset={() => setValues(start)} />}
    </form>
  );
}
