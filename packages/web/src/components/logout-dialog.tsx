import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { logout } from '@/lib/session/logout';

const LOGOUT_DIALOG = {
  title: 'Log Out Account',
  question: 'Are you sure you want to log out?',
  warning: 'Once logout you need to login again!',
  cancel: 'No, Stay logged in',
  confirm: 'Yes, Logout',
} as const;

/** The logout confirmation of spec 000 §2.3, with its exact texts. */
export function openLogoutDialog(onConfirm: () => void = () => void logout()) {
  modals.openConfirmModal({
    title: <Text fw={600}>{LOGOUT_DIALOG.title}</Text>,
    centered: true,
    children: (
      <>
        <Text size="sm">{LOGOUT_DIALOG.question}</Text>
        <Text size="sm" c="dimmed" mt={4}>
          {LOGOUT_DIALOG.warning}
        </Text>
      </>
    ),
    labels: { confirm: LOGOUT_DIALOG.confirm, cancel: LOGOUT_DIALOG.cancel },
    confirmProps: { color: 'red' },
    onConfirm,
  });
}
