import { useState } from 'react';
import { Alert, Button, Group, PasswordInput, Stack, Switch, TextInput } from '@mantine/core';
import { ssoProviderCreateBodySchema, ssoProviderUpdateBodySchema, type SsoProvider } from '@netloom/domain';
import { formErrorMessage, serverFieldErrors, validateForm, type FormErrors } from '@/lib/forms';
import { useSaveSsoProvider } from '@/features/sso/api/sso-providers';

interface Props {
  /** The provider to change; null adds one. */
  provider: SsoProvider | null;
  onDone: () => void;
}

/** An OpenID Connect provider: where it is (issuer), who Netloom is there (client id and secret), what to ask for. */
export function ProviderForm({ provider, onDone }: Props) {
  const [values, setValues] = useState({
    name: provider?.name ?? '',
    issuer: provider?.issuer ?? '',
    client_id: provider?.client_id ?? '',
    client_secret: '',
    scopes: provider?.scopes ?? 'openid email profile',
    groups_claim: provider?.groups_claim ?? 'groups',
    enabled: provider?.enabled ?? true,
  });
  const [errors, setErrors] = useState<FormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const save = useSaveSsoProvider();
  const set = (key: keyof typeof values) => (e: React.ChangeEvent<HTMLInputElement>) => {
    // Read now: the event's target is gone by the time an updater runs.
    const value = key === 'enabled' ? e.currentTarget.checked : e.currentTarget.value;
    setValues((v) => ({ ...v, [key]: value }));
  };

  const submit = () => {
    // A blank secret on an edit keeps the stored one.
    const body = provider && values.client_secret === '' ? { ...values, client_secret: undefined } : values;
    const v = provider ? validateForm(ssoProviderUpdateBodySchema, body) : validateForm(ssoProviderCreateBodySchema, body);
    if ('errors' in v) return setErrors(v.errors);
    setErrors({});
    save.mutate(
      { id: provider?.id ?? null, body: v.data },
      {
        onSuccess: onDone,
        onError: (e) => {
          setErrors(serverFieldErrors(e));
          setFormError(formErrorMessage(e));
        },
      },
    );
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Stack>
        {formError && (
          <Alert color="red" variant="light" role="alert">
            {formError}
          </Alert>
        )}
        <TextInput label="Name" placeholder="Okta" value={values.name} onChange={set('name')} error={errors.name} required />
        <TextInput
          label="Issuer URL"
          description="Netloom reads the provider's settings from /.well-known/openid-configuration under it"
          placeholder="https://login.example.com"
          value={values.issuer}
          onChange={set('issuer')}
          error={errors.issuer}
          required
        />
        <TextInput label="Client ID" value={values.client_id} onChange={set('client_id')} error={errors.client_id} required />
        <PasswordInput
          label="Client secret"
          description={provider ? 'Leave blank to keep the stored secret' : 'Stored encrypted; never shown again'}
          value={values.client_secret}
          onChange={set('client_secret')}
          error={errors.client_secret}
          required={!provider}
        />
        <TextInput label="Scopes" description="openid is always asked for" value={values.scopes} onChange={set('scopes')} error={errors.scopes} />
        <TextInput
          label="Groups claim"
          description="The claim that lists the user's groups"
          value={values.groups_claim}
          onChange={set('groups_claim')}
          error={errors.groups_claim}
        />
        <Switch label="Enabled" checked={values.enabled} onChange={set('enabled')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {provider ? 'Save provider' : 'Add provider'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
