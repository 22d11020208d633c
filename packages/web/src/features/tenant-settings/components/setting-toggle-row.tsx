import { Group, Stack, Switch, Text } from '@mantine/core';
import type { SettingToggle } from '@netloom/domain';

export interface SettingToggleRowProps {
  toggle: SettingToggle;
  checked: boolean;
  disabled: boolean;
  /** Why the switch cannot be used, shown under the description. */
  note?: string | null;
  onChange: (checked: boolean) => void;
}

/** One setting: its name and description, and a switch that saves at once. */
export function SettingToggleRow({ toggle, checked, disabled, note, onChange }: SettingToggleRowProps) {
  return (
    <Group justify="space-between" wrap="nowrap" py="sm" gap="xl">
      <Stack gap={2}>
        <Text fw={600} size="sm">
          {toggle.name}
        </Text>
        <Text size="sm" c="dimmed">
          {toggle.description}
        </Text>
        {note && (
          <Text size="xs" c="orange">
            {note}
          </Text>
        )}
      </Stack>
      <Switch aria-label={toggle.name} checked={checked} disabled={disabled} onChange={(e) => onChange(e.currentTarget.checked)} size="md" />
    </Group>
  );
}
