import type { ReactNode } from 'react';
import { Button, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { IconRefresh, IconSettings } from '@tabler/icons-react';

export interface ConfigPageToggle {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}

export interface ConfigPageHeaderProps {
  title: ReactNode;
  subtitle?: ReactNode;
  onRefresh: () => void;
  refreshing?: boolean;
  /** Shows the Settings button. */
  onSettings?: () => void;
  /** Shows a switch, e.g. to turn the whole configuration on or off. */
  toggle?: ConfigPageToggle;
  /** Extra actions (Add…) placed after the standard ones. */
  actions?: ReactNode;
}

/** Header of configuration pages (spec 001 §2): Refresh, optional Settings, optional toggle. */
export function ConfigPageHeader({ title, subtitle, onRefresh, refreshing = false, onSettings, toggle, actions }: ConfigPageHeaderProps) {
  return (
    <Group justify="space-between" align="flex-end" mb="lg" wrap="nowrap">
      <Stack gap={2}>
        <Title order={2} fz={22} fw={650}>
          {title}
        </Title>
        {subtitle && (
          <Text size="sm" c="dimmed">
            {subtitle}
          </Text>
        )}
      </Stack>
      <Group gap="sm" wrap="nowrap">
        {toggle && (
          <Switch
            label={toggle.label}
            checked={toggle.checked}
            disabled={toggle.disabled}
            onChange={(e) => toggle.onChange(e.currentTarget.checked)}
          />
        )}
        {onSettings && (
          <Button variant="default" leftSection={<IconSettings size={16} />} onClick={onSettings}>
            Settings
          </Button>
        )}
        <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={onRefresh} loading={refreshing}>
          Refresh
        </Button>
        {actions}
      </Group>
    </Group>
  );
}
