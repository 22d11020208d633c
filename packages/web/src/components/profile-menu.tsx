import type { ReactNode } from 'react';
import { Avatar, Menu, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import type { User } from '@netloom/domain';
import { openLogoutDialog } from './logout-dialog';

function initials(user: User) {
  const a = user.firstName.charAt(0) || user.email.charAt(0);
  const b = user.lastName.charAt(0);
  return `${a}${b}`.toUpperCase();
}

function fullName(user: User) {
  return [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
}

/** Avatar menu with who is signed in and the confirmed Log out (spec 000 §2.8, §2.14). */
export function ProfileMenu({ user, children }: { user: User; children?: ReactNode }) {
  return (
    <Menu position="bottom-end" width={260} shadow="md" withinPortal>
      <Menu.Target>
        {/* The initials are its visible text: the name holds them (WCAG 2.5.3). */}
        <UnstyledButton aria-label={`Profile menu: ${initials(user)}`}>
          <Avatar color="blue" radius="xl" size={34}>
            {initials(user)}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Stack gap={0} px="sm" py={8}>
          <Text fw={600} size="sm">
            {fullName(user)}
          </Text>
          {user.companyName && (
            <Text size="xs" c="dimmed">
              {user.companyName}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {user.email}
          </Text>
        </Stack>
        <Menu.Divider />
        {children}
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={() => openLogoutDialog()}>
          Log out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
