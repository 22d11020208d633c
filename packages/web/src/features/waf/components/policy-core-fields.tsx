import { Group, NumberInput, SegmentedControl, Stack, Switch, Text, SimpleGrid, Slider } from '@mantine/core';
import { WAF_RULE_GROUP_KEYS, WAF_RULE_GROUPS, type WafPolicy } from '@netloom/domain';
import type { FormErrors } from '@/lib/forms';
import { errorAt } from './policy-errors';

const MODES = [
  { value: 'blocking', label: 'Blocking' },
  { value: 'detection', label: 'Detection only' },
  { value: 'off', label: 'Off' },
];

/** What each Core Rule Set paranoia level trades: more rules catch more attacks and more false positives. */
const PARANOIA_TEXT: Record<number, string> = {
  1: 'Level 1: the baseline rules, few false positives. Right for most applications.',
  2: 'Level 2: more rules (SQL and XSS variants, more encodings); expect a few exclusions.',
  3: 'Level 3: strict rules for sensitive applications; plan time to tune false positives.',
  4: 'Level 4: paranoid, very strict; many false positives, for high-security use after tuning.',
};

interface FieldsProps {
  policy: WafPolicy;
  errors: FormErrors;
  disabled: boolean;
  onChange: (change: Partial<WafPolicy>) => void;
}

/** Mode, paranoia level and anomaly thresholds of the Core Rule Set. */
export function PolicyCoreFields({ policy, errors, disabled, onChange }: FieldsProps) {
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Text size="sm" fw={500} id="waf-mode-label">
          Mode
        </Text>
        <SegmentedControl
          aria-labelledby="waf-mode-label"
          data={MODES}
          value={policy.mode}
          disabled={disabled}
          onChange={(m) => onChange({ mode: m as WafPolicy['mode'] })}
          w="fit-content"
        />
        <Text size="xs" c="dimmed">
          {policy.mode === 'blocking'
            ? 'Requests over the anomaly threshold are refused (403).'
            : policy.mode === 'detection'
              ? 'Attacks are logged but reach the origin.'
              : 'The rules do not run; lists and rate limits still apply.'}
        </Text>
      </Stack>
      <Stack gap={4}>
        <Text size="sm" fw={500} id="waf-paranoia-label">
          Paranoia level: {policy.paranoia_level}
        </Text>
        <Slider
          aria-labelledby="waf-paranoia-label"
          min={1}
          max={4}
          step={1}
          marks={[1, 2, 3, 4].map((v) => ({ value: v, label: String(v) }))}
          value={policy.paranoia_level}
          disabled={disabled}
          onChange={(v) => onChange({ paranoia_level: v })}
          w={260}
          mb="md"
        />
        <Text size="xs" c="dimmed" data-testid="paranoia-text">
          {PARANOIA_TEXT[policy.paranoia_level]}
        </Text>
      </Stack>
      <Group grow align="flex-start">
        <NumberInput
          label="Inbound anomaly threshold"
          description="5 blocks on one critical rule"
          min={1}
          max={1000}
          value={policy.inbound_threshold}
          disabled={disabled}
          onChange={(n) => onChange({ inbound_threshold: typeof n === 'number' ? n : 0 })}
          error={errorAt(errors, 'inbound_threshold')}
        />
        <NumberInput
          label="Outbound anomaly threshold"
          description="For responses (data leakage)"
          min={1}
          max={1000}
          value={policy.outbound_threshold}
          disabled={disabled}
          onChange={(n) => onChange({ outbound_threshold: typeof n === 'number' ? n : 0 })}
          error={errorAt(errors, 'outbound_threshold')}
        />
      </Group>
    </Stack>
  );
}

/** One switch per CRS rule group: on unless the policy turns it off. */
export function RuleGroupFields({ policy, disabled, onChange }: FieldsProps) {
  const off = new Set(policy.disabled_groups);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="xs">
      {WAF_RULE_GROUP_KEYS.map((key) => (
        <Switch
          key={key}
          label={WAF_RULE_GROUPS[key].label}
          description={`${WAF_RULE_GROUPS[key].ids[0]}–${WAF_RULE_GROUPS[key].ids[1]}`}
          checked={!off.has(key)}
          disabled={disabled}
          onChange={(e) =>
            onChange({ disabled_groups: e.currentTarget.checked ? policy.disabled_groups.filter((g) => g !== key) : [...policy.disabled_groups, key] })
          }
        />
      ))}
    </SimpleGrid>
  );
}
