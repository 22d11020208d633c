import { useState } from 'react';
import { Alert, Anchor, Button, Checkbox, Divider, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconBrandGoogleFilled, IconKey } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ERROR_CODES, loginBodySchema, type LoginResponse } from '@netloom/domain';
import { paths } from '@/paths';
import { formErrorMessage, serverFieldErrors, validateForm, type FormErrors } from '@/lib/forms';
import { isApiError } from '@/lib/http/api-error';
import { useLogin, useLoginOptions } from '@/features/auth/api/login';
import { startGoogleLogin } from '@/features/auth/google-oidc';
import { useStartSso } from '@/features/auth/api/sso';
import { keepSsoReturn } from '@/features/auth/sso-return';
import { useSsoDomain } from './use-sso-domain';

interface Props {
  onResult: (r: LoginResponse, remember: boolean) => void;
  initialError?: string | null;
  /** Where Google or single sign-on come back to once signed in (default: the user's home). */
  returnTo?: string;
}

export function LoginForm({ onResult, initialError = null, returnTo }: Props) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [errors, setErrors] = useState<FormErrors>({});
  const [formError, setFormError] = useState<string | null>(initialError);
  const login = useLogin();
  const options = useLoginOptions();
  const google = options.data?.google ?? null;
  // An e-mail whose domain signs in with its organisation's provider goes there instead of a password;
  // owners keep the password (their break-glass account) one click away.
  const sso = useSsoDomain(username);
  const [passwordAnyway, setPasswordAnyway] = useState(false);
  const viaSso = sso?.sso === true && !passwordAnyway;
  const startSso = useStartSso();

  const continueWithSso = () => {
    setFormError(null);
    startSso.mutate(
      { email: username.trim().toLowerCase(), remember },
      {
        onSuccess: ({ redirect_url }) => {
          keepSsoReturn(returnTo);
          window.location.assign(redirect_url);
        },
        onError: (e) => setFormError(formErrorMessage(e)),
      },
    );
  };

  const submit = () => {
    if (viaSso) {
      continueWithSso();
      return;
    }
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
        {viaSso ? (
          <Text size="sm" c="dimmed">
            Your organisation signs in with single sign-on.{' '}
            <Anchor component="button" type="button" size="sm" onClick={() => setPasswordAnyway(true)}>
              Use a password instead
            </Anchor>
          </Text>
        ) : (
          <PasswordInput
            label="Password"
            placeholder="Your password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={errors.password}
          />
        )}
        <Group justify="space-between">
          <Checkbox label="Remember me" checked={remember} onChange={(e) => setRemember(e.currentTarget.checked)} />
          {!viaSso && (
            <Anchor component={Link} to={paths.auth.forgotPassword} size="sm">
              Forgot password?
            </Anchor>
          )}
        </Group>
        {viaSso ? (
          <Button type="submit" loading={startSso.isPending} fullWidth size="md" leftSection={<IconKey size={16} />}>
            Continue with single sign-on
          </Button>
        ) : (
          <Button type="submit" loading={login.isPending} fullWidth size="md">
            Sign in
          </Button>
        )}
        {google && (
          <>
            <Divider label="or" labelPosition="center" />
            <Button variant="default" fullWidth leftSection={<IconBrandGoogleFilled size={16} />} onClick={() => startGoogleLogin(google, remember, returnTo)}>
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
