import { useState } from 'react';
import { Alert, Button, Group, SegmentedControl, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { samlProviderCreateBodySchema, samlProviderUpdateBodySchema, type SsoProvider } from '@netloom/domain';
import { formErrorMessage, serverFieldErrors, validateForm, type FormErrors } from '@/lib/forms';
import { useSaveSamlProvider } from '@/features/sso/api/saml-providers';

interface Props {
  /** The SAML provider to change; null adds one. */
  provider: SsoProvider | null;
  onDone: () => void;
}

type Source = 'url' | 'xml';

/**
 * A SAML 2.0 provider from its IdP metadata, by URL (Netloom fetches it, and again on every save:
 * that is how a certificate rollover reaches Netloom) or pasted. Signed assertions are always required.
 */
export function SamlProviderForm({ provider, onDone }: Props) {
  const stored = provider?.saml ?? null;
  const [source, setSource] = useState<Source>(stored && stored.metadata_url === null ? 'xml' : 'url');
  const [values, setValues] = useState({
    name: provider?.name ?? '',
    metadata_url: stored?.metadata_url ?? '',
    metadata_xml: '',
    groups_attribute: provider?.groups_claim ?? 'groups',
    enabled: provider?.enabled ?? true,
  });
  const [errors, setErrors] = useState<FormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const save = useSaveSamlProvider();
  const set = (key: keyof typeof values) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const value = key === 'enabled' ? (e.currentTarget as HTMLInputElement).checked : e.currentTarget.value;
    setValues((v) => ({ ...v, [key]: value }));
  };

  const submit = () => {
    const { metadata_url, metadata_xml, ...rest } = values;
    // On a change, pasted XML left blank keeps the IdP settings Netloom has.
    const metadata = source === 'url' ? { metadata_url } : metadata_xml === '' && provider ? {} : { metadata_xml };
    const body = { ...rest, ...metadata };
    const v = provider ? validateForm(samlProviderUpdateBodySchema, body) : validateForm(samlProviderCreateBodySchema, body);
    if ('errors' in v) return setErrors(v.errors);
    setErrors({});
    setFormError(null);
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
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            IdP metadata
          </Text>
          <SegmentedControl
            aria-label="IdP metadata"
            value={source}
            onChange={(v) => setSource(v as Source)}
            data={[
              { value: 'url', label: 'From a URL' },
              { value: 'xml', label: 'Paste XML' },
            ]}
          />
        </Stack>
        {source === 'url' ? (
          <TextInput
            label="Metadata URL"
            description="Netloom fetches it now, and again each time you save (after the IdP renews its certificate)"
            placeholder="https://idp.example.com/saml/metadata"
            value={values.metadata_url}
            onChange={set('metadata_url')}
            error={errors.metadata_url}
            required
          />
        ) : (
          <Textarea
            label="Metadata XML"
            description={provider ? 'Paste new metadata to replace the certificates; leave blank to keep them' : 'The EntityDescriptor your IdP gives'}
            autosize
            minRows={4}
            maxRows={10}
            styles={{ input: { fontFamily: 'monospace' } }}
            value={values.metadata_xml}
            onChange={set('metadata_xml')}
            error={errors.metadata_xml}
            required={!provider}
          />
        )}
        <TextInput
          label="Groups attribute"
          description="The assertion attribute that lists the user's groups"
          value={values.groups_attribute}
          onChange={set('groups_attribute')}
          error={errors.groups_attribute}
        />
        <Text size="sm" c="dimmed">
          The e-mail is read from the NameID (emailAddress format) or an email attribute. Assertions must be signed.
        </Text>
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
