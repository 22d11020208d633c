import { useState } from 'react';
import { Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { SelectField, type SelectOption } from '@/components/inputs/select-field';
import { formErrorMessage } from '@/lib/forms';
import { useZtnaEndpoints } from '@/features/ztna-policies/api/get-ztna-endpoints';
import { useTenantUsers } from '@/features/ztna-policies/api/get-tenant-users';
import { useTestAccess } from '@/features/ztna-policies/api/test-access';
import { AccessTestResultView } from './access-test-result';
import { EMPTY_TARGET, TargetFields, type Target } from './target-fields';

type Subject = 'user' | 'endpoint';

/** One requester and one server: what the policies decide now, why, and what the requester is. */
export function RequesterCheck({ servers }: { servers: SelectOption[] }) {
  const users = useTenantUsers();
  const endpoints = useZtnaEndpoints();
  const test = useTestAccess();
  const [subject, setSubject] = useState<Subject>('user');
  const [user, setUser] = useState<string | null>(null);
  const [deviceId, setDeviceId] = useState<string | null>(null);
  const [target, setTarget] = useState<Target>(EMPTY_TARGET);
  const [errors, setErrors] = useState<{ who?: string; server?: string }>({});
  const endpoint = endpoints.data?.find((d) => d.id === deviceId) ?? null;

  const run = () => {
    const who = subject === 'user' ? user : deviceId;
    const found = { who: who ? undefined : 'Field is required', server: target.serverId ? undefined : 'Field is required' };
    setErrors(found);
    if (!who || !target.serverId) return;
    test.mutate({
      // An endpoint is asked about with the user signed in on it: their groups count too.
      user: subject === 'user' ? user : (endpoint?.user ?? null),
      device_id: subject === 'endpoint' ? deviceId : null,
      server_id: target.serverId,
      protocol: target.protocol,
      port: target.port,
    });
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        run();
      }}
      noValidate
      aria-label="Check access"
    >
      <Stack gap="sm">
        <SegmentedControl
          aria-label="Check for"
          data={[
            { value: 'user', label: 'User' },
            { value: 'endpoint', label: 'Endpoint' },
          ]}
          value={subject}
          onChange={(v) => setSubject(v as Subject)}
        />
        {subject === 'user' ? (
          <SelectField
            label="User"
            placeholder="Pick a user"
            options={(users.data ?? []).map((u) => ({ value: u.email.toLowerCase(), label: u.email.toLowerCase() }))}
            value={user}
            onChange={setUser}
            error={errors.who}
            searchable
            clearable
            allowDeselect={false}
          />
        ) : (
          <SelectField
            label="Endpoint"
            placeholder="Pick an endpoint"
            options={(endpoints.data ?? []).map((d) => ({ value: d.id, label: d.user ? `${d.name} (${d.user})` : d.name }))}
            value={deviceId}
            onChange={setDeviceId}
            error={errors.who}
            searchable
            clearable
            allowDeselect={false}
          />
        )}
        <TargetFields value={target} onChange={setTarget} servers={servers} serverError={errors.server} />
        <Group justify="flex-end">
          <Button type="submit" loading={test.isPending}>
            Check
          </Button>
        </Group>
        {test.isError && (
          <Text size="sm" c="red" role="alert">
            {formErrorMessage(test.error)}
          </Text>
        )}
        {test.data && !test.isPending && <AccessTestResultView result={test.data} />}
      </Stack>
    </form>
  );
}
