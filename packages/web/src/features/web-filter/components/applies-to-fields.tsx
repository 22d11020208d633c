import { Checkbox, SimpleGrid, Stack, Text } from '@mantine/core';
import type { AppliesTo } from '@netloom/domain';
import { MultiSelectField, type SelectOption } from '@/components/inputs/select-field';

export interface AppliesToOptions {
  users: SelectOption[];
  groups: SelectOption[];
  endpoints: SelectOption[];
  deviceGroups: SelectOption[];
}

/** A saved value that is no longer offered (a removed user or group) stays visible so it can be taken out. */
const withChosen = (options: SelectOption[], chosen: readonly string[]): SelectOption[] => {
  const known = new Set(options.map((o) => o.value));
  return [...options, ...chosen.filter((v) => !known.has(v)).map((v) => ({ value: v, label: v }))];
};

/** The lists a policy may name, each with the options it is chosen from. */
const TARGETS = [
  { field: 'users', option: 'users', label: 'Users' },
  { field: 'groups', option: 'groups', label: 'Groups' },
  { field: 'endpoints', option: 'endpoints', label: 'Endpoints' },
  { field: 'device_groups', option: 'deviceGroups', label: 'Device groups' },
] as const satisfies readonly { field: keyof AppliesTo; option: keyof AppliesToOptions; label: string }[];

export interface AppliesToFieldsProps {
  value: AppliesTo;
  onChange: (value: AppliesTo) => void;
  options: AppliesToOptions;
  error?: string;
}

/** Who a policy applies to: everyone, or any of the users, groups, endpoints and device groups chosen. */
export function AppliesToFields({ value, onChange, options, error }: AppliesToFieldsProps) {
  const set = <K extends keyof AppliesTo>(key: K, v: AppliesTo[K]) => onChange({ ...value, [key]: v });
  return (
    <Stack gap="xs">
      <Checkbox
        label="Everyone"
        description="Every user and endpoint of the organisation"
        checked={value.everyone}
        onChange={(e) => set('everyone', e.currentTarget.checked)}
      />
      {!value.everyone && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {TARGETS.map((t) => (
            <MultiSelectField
              key={t.field}
              label={t.label}
              placeholder={`Pick ${t.label.toLowerCase()}`}
              options={withChosen(options[t.option], value[t.field])}
              value={value[t.field]}
              onChange={(v) => set(t.field, v)}
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
}
