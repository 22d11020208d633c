import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Code, CopyButton, Loader, Center, Stack, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { isLoopbackRedirectUri, type LoginResponse, type Session } from '@netloom/domain';
import { paths } from '@/paths';
import { formErrorMessage } from '@/lib/forms';
import { beginSession } from '@/lib/session/bootstrap';
import { useCurrentUser } from '@/lib/session/session-store';
import { useClientEnrolment } from '@/features/auth/api/client-enrolment';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { LoginForm } from '@/features/auth/components/login-form';
import { TwoFactorForm } from '@/features/auth/components/two-factor-form';

/**
 * The page the MicroZAccess desktop client opens in the browser (spec 000 §2.9, "first login with
 * e-mail and password, SSO or Google"). Once signed in, the user's organisation gives this device
 * a single-use enrolment key: sent to the client's loopback address when it gave one (RFC 8252),
 * otherwise shown to paste into the client.
 */
export function MicroZAccessPage() {
  const [params] = useSearchParams();
  const redirectUri = params.get('redirect_uri') ?? undefined;
  const state = params.get('state') ?? undefined;
  const user = useCurrentUser();
  const [twoFactor, setTwoFactor] = useState<{ ephemeralToken: string; remember: boolean } | null>(null);

  if (redirectUri !== undefined && !isLoopbackRedirectUri(redirectUri)) {
    return (
      <AuthLayout title="MicroZAccess sign-in">
        <Alert color="red" variant="light" role="alert">
          This sign-in link does not come from a MicroZAccess client on this computer, so no key is given. Open the sign-in again from the client.
        </Alert>
      </AuthLayout>
    );
  }

  if (user) {
    return (
      <AuthLayout title="MicroZAccess sign-in" subtitle={`Signed in as ${user.email}`}>
        <Enrolment redirectUri={redirectUri} state={state} />
      </AuthLayout>
    );
  }

  if (twoFactor) {
    return (
      <AuthLayout title="Two-factor authentication">
        <TwoFactorForm
          ephemeralToken={twoFactor.ephemeralToken}
          remember={twoFactor.remember}
          onSuccess={(s: Session) => beginSession(s)}
          onBack={() => setTwoFactor(null)}
        />
      </AuthLayout>
    );
  }

  const onResult = (r: LoginResponse, remember: boolean) => {
    if ('two_factor_required' in r) setTwoFactor({ ephemeralToken: r.ephemeral_token, remember });
    else beginSession(r);
  };
  const here = `${paths.auth.microZAccess}?${params.toString()}`;
  return (
    <AuthLayout title="Sign in to MicroZAccess" subtitle="Sign in to connect this device to your organisation.">
      <LoginForm onResult={onResult} returnTo={here} />
    </AuthLayout>
  );
}

function Enrolment({ redirectUri, state }: { redirectUri?: string; state?: string }) {
  const enrolment = useClientEnrolment();
  const asked = useRef(false);

  // One key per visit: a re-render must not mint another.
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    enrolment.mutate(
      { ...(redirectUri ? { redirect_uri: redirectUri } : {}), ...(state ? { state } : {}) },
      {
        onSuccess: (answer) => {
          if (answer.redirect) window.location.assign(answer.redirect);
        },
      },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (enrolment.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {formErrorMessage(enrolment.error)}
      </Alert>
    );
  }
  if (!enrolment.data) {
    return (
      <Center py="xl">
        <Loader aria-label="Preparing your enrolment" />
      </Center>
    );
  }
  const { key, expires_at, tenant_name, redirect } = enrolment.data;
  const until = new Date(expires_at).toLocaleTimeString();
  if (redirect) {
    return (
      <Alert color="green" variant="light" role="status">
        Returning to MicroZAccess to connect this device to {tenant_name}. You can close this page once the client shows it is connected.
      </Alert>
    );
  }
  return (
    <Stack>
      <Text size="sm">
        Paste this key into MicroZAccess to connect this device to {tenant_name}. It works once, until {until}.
      </Text>
      <Code block aria-label="Enrolment key">
        {key}
      </Code>
      <CopyButton value={key}>
        {({ copied, copy }) => (
          <Button onClick={copy} variant={copied ? 'light' : 'filled'} fullWidth>
            {copied ? 'Copied' : 'Copy key'}
          </Button>
        )}
      </CopyButton>
    </Stack>
  );
}
