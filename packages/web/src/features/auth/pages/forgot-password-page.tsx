import { useState } from 'react';
import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import { passwordResetBodySchema } from '@netloom/domain';
import { paths } from '@/paths';
import { formErrorMessage, validateForm } from '@/lib/forms';
import { useRequestPasswordReset } from '@/features/auth/api/account';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { FormSuccess } from '@/features/auth/components/form-success';

export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const reset = useRequestPasswordReset();

  const submit = () => {
    const v = validateForm(passwordResetBodySchema, { email });
    if ('errors' in v) return setError(v.errors.email);
    setError(undefined);
    reset.mutate(v.data, { onError: (e) => setFormError(formErrorMessage(e)) });
  };

  return (
    <AuthLayout title="Forgot password" subtitle="We will e-mail you a link to choose a new password.">
      {reset.isSuccess ? (
        <FormSuccess message={reset.data.detail} />
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
            <TextInput label="E-mail" type="email" autoFocus value={email} onChange={(e) => setEmail(e.currentTarget.value)} error={error} />
            <Button type="submit" loading={reset.isPending} fullWidth>
              Send reset link
            </Button>
            <Anchor component={Link} to={paths.auth.login} size="sm" ta="center">
              Back to sign in
            </Anchor>
          </Stack>
        </form>
      )}
    </AuthLayout>
  );
}
