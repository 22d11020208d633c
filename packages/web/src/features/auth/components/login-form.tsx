import { useState } from 'react';
import { Alert, Anchor, Button, Checkbox, Divider, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconBrandGoogleFilled } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ERROR_CODES, loginBodySchema, type LoginResponse } from '@netloom/domain';
import { paths } from '@/paths';
import { formErrorMessage, serverFieldErrors, validateForm, type FormErrors } from '@/lib/forms';
import { isApiError } from '@/lib/http/api-error';
import { useLogin, useLoginOptions } from '@/features/auth/api/login';
import { startGoogleLogin } from '@/features/auth/google-oidc';

interface Props {
  onResult: (r: LoginResponse, remember: boolean) => void;
  initialError?: string | null;
  /** Where Google sign-in comes back to once signed in (default: the user's home). */
  googleReturnTo?: string;
}

export function LoginForm({ onResult, initialError = null, googleReturnTo }: Props) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [errors, setErrors] = useState<FormErrors>({});
  const [formError, setFormError] = useState<string | null>(initialError);
  const login = useLogin();
  const options = useLoginOptions();
  const google = options.data?.google ?? null;

  const submit = () => {
    const v = validateForm(loginBodySchema, { username, password, remember });
    if ('errors' in v) {
      setErrors(v.errors);
      return;
    }
    setErrors({});
    setFormError(null);
    login.mutate(v.data, {
      onSuccess: (r) => onResult(r, v.data.remember),
      onError: (e) => {
        if (isApiError(e) && e.code === ERROR_CODES.validation) setErrors(serverFieldErrors(e));
        setFormError(formErrorMessage(e));
      },
    });
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Stack gap="md">
        {formError && (
          <Alert color="red" variant="light" p="xs" role="alert">
            {formError}
          </Alert>
        )}
        <TextInput
          label="Email or username"
          placeholder="you@company.com"
          autoComplete="username"
          autoFocus
          value={username}
          onChange={(e) => setUsername(e.currentTarget.value)}
          error={errors.username}
        />
        <PasswordInput
          label="Password"
          placeholder="Your password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={errors.password}
        />
        <Group justify="space-between">
          <Checkbox label="Remember me" checked={remember} onChange={(e) => setRemember(e.currentTarget.checked)} />
          <Anchor component={Link} to={paths.auth.forgotPassword} size="sm">
            Forgot password?
          </Anchor>
        </Group>
        <Button type="submit" loading={login.isPending} fullWidth size="md">
          Sign in
        </Button>
        {google && (
          <>
            <Divider label="or" labelPosition="center" />
            <Button
              variant="default"
              fullWidth
              leftSection={<IconBrandGoogleFilled size={16} />}
              onClick={() => startGoogleLogin(google, remember, googleReturnTo)}
            >
              Sign in with Google
            </Button>
          </>
        )}
        <Anchor component={Link} to={paths.auth.signUp} size="sm" ta="center">
          New to Netloom? Create an account
        </Anchor>
      </Stack>
    </form>
  );
}
