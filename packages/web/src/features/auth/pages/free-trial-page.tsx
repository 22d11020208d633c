import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { LoginResponse, Session } from '@netloom/domain';
import { paths } from '@/paths';
import { activeDashboard } from '@/lib/active-dashboard';
import { demoAccount } from '@/lib/demo-account';
import { beginSession } from '@/lib/session/bootstrap';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { LoginForm } from '@/features/auth/components/login-form';
import { TwoFactorForm } from '@/features/auth/components/two-factor-form';

type Step = { kind: 'credentials' } | { kind: 'two-factor'; ephemeralToken: string; remember: boolean };

/**
 * The free-trial entrance: a visitor signs in with the demo account they were given. Signing in
 * here is the demo account event: the console opens on the zero-trust product (the free-trial
 * product) when the tenant has it, and the demo tour starts 2 s later (spec 000 §2.17).
 */
export function FreeTrialPage() {
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>({ kind: 'credentials' });

  const enter = (session: Session) => {
    // "/" keeps a previous choice when the tenant has that product, so this leans it to ZTNA.
    activeDashboard.set('ztna');
    demoAccount.announce();
    beginSession(session);
    navigate(paths.root, { replace: true });
  };

  const onResult = (r: LoginResponse, remember: boolean) => {
    if ('two_factor_required' in r) setStep({ kind: 'two-factor', ephemeralToken: r.ephemeral_token, remember });
    else enter(r);
  };

  if (step.kind === 'two-factor') {
    return (
      <AuthLayout title="Two-factor authentication">
        <TwoFactorForm ephemeralToken={step.ephemeralToken} remember={step.remember} onSuccess={enter} onBack={() => setStep({ kind: 'credentials' })} />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Start your free trial" subtitle="Sign in with your demo account: a guided tour shows you around.">
      <LoginForm onResult={onResult} />
    </AuthLayout>
  );
}
