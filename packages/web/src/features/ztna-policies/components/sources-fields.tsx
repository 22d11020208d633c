import { memo } from 'react';
import { Checkbox, SimpleGrid, Stack, Text } from '@mantine/core';
import type { AccessSources } from '@netloom/domain';
import { MultiSelectField } from '@/components/inputs/select-field';
import { withChosen, type PolicyOptions } from './use-policy-options';

const LISTS = [
  { field: 'users', option: 'users', label: 'Users', removed: (v: string) => v },
  { field: 'groups', option: 'groups', label: 'Groups', removed: () => 'Removed group' },
  { field: 'security_groups', option: 'securityGroups', label: 'Security groups', removed: () => 'Removed security group' },
] as const satisfies readonly { field: keyof AccessSources; option: keyof PolicyOptions; label: string; removed: (v: string) => string }[];

export interface SourcesFieldsProps {
  value: AccessSources;
  onChange: (value: AccessSources) => void;
  options: PolicyOptions;
  error?: string;
}

/** Who a policy is for: everyone, or any of the users, groups (teams) and security groups chosen. */
export const SourcesFields = memo(function SourcesFields({ value, onChange, options, error }: SourcesFieldsProps) {
  return (
    <Stack gap="xs">
      <Checkbox
        label="Everyone"
        description="Every user and endpoint of the organisation"
        checked={value.everyone}
        onChange={(e) => onChange({ ...value, everyone: e.currentTarget.checked })}
      />
      {!value.everyone && (
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          {LISTS.map((l) => (
            <MultiSelectField
              key={l.field}
              label={l.label}
              placeholder={`Pick ${l.label.toLowerCase()}`}
              options={withChosen(options[l.option], value[l.field], l.removed)}
              value={value[l.field]}
              onChange={(v) => onChange({ ...value, [l.field]: v })}
              searchable
            />
          ))}
        </SimpleGrid>
      )}
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
});
