import { useEffect, useRef, useState } from 'react';
import { Alert, Anchor, Center, Loader, Stack } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/paths';
import { beginSession } from '@/lib/session/bootstrap';
import { formErrorMessage } from '@/lib/forms';
import { useCompleteSso } from '@/features/auth/api/sso';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { takeSsoReturn } from '@/features/auth/sso-return';

/**
 * Where identity providers send the browser back (the redirect URI owners register): the
 * provider's answer goes to the server once, which checks it and answers a session.
 */
export function SsoPage() {
  const navigate = useNavigate();
  const complete = useCompleteSso();
  const [error, setError] = useState<string | null>(null);
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    const params = window.location.search;
    const returnTo = takeSsoReturn();
    // The code is single-use: keep it out of the history and of anything that reads the address.
    window.history.replaceState(null, '', paths.auth.sso);
    complete.mutate(params, {
      onSuccess: (session) => {
        beginSession(session);
        navigate(returnTo ?? paths.root, { replace: true });
      },
      onError: (e) => setError(formErrorMessage(e)),
    });
    // Runs once on arrival; the mutation object is stable enough for that single use.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <AuthLayout title={error ? 'Single sign-on failed' : 'Signing you in'} subtitle={error ? undefined : 'Completing single sign-on…'}>
      {error ? (
        <Stack>
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
          <Anchor component={Link} to={paths.auth.login} ta="center">
            Back to the login page
          </Anchor>
        </Stack>
      ) : (
        <Center py="xl">
          <Loader />
        </Center>
      )}
    </AuthLayout>
  );
}
