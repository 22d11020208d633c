import { useState } from 'react';
import { Badge, Button, Group, Paper, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';
import { SelectField } from '@/components/inputs/select-field';
import { formErrorMessage } from '@/lib/forms';
import { useFilterEndpoints } from '@/features/web-filter/api/get-filter-endpoints';
import { useTenantUsers } from '@/features/web-filter/api/get-tenant-users';
import { useTestUrl } from '@/features/web-filter/api/test-url';
import { TestUrlResultView } from './test-url-result';

type Subject = 'anyone' | 'user' | 'endpoint';

const SYNC_COLOR = { synced: 'green', syncing: 'blue', 'not synced': 'orange' } as const;

/**
 * Test a URL: what the web filter decides for a user or an endpoint, now, with the policy and the
 * rule that decided and why. It runs the devices' own evaluation on the server's current policies.
 */
export function TestUrlTool() {
  const users = useTenantUsers();
  const endpoints = useFilterEndpoints();
  const test = useTestUrl();
  const [subject, setSubject] = useState<Subject>('user');
  const [user, setUser] = useState<string | null>(null);
  const [deviceId, setDeviceId] = useState<string | null>(null);
  const [url, setUrl] = useState('');
  const [urlError, setUrlError] = useState<string | null>(null);
  const device = endpoints.data?.find((d) => d.id === deviceId) ?? null;

  const run = () => {
    if (url.trim() === '') return setUrlError('Field is required');
    setUrlError(null);
    test.mutate({
      url: url.trim(),
      user: subject === 'user' ? user : subject === 'endpoint' ? (device?.username ?? null) : null,
      device_id: subject === 'endpoint' ? deviceId : null,
    });
  };

  return (
    <Paper withBorder p="md" data-testid="test-url-tool">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          run();
        }}
        noValidate
        aria-label="Test a URL"
      >
        <Stack gap="sm">
          <Group gap="xs">
            <IconFlask size={18} />
            <Title order={3} fz="md">
              Test a URL
            </Title>
          </Group>
          <SegmentedControl
            aria-label="Test for"
            data={[
              { value: 'user', label: 'User' },
              { value: 'endpoint', label: 'Endpoint' },
              { value: 'anyone', label: 'Anyone' },
            ]}
            value={subject}
            onChange={(v) => setSubject(v as Subject)}
          />
          {subject === 'user' && (
            <SelectField
              label="User"
              placeholder="Pick a user"
              options={(users.data ?? []).map((u) => ({ value: u.email.toLowerCase(), label: u.email.toLowerCase() }))}
              value={user}
              onChange={setUser}
              searchable
              clearable
            />
          )}
          {subject === 'endpoint' && (
            <>
              <SelectField
                label="Endpoint"
                placeholder="Pick an endpoint"
                options={(endpoints.data ?? []).map((d) => ({ value: d.id, label: d.username ? `${d.name} (${d.username})` : d.name }))}
                value={deviceId}
                onChange={setDeviceId}
                searchable
                clearable
              />
              {device && (
                <Group gap="xs">
                  <Text size="xs" c="dimmed">
                    Its configuration
                  </Text>
                  <Badge size="sm" variant="light" color={SYNC_COLOR[device.configSync]}>
                    {device.configSync}
                  </Badge>
                </Group>
              )}
            </>
          )}
          <TextInput label="URL" placeholder="https://www.example.com/" value={url} error={urlError} onChange={(e) => setUrl(e.currentTarget.value)} />
          <Group justify="flex-end">
            <Button type="submit" loading={test.isPending}>
              Test
            </Button>
          </Group>
          {test.isError && (
            <Text size="sm" c="red" role="alert">
              {formErrorMessage(test.error)}
            </Text>
          )}
          {test.data && !test.isPending && <TestUrlResultView result={test.data} />}
        </Stack>
      </form>
    </Paper>
  );
}
