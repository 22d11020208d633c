import { useEffect, useState } from 'react';
import { Alert, Anchor, Button, Center, Group, Loader, Stack, TextInput } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { socialSignupFieldsSchema } from '@netloom/domain';
import { paths } from '@/paths';
import { beginSession } from '@/lib/session/bootstrap';
import { formErrorMessage, serverFieldErrors, validateForm, type FormErrors } from '@/lib/forms';
import { useSocialIdentity, useSocialSignup } from '@/features/auth/api/social-signup';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { forgetSocialSignup, pendingSocialSignup } from '@/features/auth/social-signup-token';

type Fields = { first_name: string; last_name: string; company_name: string };

/**
 * Sign-up with a Google account that has no Netloom account yet (spec 000 §2.2 social-signup):
 * the e-mail is the one Google verified, read back from the server; the page asks what sign-up
 * asks besides the e-mail and password, and signs the new owner straight in.
 */
export function SocialSignUpPage() {
  const navigate = useNavigate();
  const [pending] = useState(pendingSocialSignup);
  const identity = useSocialIdentity(pending?.idToken ?? null);
  const signUp = useSocialSignup();
  const [values, setValues] = useState<Fields>({ first_name: '', last_name: '', company_name: '' });
  const [errors, setErrors] = useState<FormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  // The names Google gave start the form; the visitor may change them.
  const known = identity.data;
  useEffect(() => {
    if (known) setValues((v) => ({ ...v, first_name: v.first_name || known.first_name, last_name: v.last_name || known.last_name }));
  }, [known]);

  if (!pending) {
    return (
      <AuthLayout title="Sign up with Google">
        <Stack>
          <Alert color="yellow" variant="light" role="alert">
            Start from the sign-in page: choose &quot;Sign in with Google&quot; to sign up with your Google account.
          </Alert>
          <Button component={Link} to={paths.auth.login} fullWidth>
            Go to sign in
          </Button>
        </Stack>
      </AuthLayout>
    );
  }

  if (identity.isPending) {
    return (
      <AuthLayout title="Sign up with Google">
        <Center py="xl">
          <Loader />
        </Center>
      </AuthLayout>
    );
  }

  if (identity.isError) {
    return (
      <AuthLayout title="Sign up with Google">
        <Stack>
          <Alert color="red" variant="light" role="alert">
            {formErrorMessage(identity.error)}
          </Alert>
          <Button
            component={Link}
            to={paths.auth.login}
            fullWidth
            onClick={() => {
              forgetSocialSignup();
            }}
          >
            Go to sign in
          </Button>
        </Stack>
      </AuthLayout>
    );
  }

  const set = (k: keyof Fields) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const value = e.currentTarget.value;
    setValues((v) => ({ ...v, [k]: value }));
  };

  const submit = () => {
    const v = validateForm(socialSignupFieldsSchema, values);
    if ('errors' in v) return setErrors(v.errors);
    setErrors({});
    setFormError(null);
    signUp.mutate(
      { id_token: pending.idToken, remember: pending.remember, ...v.data },
      {
        onSuccess: (session) => {
          forgetSocialSignup();
          beginSession(session);
          navigate(paths.root, { replace: true });
        },
        onError: (e) => {
          setErrors(serverFieldErrors(e));
          setFormError(formErrorMessage(e));
        },
      },
    );
  };

  return (
    <AuthLayout title="Sign up with Google" subtitle="Create your organisation. Google has verified your e-mail address.">
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
          <TextInput label="Google e-mail" value={identity.data.email} readOnly />
          <Group grow>
            <TextInput label="First name" value={values.first_name} onChange={set('first_name')} error={errors.first_name} />
            <TextInput label="Last name" value={values.last_name} onChange={set('last_name')} error={errors.last_name} />
          </Group>
          <TextInput label="Company" value={values.company_name} onChange={set('company_name')} error={errors.company_name} />
          <Button type="submit" loading={signUp.isPending} fullWidth mt="xs">
            Sign up
          </Button>
          <Anchor component={Link} to={paths.auth.login} size="sm" ta="center" onClick={forgetSocialSignup}>
            Already have an account? Sign in
          </Anchor>
        </Stack>
      </form>
    </AuthLayout>
  );
}
