import { useState } from 'react';
import { Badge, Group, Paper, Text, TextInput } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';
import { testUrlBodySchema } from '@netloom/domain';
import { CONFIG_SYNC_LOOK } from '@/components/config-sync-badge';
import { PanelTitle } from '@/components/panel-title';
import { PolicyCheckForm } from '@/components/policies/policy-check-form';
import { RequesterFields, useRequester } from '@/components/policies/requester-fields';
import { useFilterEndpoints } from '@/features/web-filter/api/get-filter-endpoints';
import { useTenantUsers } from '@/features/web-filter/api/get-tenant-users';
import { useTestUrl } from '@/features/web-filter/api/test-url';
import { TestUrlResultView } from './test-url-result';

/**
 * Test a URL: what the web filter decides for a user or an endpoint, now, with the policy and the
 * rule that decided and why. It runs the devices' own evaluation on the server's current policies.
 */
export function TestUrlTool() {
  const users = useTenantUsers();
  const endpoints = useFilterEndpoints();
  const test = useTestUrl();
  const [requester, setRequester] = useRequester();
  const [url, setUrl] = useState('');
  const [urlError, setUrlError] = useState<string | null>(null);
  const device = endpoints.data?.find((d) => d.id === requester.endpoint) ?? null;

  const run = () => {
    // The server's own rule: free text has no host to judge, and would read as Allowed.
    const checked = testUrlBodySchema.shape.url.safeParse(url);
    if (!checked.success) return setUrlError(checked.error.issues[0]?.message ?? 'Field is required');
    setUrlError(null);
    const { kind } = requester;
    test.mutate({
      url: checked.data,
      user: kind === 'user' ? requester.user : kind === 'endpoint' ? (device?.username ?? null) : null,
      device_id: kind === 'endpoint' ? requester.endpoint : null,
    });
  };

  return (
    <Paper withBorder p="md" data-testid="test-url-tool">
      <PolicyCheckForm
        label="Test a URL"
        submitLabel="Test"
        onRun={run}
        pending={test.isPending}
        error={test.isError ? test.error : null}
        result={test.data && <TestUrlResultView result={test.data} />}
      >
        <PanelTitle icon={<IconFlask size={18} />} title="Test a URL" />
        <RequesterFields
          label="Test for"
          kinds={['user', 'endpoint', 'anyone']}
          value={requester}
          onChange={setRequester}
          users={users.data ?? []}
          endpoints={(endpoints.data ?? []).map((d) => ({ value: d.id, label: d.username ? `${d.name} (${d.username})` : d.name }))}
          endpointNote={
            device && (
              <Group gap="xs">
                <Text size="xs" c="dimmed">
                  Its configuration
                </Text>
                <Badge size="sm" variant="light" color={CONFIG_SYNC_LOOK[device.configSync].color}>
                  {device.configSync}
                </Badge>
              </Group>
            )
          }
        />
        <TextInput label="URL" placeholder="https://www.example.com/" value={url} error={urlError} onChange={(e) => setUrl(e.currentTarget.value)} />
      </PolicyCheckForm>
    </Paper>
  );
}
