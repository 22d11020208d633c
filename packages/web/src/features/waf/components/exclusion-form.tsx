import { useState } from 'react';
import { SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { wafExclusionSchema, wafGroupOfRule, WAF_RULE_GROUPS, type WafExclusion } from '@netloom/domain';
import { ModalFooter } from '@/components/dialogs/modal-footer';
import { ModalHeader } from '@/components/dialogs/modal-header';
import { fullPathErrors, type FormErrors } from '@/lib/forms';

/** What the form edits: text fields, turned into the exclusion on Add. */
export interface ExclusionDraft {
  id: string;
  by: 'rule' | 'tag';
  rule_id: string;
  tag: string;
  path: string;
  parameter: string;
  note: string;
}

export function exclusionDraft(e: Partial<WafExclusion> = {}): ExclusionDraft {
  return {
    id: e.id ?? crypto.randomUUID(),
    by: e.tag ? 'tag' : 'rule',
    rule_id: e.rule_id == null ? '' : String(e.rule_id),
    tag: e.tag ?? '',
    path: e.path ?? '',
    parameter: e.parameter ?? '',
    note: e.note ?? '',
  };
}

function exclusionOf(d: ExclusionDraft): unknown {
  return {
    id: d.id,
    rule_id: d.by === 'rule' ? (d.rule_id.trim() === '' ? null : Number(d.rule_id)) : null,
    tag: d.by === 'tag' ? d.tag.trim() || null : null,
    path: d.path.trim() || null,
    parameter: d.parameter.trim() || null,
    note: d.note,
  };
}

interface ExclusionFormProps {
  draft: ExclusionDraft;
  mode: 'add' | 'edit';
  onDone: (exclusion: WafExclusion) => void;
  onCancel: () => void;
}

/** A rule (by id) or rules (by tag) that do not run: everywhere, under a path, or for one parameter. */
export function ExclusionForm({ draft, mode, onDone, onCancel }: ExclusionFormProps) {
  const [d, setD] = useState(draft);
  const [errors, setErrors] = useState<FormErrors>({});
  const set = (change: Partial<ExclusionDraft>) => setD((p) => ({ ...p, ...change }));
  const group = d.by === 'rule' && /^\d+$/.test(d.rule_id) ? wafGroupOfRule(Number(d.rule_id)) : null;
  const submit = () => {
    const value = exclusionOf(d);
    const problems = fullPathErrors(wafExclusionSchema, value);
    if (problems) return setErrors(problems);
    onDone(wafExclusionSchema.parse(value));
  };
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        // The dialog is a portal inside the policy form: React would bubble this submit up to it.
        e.stopPropagation();
        submit();
      }}
    >
      <ModalHeader title={mode === 'add' ? 'Add exclusion' : 'Edit exclusion'} onClose={onCancel} />
      <Stack gap="sm">
        <SegmentedControl
          aria-label="Exclude by"
          data={[
            { value: 'rule', label: 'Rule id' },
            { value: 'tag', label: 'Tag' },
          ]}
          value={d.by}
          onChange={(by) => set({ by: by as ExclusionDraft['by'] })}
          w="fit-content"
        />
        {d.by === 'rule' ? (
          <TextInput
            label="Rule id"
            placeholder="942100"
            inputMode="numeric"
            value={d.rule_id}
            onChange={(e) => set({ rule_id: e.currentTarget.value })}
            error={errors.rule_id}
            description={group ? `${WAF_RULE_GROUPS[group].label} rule` : 'A Core Rule Set rule (900000–999999)'}
          />
        ) : (
          <TextInput
            label="Tag"
            placeholder="attack-sqli"
            value={d.tag}
            onChange={(e) => set({ tag: e.currentTarget.value })}
            error={errors.tag ?? errors.rule_id}
          />
        )}
        <TextInput
          label="Path (optional)"
          placeholder="/search"
          description="Only requests under this path"
          value={d.path}
          onChange={(e) => set({ path: e.currentTarget.value })}
          error={errors.path}
        />
        <TextInput
          label="Parameter (optional)"
          placeholder="q"
          description="Only this request parameter: the rule still inspects the others"
          value={d.parameter}
          onChange={(e) => set({ parameter: e.currentTarget.value })}
          error={errors.parameter}
        />
        <TextInput label="Note" value={d.note} onChange={(e) => set({ note: e.currentTarget.value })} error={errors.note} />
        {errors.form && (
          <Text size="sm" c="red" role="alert">
            {errors.form}
          </Text>
        )}
      </Stack>
      <ModalFooter mode={mode} submitType="submit" onCancel={onCancel} />
    </form>
  );
}

/** How a list names an exclusion. */
export function exclusionName(e: WafExclusion): string {
  return e.rule_id !== null ? `Rule ${e.rule_id}` : `Tag ${e.tag ?? ''}`;
}
