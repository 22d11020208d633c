import { ActionIcon, Menu } from '@mantine/core';
import { IconDots, IconEye, IconMailForward, IconPlayerPause, IconPlayerPlay, IconUserMinus } from '@tabler/icons-react';
import type { TeamUser } from '@netloom/domain';

export interface UserRowActionsProps {
  user: TeamUser;
  /** The actor may change this member (role rules of the domain) and it is not themselves. */
  canChange: boolean;
  canResend: boolean;
  onView: () => void;
  onResend: () => void;
  onSetActive: (active: boolean) => void;
  onRemove: () => void;
}

/** The menu of one member: details, resend, activate/deactivate, remove. */
export function UserRowActions({ user, canChange, canResend, onView, onResend, onSetActive, onRemove }: UserRowActionsProps) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${user.email}`}>
          <IconDots size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconEye size={14} />} onClick={onView}>
          View details
        </Menu.Item>
        {user.status === 'pending' && (
          <Menu.Item leftSection={<IconMailForward size={14} />} disabled={!canResend} onClick={onResend}>
            Resend invitation
          </Menu.Item>
        )}
        {user.status === 'active' && (
          <Menu.Item leftSection={<IconPlayerPause size={14} />} disabled={!canChange} onClick={() => onSetActive(false)}>
            Deactivate
          </Menu.Item>
        )}
        {user.status === 'inactive' && (
          <Menu.Item leftSection={<IconPlayerPlay size={14} />} disabled={!canChange} onClick={() => onSetActive(true)}>
            Activate
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconUserMinus size={14} />} disabled={!canChange} onClick={onRemove}>
          Remove
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
