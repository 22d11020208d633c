import { useState } from 'react';
import { Button, Group, JsonInput, NumberInput, Select, Stack, Switch, TagsInput, Text, TextInput } from '@mantine/core';
import type { NdrRuleRow } from '@netloom/domain';
import { toast } from '@/components/feedback/toast';
import { formErrorMessage, serverFieldErrors } from '@/lib/forms';
import { useUpdateNdrRule } from '@/features/ndr/api/update-ndr-rule';
import { overridesOf, paramFormValue, paramLabel, paramsFromForm, ruleParamFields, type ParamField } from './rule-params';

function ParamInput({
  field,
  value,
  error,
  readOnly,
  onChange,
}: {
  field: ParamField;
  value: unknown;
  error?: string;
  readOnly: boolean;
  onChange: (v: unknown) => void;
}) {
  const label = paramLabel(field.key);
  switch (field.kind) {
    case 'number':
      return (
        <NumberInput
          label={label}
          value={value as number}
          error={error}
          readOnly={readOnly}
          onChange={(v) => onChange(typeof v === 'number' ? v : Number(v))}
        />
      );
    case 'boolean':
      return <Switch label={label} checked={Boolean(value)} error={error} disabled={readOnly} onChange={(e) => onChange(e.currentTarget.checked)} />;
    case 'enum':
      return (
        <Select
          label={label}
          data={field.choices}
          value={String(value)}
          error={error}
          readOnly={readOnly}
          allowDeselect={false}
          onChange={(v) => v && onChange(v)}
        />
      );
    case 'list':
      return <TagsInput label={label} value={value as string[]} error={error} readOnly={readOnly} clearable={!readOnly} onChange={onChange} />;
    case 'json':
      return (
        <JsonInput label={label} value={String(value)} error={error} readOnly={readOnly} autosize minRows={2} maxRows={12} formatOnBlur onChange={onChange} />
      );
    default:
      return <TextInput label={label} value={String(value ?? '')} error={error} readOnly={readOnly} onChange={(e) => onChange(e.currentTarget.value)} />;
  }
}

/**
 * A rule's parameters for the organisation: what it sets differently from the defaults is saved
 * as its overrides, and Defaults goes back to the rule's own. Viewers read them.
 */
export function RuleParamsForm({ rule, writer, onDone }: { rule: NdrRuleRow; writer: boolean; onDone: () => void }) {
  const fields = ruleParamFields(rule.id, rule.defaults);
  const [form, setForm] = useState<Record<string, unknown>>(() => Object.fromEntries(fields.map((f) => [f.key, paramFormValue(f, rule.params[f.key])])));
  const [invalid, setInvalid] = useState<string | null>(null);
  const update = useUpdateNdrRule();
  const serverErrors = serverFieldErrors(update.error);
  const errorOf = (key: string) =>
    (invalid === key ? 'Not valid JSON' : undefined) ??
    Object.entries(serverErrors).find(([k]) => k === key || k.startsWith(`${key}.`) || k === `params.${key}` || k.startsWith(`params.${key}.`))?.[1];
  const save = (params: Record<string, unknown> | null) =>
    update.mutate(
      { ruleId: rule.id, patch: { params } },
      {
        onSuccess: () => {
          toast.edited(rule.name);
          onDone();
        },
        onError: (e) => toast.error(formErrorMessage(e)),
      },
    );
  const submit = () => {
    const read = paramsFromForm(fields, form);
    if ('invalid' in read) return setInvalid(read.invalid);
    setInvalid(null);
    save(overridesOf(read.params, rule.defaults));
  };
  return (
    <Stack gap="sm">
      {fields.length === 0 && <Text size="sm">This rule has no parameter.</Text>}
      {fields.map((f) => (
        <ParamInput
          key={f.key}
          field={f}
          value={form[f.key]}
          error={errorOf(f.key)}
          readOnly={!writer}
          onChange={(v) => setForm((s) => ({ ...s, [f.key]: v }))}
        />
      ))}
      {writer && (
        <Group justify="space-between">
          <Button variant="subtle" disabled={update.isPending || Object.keys(rule.overrides).length === 0} onClick={() => save(null)}>
            Back to the defaults
          </Button>
          <Group gap="xs">
            <Button variant="default" onClick={onDone} disabled={update.isPending}>
              Cancel
            </Button>
            <Button loading={update.isPending} onClick={submit}>
              Save
            </Button>
          </Group>
        </Group>
      )}
    </Stack>
  );
}
