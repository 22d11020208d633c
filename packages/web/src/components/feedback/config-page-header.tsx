import type { ReactNode } from 'react';
import { Button, Group, Switch } from '@mantine/core';
import { IconRefresh, IconSettings } from '@tabler/icons-react';
import { PageHeader } from '@/components/page-header';

interface ConfigPageToggle {
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
    <PageHeader
      title={title}
      subtitle={subtitle}
      actions={
        <Group gap="sm" wrap="nowrap">
          {toggle && (
            <Switch label={toggle.label} checked={toggle.checked} disabled={toggle.disabled} onChange={(e) => toggle.onChange(e.currentTarget.checked)} />
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
      }
    />
  );
}
