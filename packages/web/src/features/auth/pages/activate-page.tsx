import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Center, Loader, Stack } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { ERROR_CODES } from '@netloom/domain';
import { formErrorMessage, serverFieldErrors, type FormErrors } from '@/lib/forms';
import { isApiError } from '@/lib/http/api-error';
import { useActivate } from '@/features/auth/api/account';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { FormSuccess } from '@/features/auth/components/form-success';
import { NewPasswordFields, PASSWORDS_DIFFER } from '@/features/auth/components/new-password-fields';

/**
 * Target of the activation link /activate?token=… Self-registered users are activated at once;
 * invited users have no password yet, and the server asks for one (400 with errors.password).
 */
export function ActivatePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const activate = useActivate();
  const [needsPassword, setNeedsPassword] = useState(false);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FormErrors>({});
  const [formError, setFormError] = useState<string | null>(token ? null : 'This activation link is incomplete.');
  const started = useRef(false);

  const run = (pw?: string) =>
    activate.mutate(
      { token, password: pw },
      {
        onError: (e) => {
          if (isApiError(e) && e.code === ERROR_CODES.validation && e.fieldError('password') !== undefined) {
            setNeedsPassword(true);
            if (pw !== undefined) setErrors(serverFieldErrors(e));
            return;
          }
          setFormError(formErrorMessage(e));
        },
      },
    );

  useEffect(() => {
    if (started.current || !token) return;
    started.current = true;
    run();
    // The link is used once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (activate.isSuccess) {
    return (
      <AuthLayout title="Account activated">
        <FormSuccess message="Your account is active. You can now sign in." />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Activate your account" subtitle={needsPassword ? 'Choose a password to finish setting up your account.' : undefined}>
      <Stack>
        {formError && (
          <Alert color="red" variant="light" p="xs" role="alert">
            {formError}
          </Alert>
        )}
        {needsPassword ? (
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              if (password !== confirm) return setErrors({ confirm: PASSWORDS_DIFFER });
              setErrors({});
              run(password);
            }}
          >
            <Stack>
              <NewPasswordFields password={password} confirm={confirm} onPassword={setPassword} onConfirm={setConfirm} errors={errors} />
              <Button type="submit" loading={activate.isPending} fullWidth>
                Activate account
              </Button>
            </Stack>
          </form>
        ) : (
          !formError && (
            <Center py="lg">
              <Loader />
            </Center>
          )
        )}
      </Stack>
    </AuthLayout>
  );
}
