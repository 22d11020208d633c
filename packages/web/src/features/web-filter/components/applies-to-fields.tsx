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
          <MultiSelectField
            label="Users"
            placeholder="Pick users"
            options={withChosen(options.users, value.users)}
            value={value.users}
            onChange={(v) => set('users', v)}
            searchable
          />
          <MultiSelectField
            label="Groups"
            placeholder="Pick groups"
            options={withChosen(options.groups, value.groups)}
            value={value.groups}
            onChange={(v) => set('groups', v)}
            searchable
          />
          <MultiSelectField
            label="Endpoints"
            placeholder="Pick endpoints"
            options={withChosen(options.endpoints, value.endpoints)}
            value={value.endpoints}
            onChange={(v) => set('endpoints', v)}
            searchable
          />
          <MultiSelectField
            label="Device groups"
            placeholder="Pick device groups"
            options={withChosen(options.deviceGroups, value.device_groups)}
            value={value.device_groups}
            onChange={(v) => set('device_groups', v)}
            searchable
          />
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
