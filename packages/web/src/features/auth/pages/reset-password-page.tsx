import { useState } from 'react';
import { Alert, Button, Stack } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { passwordResetConfirmBodySchema } from '@netloom/domain';
import { formErrorMessage, serverFieldErrors, validateForm, type FormErrors } from '@/lib/forms';
import { useConfirmPasswordReset } from '@/features/auth/api/account';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { FormSuccess } from '@/features/auth/components/form-success';
import { NewPasswordFields, PASSWORDS_DIFFER } from '@/features/auth/components/new-password-fields';

/** Target of the e-mailed link /resetpwd?token=… */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FormErrors>({});
  const [formError, setFormError] = useState<string | null>(token ? null : 'This reset link is incomplete. Ask for a new one.');
  const reset = useConfirmPasswordReset();

  const submit = () => {
    const v = validateForm(passwordResetConfirmBodySchema, { token, password });
    if ('errors' in v) return setErrors(v.errors);
    if (password !== confirm) return setErrors({ confirm: PASSWORDS_DIFFER });
    setErrors({});
    reset.mutate(v.data, {
      onError: (e) => {
        setErrors(serverFieldErrors(e));
        setFormError(formErrorMessage(e));
      },
    });
  };

  return (
    <AuthLayout title="Choose a new password">
      {reset.isSuccess ? (
        <FormSuccess message="Your password has been changed. You can now sign in." />
      ) : (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Stack>
            {formError && (
              <Alert color="red" variant="light" p="xs" role="alert">
                {formError}
              </Alert>
            )}
            <NewPasswordFields password={password} confirm={confirm} onPassword={setPassword} onConfirm={setConfirm} errors={errors} />
            <Button type="submit" loading={reset.isPending} disabled={!token} fullWidth>
              Set password
            </Button>
          </Stack>
        </form>
      )}
    </AuthLayout>
  );
}
