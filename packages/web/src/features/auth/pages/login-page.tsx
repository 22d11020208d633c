import { useEffect, useRef, useState } from 'react';
import { Center, Loader } from '@mantine/core';
import { useNavigate } from 'react-router';
import type { LoginResponse, Session } from '@netloom/domain';
import { paths } from '@/paths';
import { beginSession } from '@/lib/session/bootstrap';
import { formErrorMessage } from '@/lib/forms';
import { useGoogleLogin } from '@/features/auth/api/login';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { LoginForm } from '@/features/auth/components/login-form';
import { TwoFactorForm } from '@/features/auth/components/two-factor-form';
import { takeGoogleReturn } from '@/features/auth/google-oidc';
import { keepSocialSignup } from '@/features/auth/social-signup-token';
import { isApiError } from '@/lib/http/api-error';

type Step = { kind: 'credentials' } | { kind: 'two-factor'; ephemeralToken: string; remember: boolean };

export function LoginPage() {
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>({ kind: 'credentials' });
  const [googleError, setGoogleError] = useState<string | null>(null);
  const [googlePending, setGooglePending] = useState(() => window.location.hash.includes('id_token='));
  const googleLogin = useGoogleLogin();
  const handled = useRef(false);

  const enter = (session: Session, returnTo: string = paths.root) => {
    beginSession(session);
    // "/" decides where this user belongs (dashboard, tenant list, client page).
    navigate(returnTo, { replace: true });
  };

  const onResult = (r: LoginResponse, remember: boolean) => {
    if ('two_factor_required' in r) setStep({ kind: 'two-factor', ephemeralToken: r.ephemeral_token, remember });
    else enter(r);
  };

  // Back from Google: the id_token is in the fragment; trade it for a session once.
  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    const ret = takeGoogleReturn(window.location.hash);
    if (!ret) return;
    window.history.replaceState(null, '', paths.auth.login);
    if ('error' in ret) {
      setGooglePending(false);
      setGoogleError(ret.error);
      return;
    }
    googleLogin.mutate(
      { id_token: ret.idToken, remember: ret.remember },
      {
        onSuccess: (session) => enter(session, ret.returnTo),
        onError: (e) => {
          // A verified Google account with no Netloom account signs up; the token goes along out of the URL.
          if (isApiError(e) && e.status === 404) {
            keepSocialSignup({ idToken: ret.idToken, remember: ret.remember });
            navigate(paths.auth.socialSignup, { replace: true });
            return;
          }
          setGooglePending(false);
          setGoogleError(formErrorMessage(e));
        },
      },
    );
    // Runs once on arrival; the mutation object is stable enough for that single use.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (googlePending) {
    return (
      <AuthLayout title="Signing you in" subtitle="Completing Google sign-in…">
        <Center py="xl">
          <Loader />
        </Center>
      </AuthLayout>
    );
  }

  if (step.kind === 'two-factor') {
    return (
      <AuthLayout title="Two-factor authentication">
        <TwoFactorForm ephemeralToken={step.ephemeralToken} remember={step.remember} onSuccess={enter} onBack={() => setStep({ kind: 'credentials' })} />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Sign in to Netloom" subtitle="Welcome back. Sign in to manage your network.">
      <LoginForm onResult={onResult} initialError={googleError} key={googleError ?? 'form'} />
    </AuthLayout>
  );
}
