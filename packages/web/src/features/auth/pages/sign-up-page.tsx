import { useState } from 'react';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import { registrationBodySchema } from '@netloom/domain';
import { paths } from '@/paths';
import { formErrorMessage, serverFieldErrors, validateForm, type FormErrors } from '@/lib/forms';
import { useRegister, type RegistrationInput } from '@/features/auth/api/account';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { FormSuccess } from '@/features/auth/components/form-success';

const EMPTY: RegistrationInput = { email: '', password: '', first_name: '', last_name: '', company_name: '' };

export function SignUpPage() {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const register = useRegister();
  const set = (k: keyof RegistrationInput) => (e: React.ChangeEvent<HTMLInputElement>) => {
    // Read now: the updater runs later, when React has already cleared the event's currentTarget.
    const value = e.currentTarget.value;
    setValues((v) => ({ ...v, [k]: value }));
  };

  const submit = () => {
    const v = validateForm(registrationBodySchema, values);
    if ('errors' in v) return setErrors(v.errors);
    setErrors({});
    setFormError(null);
    register.mutate(v.data, {
      onError: (e) => {
        setErrors(serverFieldErrors(e));
        setFormError(formErrorMessage(e));
      },
    });
  };

  return (
    <AuthLayout title="Create your account" subtitle="Start managing your network with Netloom.">
      {register.isSuccess ? (
        <FormSuccess message={register.data.detail} />
      ) : (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Stack gap="sm">
            {formError && (
              <Alert color="red" variant="light" p="xs" role="alert">
                {formError}
              </Alert>
            )}
            <Group grow>
              <TextInput label="First name" value={values.first_name} onChange={set('first_name')} error={errors.first_name} />
              <TextInput label="Last name" value={values.last_name} onChange={set('last_name')} error={errors.last_name} />
            </Group>
            <TextInput label="Company" value={values.company_name} onChange={set('company_name')} error={errors.company_name} />
            <TextInput label="Business e-mail" type="email" autoComplete="email" value={values.email} onChange={set('email')} error={errors.email} />
            <PasswordInput label="Password" autoComplete="new-password" value={values.password} onChange={set('password')} error={errors.password} />
            <Button type="submit" loading={register.isPending} fullWidth mt="xs">
              Sign up
            </Button>
            <Anchor component={Link} to={paths.auth.login} size="sm" ta="center">
              Already have an account? Sign in
            </Anchor>
          </Stack>
        </form>
      )}
    </AuthLayout>
  );
}
