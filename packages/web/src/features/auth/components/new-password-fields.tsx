import { PasswordInput, Stack } from '@mantine/core';

interface Props {
  password: string;
  confirm: string;
  onPassword: (v: string) => void;
  onConfirm: (v: string) => void;
  errors: { password?: string; confirm?: string };
}

export function NewPasswordFields({ password, confirm, onPassword, onConfirm, errors }: Props) {
  return (
    <Stack gap="sm">
      <PasswordInput
        label="New password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => onPassword(e.currentTarget.value)}
        error={errors.password}
      />
      <PasswordInput
        label="Confirm password"
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => onConfirm(e.currentTarget.value)}
        error={errors.confirm}
      />
    </Stack>
  );
}

export const PASSWORDS_DIFFER = 'Passwords do not match';
