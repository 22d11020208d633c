import { useState } from 'react';
import { Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { toast } from '@/components/feedback/toast';
import { formErrorMessage, serverFieldErrors, validateForm, type FormErrors } from '@/lib/forms';
import { passwordChangeFormSchema, useChangePassword } from '@/features/profile/api/change-password';

const EMPTY = { old_password: '', new_password: '', confirm: '' };

export function PasswordForm() {
  const [v, setV] = useState(EMPTY);
  const [errors, setErrors] = useState<FormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const change = useChangePassword();

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const checked = validateForm(passwordChangeFormSchema, v);
    const mismatch: Record<string, string> = v.confirm !== v.new_password ? { confirm: 'Passwords do not match' } : {};
    if ('errors' in checked || v.confirm !== v.new_password) return setErrors({ ...('errors' in checked ? checked.errors : {}), ...mismatch });
    setErrors({});
    setFormError(null);
    change.mutate(checked.data, {
      onSuccess: () => {
        setV(EMPTY);
        toast.edited('Password');
      },
      onError: (err) => {
        setErrors(serverFieldErrors(err));
        setFormError(formErrorMessage(err));
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm" maw={420}>
        <PasswordInput
          label="Current password"
          value={v.old_password}
          error={errors.old_password}
          onChange={(e) => setV({ ...v, old_password: e.currentTarget.value })}
        />
        <PasswordInput
          label="New password"
          value={v.new_password}
          error={errors.new_password}
          onChange={(e) => setV({ ...v, new_password: e.currentTarget.value })}
        />
        <PasswordInput label="Confirm new password" value={v.confirm} error={errors.confirm} onChange={(e) => setV({ ...v, confirm: e.currentTarget.value })} />
        {formError && (
          <Text size="sm" c="red" role="alert">
            {formError}
          </Text>
        )}
        <Group>
          <Button type="submit" loading={change.isPending}>
            Change password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
