import { useState } from 'react';
import { Alert, Anchor, Button, Center, PinInput, Stack, Text } from '@mantine/core';
import { twoFactorLoginBodySchema, type Session } from '@netloom/domain';
import { fieldErrorMessage } from '@/lib/forms';
import { useTwoFactorLogin } from '@/features/auth/api/login';

interface Props {
  ephemeralToken: string;
  remember: boolean;
  onSuccess: (s: Session) => void;
  onBack: () => void;
}

/** Second step of a login for users with two-factor authentication on. */
export function TwoFactorForm({ ephemeralToken, remember, onSuccess, onBack }: Props) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const verify = useTwoFactorLogin();

  const submit = (value: string) => {
    const parsed = twoFactorLoginBodySchema.safeParse({ ephemeral_token: ephemeralToken, code: value, remember });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter the 6-digit code');
      return;
    }
    setError(null);
    verify.mutate(parsed.data, { onSuccess, onError: (e) => setError(fieldErrorMessage(e, 'code')) });
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        submit(code);
      }}
    >
      <Stack>
        <Text size="sm" c="dimmed">
          Enter the 6-digit code from your authenticator app.
        </Text>
        <Center>
          <PinInput
            length={6}
            type="number"
            oneTimeCode
            autoFocus
            value={code}
            onChange={setCode}
            onComplete={submit}
            aria-label="Verification code"
            error={!!error}
          />
        </Center>
        {error && (
          <Alert color="red" variant="light" p="xs">
            {error}
          </Alert>
        )}
        <Button type="submit" loading={verify.isPending} fullWidth>
          Verify
        </Button>
        <Anchor component="button" type="button" size="sm" onClick={onBack} ta="center">
          Back to sign in
        </Anchor>
      </Stack>
    </form>
  );
}
