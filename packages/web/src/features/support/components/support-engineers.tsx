import { useState } from 'react';
import { Badge, Button, CloseButton, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { toast } from '@/components/feedback/toast';
import { isApiError } from '@/lib/http/api-error';
import { useDeskEngineers, useSetEngineer } from '../api/desk';

/** Super admins: who works the desk; a user (by e-mail) is made a support engineer or no longer one. */
export function SupportEngineers() {
  const engineers = useDeskEngineers();
  const set = useSetEngineer();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const grant = (value: string, flag: boolean) => {
    setError(null);
    set.mutateAsync({ email: value, is_support_engineer: flag }).then(
      () => {
        toast.info(flag ? `${value} is now a support engineer` : `${value} is no longer a support engineer`);
        setEmail('');
      },
      (e: unknown) => setError(isApiError(e) ? (e.fieldError('email') ?? e.detail) : 'Could not change the role'),
    );
  };
  return (
    <Paper withBorder p="md">
      <Stack gap="xs">
        <Text fw={600}>Support engineers</Text>
        <Text size="sm" c="dimmed">
          They work every tenant's tickets here, and see nothing else of a tenant.
        </Text>
        <Group gap="xs">
          {(engineers.data ?? []).map((e) => (
            <Badge
              key={e.id}
              variant="light"
              color={e.is_super_admin ? 'grape' : 'blue'}
              rightSection={!e.is_super_admin && <CloseButton size="xs" aria-label={`Revoke ${e.email}`} onClick={() => grant(e.email, false)} />}
            >
              {e.name} {e.is_super_admin ? '(super admin)' : ''}
            </Badge>
          ))}
        </Group>
        <Group align="flex-start" gap="xs">
          <TextInput
            aria-label="E-mail of the user"
            placeholder="user@example.com"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={error}
            w={280}
          />
          <Button variant="default" onClick={() => grant(email, true)} disabled={!email.trim()} loading={set.isPending}>
            Make support engineer
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
