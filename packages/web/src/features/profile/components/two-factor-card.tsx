import { useState } from 'react';
import { Badge, Button, Code, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core';
import type { User } from '@netloom/domain';
import { toast } from '@/components/feedback/toast';
import { fieldErrorMessage, formErrorMessage, validateForm } from '@/lib/forms';
import {
  twoFactorCodeBodySchema,
  twoFactorDisableBodySchema,
  useDisableTwoFactor,
  useEnableTwoFactor,
  useTwoFactorSetup,
} from '@/features/profile/api/two-factor';
import { OtpauthQr } from './otpauth-qr';
import { RecoveryCodes } from './recovery-codes';

function CodeField({
  label,
  onSubmit,
  busy,
  submitLabel,
  schema,
}: {
  label: string;
  submitLabel: string;
  busy: boolean;
  schema: typeof twoFactorCodeBodySchema | typeof twoFactorDisableBodySchema;
  onSubmit: (code: string) => Promise<unknown>;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const checked = validateForm(schema, { code });
    if ('errors' in checked) return setError(checked.errors.code ?? 'Invalid code');
    setError(null);
    try {
      await onSubmit(checked.data.code);
    } catch (err) {
      setError(fieldErrorMessage(err, 'code'));
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Group align="flex-start">
        <TextInput label={label} value={code} error={error} autoComplete="one-time-code" onChange={(e) => setCode(e.currentTarget.value)} w={260} />
        <Button type="submit" mt={25} loading={busy}>
          {submitLabel}
        </Button>
      </Group>
    </form>
  );
}

/**
 * Two-factor enrolment: setup gives a secret and its otpauth URL (typed or pasted into the
 * authenticator), a code turns it on and answers the recovery codes; a code turns it off.
 */
export function TwoFactorCard({ user }: { user: User }) {
  const setup = useTwoFactorSetup();
  const enable = useEnableTwoFactor();
  const disable = useDisableTwoFactor();
  const [codes, setCodes] = useState<string[] | null>(null);

  if (codes) return <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />;
  if (user.twoFactorEnabled) {
    return (
      <Stack gap="sm">
        <Group gap="xs">
          <Text size="sm">Two-factor authentication is</Text>
          <Badge color="green">On</Badge>
        </Group>
        <CodeField
          label="Code or recovery code to turn it off"
          submitLabel="Turn off"
          busy={disable.isPending}
          schema={twoFactorDisableBodySchema}
          onSubmit={async (c) => {
            await disable.mutateAsync(c);
            toast.info('Two-factor authentication turned off');
          }}
        />
      </Stack>
    );
  }
  if (!setup.data) {
    return (
      <Stack gap="sm" align="flex-start">
        <Text size="sm">Protect your account with a code from an authenticator app at every sign-in.</Text>
        <Button onClick={() => setup.mutate(undefined, { onError: (e) => toast.error(formErrorMessage(e)) })} loading={setup.isPending}>
          Set up two-factor authentication
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      <Text size="sm">1. Scan the QR code with your authenticator app, or use the setup link or the secret key.</Text>
      <OtpauthQr url={setup.data.otpauth_url} />
      <Group gap="xs" wrap="nowrap">
        <Code block style={{ wordBreak: 'break-all', flex: 1 }} aria-label="Setup link">
          {setup.data.otpauth_url}
        </Code>
        <CopyButton value={setup.data.otpauth_url}>
          {({ copied, copy }) => (
            <Button size="xs" variant="default" onClick={copy}>
              {copied ? 'Copied' : 'Copy link'}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Group gap="xs">
        <Text size="sm">Secret key:</Text>
        <Code aria-label="Secret key">{setup.data.secret}</Code>
        <CopyButton value={setup.data.secret}>
          {({ copied, copy }) => (
            <Button size="xs" variant="default" onClick={copy}>
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Text size="sm">2. Enter the 6-digit code the app shows.</Text>
      <CodeField
        label="Code"
        submitLabel="Turn on"
        busy={enable.isPending}
        schema={twoFactorCodeBodySchema}
        onSubmit={async (c) => {
          const r = await enable.mutateAsync(c);
          setup.reset();
          setCodes(r.recovery_codes);
        }}
      />
    </Stack>
  );
}
