import { useState } from 'react';
import { Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { wafCustomRuleSchema, type WafCustomRule } from '@netloom/domain';
import { ModalFooter } from '@/components/dialogs/modal-footer';
import { ModalHeader } from '@/components/dialogs/modal-header';
import { fullPathErrors, type FormErrors } from '@/lib/forms';

export const EMPTY_RULE_TEXT = 'SecRule REQUEST_URI "@beginsWith /admin" "id:10001,phase:1,deny,status:403,msg:\'Admin area\'"';

interface CustomRuleFormProps {
  rule: WafCustomRule;
  mode: 'add' | 'edit';
  /** The server's message for this rule's text from the last save, shown until the text changes. */
  serverError?: string;
  onDone: (rule: WafCustomRule) => void;
  onCancel: () => void;
}

/** One of the customer's own rules in the checked subset of SecLang. */
export function CustomRuleForm({ rule, mode, serverError, onDone, onCancel }: CustomRuleFormProps) {
  const [v, setV] = useState(rule);
  const [errors, setErrors] = useState<FormErrors>(serverError ? { rule: serverError } : {});
  const submit = () => {
    const problems = fullPathErrors(wafCustomRuleSchema, v);
    if (problems) return setErrors(problems);
    onDone(wafCustomRuleSchema.parse(v));
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
      <ModalHeader title={mode === 'add' ? 'Add custom rule' : `Edit ${rule.name}`} onClose={onCancel} />
      <Stack gap="sm">
        <TextInput label="Name" required value={v.name} onChange={(e) => setV({ ...v, name: e.currentTarget.value })} error={errors.name} />
        <Switch label="Enabled" checked={v.enabled} onChange={(e) => setV({ ...v, enabled: e.currentTarget.checked })} />
        <Textarea
          label="Rule (SecLang)"
          description="One SecRule line: variables, operator and actions from the checked subset, with an id of your own range"
          autosize
          minRows={3}
          maxRows={10}
          ff="monospace"
          value={v.rule}
          onChange={(e) => {
            setV({ ...v, rule: e.currentTarget.value });
            setErrors((p) => ({ ...p, rule: '' }));
          }}
          error={errors.rule || undefined}
        />
      </Stack>
      <ModalFooter mode={mode} submitType="submit" onCancel={onCancel} />
    </form>
  );
}
