import { useState } from 'react';
import { Button, Code, Group, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { WafCustomRule } from '@netloom/domain';
import { FormModal } from '@/components/dialogs/form-modal';
import { OrderedPolicyList } from '@/components/policies/ordered-policy-list';
import type { FormErrors } from '@/lib/forms';
import { CustomRuleForm, EMPTY_RULE_TEXT } from './custom-rule-form';
import { errorAt } from './policy-errors';

interface CustomRulesSectionProps {
  rules: readonly WafCustomRule[];
  writer: boolean;
  /** The policy's messages by path ('custom_rules.0.rule'), the form's and the server's. */
  errors: FormErrors;
  onChange: (rules: WafCustomRule[]) => void;
}

/** The customer's own rules, in the order the edge runs them. */
export function CustomRulesSection({ rules, writer, errors, onChange }: CustomRulesSectionProps) {
  const [editing, setEditing] = useState<{ rule: WafCustomRule; mode: 'add' | 'edit' } | null>(null);
  const errorOf = (id: string) => {
    const i = rules.findIndex((r) => r.id === id);
    return i < 0 ? undefined : errorAt(errors, `custom_rules.${i}`);
  };
  return (
    <>
      <Group justify="space-between" mb="xs">
        <Text size="sm" c="dimmed">
          Rules of your own in ModSecurity's SecLang (a checked subset), run before the Core Rule Set.
        </Text>
        {writer && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} />}
            onClick={() => setEditing({ rule: { id: crypto.randomUUID(), name: '', enabled: true, rule: EMPTY_RULE_TEXT }, mode: 'add' })}
          >
            Add custom rule
          </Button>
        )}
      </Group>
      <OrderedPolicyList
        label="Custom rules"
        policies={rules}
        columns={[{ header: 'Rule', cell: (r) => <Code fz="xs">{r.rule.length > 80 ? `${r.rule.slice(0, 80)}…` : r.rule}</Code> }]}
        details={(r) =>
          errorOf(r.id) && (
            <Text size="xs" c="red" role="alert">
              {errorOf(r.id)}
            </Text>
          )
        }
        emptyText="No custom rule."
        minWidth={700}
        writer={writer}
        busy={false}
        onReorder={(ids) => onChange(ids.map((id) => rules.find((r) => r.id === id)!))}
        onToggle={(r, enabled) => onChange(rules.map((x) => (x.id === r.id ? { ...x, enabled } : x)))}
        onEdit={(r) => setEditing({ rule: r, mode: 'edit' })}
        onDelete={(r) => onChange(rules.filter((x) => x.id !== r.id))}
      />
      <FormModal opened={editing !== null} onClose={() => setEditing(null)} label={editing?.mode === 'edit' ? 'Edit custom rule' : 'Add custom rule'} size="lg">
        {editing && (
          <CustomRuleForm
            rule={editing.rule}
            mode={editing.mode}
            serverError={editing.mode === 'edit' ? errorOf(editing.rule.id) : undefined}
            onCancel={() => setEditing(null)}
            onDone={(r) => {
              onChange(editing.mode === 'add' ? [...rules, r] : rules.map((x) => (x.id === r.id ? r : x)));
              setEditing(null);
            }}
          />
        )}
      </FormModal>
    </>
  );
}
