import { useState } from 'react';
import { Alert, Badge, Button, Group, MultiSelect, NumberInput, Paper, Stack, Switch, Text } from '@mantine/core';
import {
  apiDiscoverySettingsInputSchema,
  canManageTenant,
  DEFAULT_DISCOVERY_EXCLUSIONS,
  formatDate,
  type WafApiDiscoverySettings,
  type WafApplication,
} from '@netloom/domain';
import { ChipInput } from '@/components/inputs/chip-input';
import { ErrorPanel } from '@/components/error-panel';
import { CardSkeleton } from '@/components/feedback/skeletons';
import { toast } from '@/components/feedback/toast';
import { useCurrentUser } from '@/lib/session/session-store';
import { useFormSubmit } from '@/lib/use-form-submit';
import { useApiDiscoverySettings, useSaveApiDiscoverySettings } from '@/features/waf/api/api-security';
import { PolicyPageFrame } from '@/features/waf/components/policy-page-frame';

const PREFIX_RULE = { test: (v: string) => /^\/[^\s?#]*$/.test(v), message: 'Should start with / and hold no space, ? or #' };
const EXCLUSION_RULE = {
  test: (v: string) => /^[/*][^\s?#]*$/.test(v),
  message: 'Should be a path prefix starting with / or a glob such as *.js, with no space, ? or #',
};

/**
 * QShield › API Security › API Discovery: which of an application's hosts and paths discovery
 * learns from, what it never looks at, the share of requests it samples, and whether it runs.
 * Owners and admins change them; everyone else reads them.
 */
export function ApiDiscoverySettingsPage() {
  return (
    <PolicyPageFrame title="API Discovery" subtitle="Which of an application's traffic API discovery, the inventory and drift learn from">
      {(app) => <SettingsLoader key={app.id} application={app} />}
    </PolicyPageFrame>
  );
}

function SettingsLoader({ application }: { application: WafApplication }) {
  const settings = useApiDiscoverySettings(application.id);
  if (settings.isError) return <ErrorPanel onRetry={() => void settings.refetch()} />;
  if (!settings.data) return <CardSkeleton height={300} />;
  return <SettingsForm key={settings.data.updated_at ?? 'defaults'} application={application} settings={settings.data} />;
}

function SettingsForm({ application, settings }: { application: WafApplication; settings: WafApiDiscoverySettings }) {
  const user = useCurrentUser();
  const manager = user ? canManageTenant(user) : false;
  const save = useSaveApiDiscoverySettings(application.id);
  const initial = {
    enabled: settings.enabled,
    hosts: settings.hosts,
    path_prefixes: settings.path_prefixes,
    exclusions: settings.exclusions,
    sampling_percent: settings.sampling_percent,
  };
  const [value, setValue] = useState(initial);
  const { errors, formError, busy, submit } = useFormSubmit(apiDiscoverySettingsInputSchema, async (input) => {
    await save.mutateAsync(input);
    toast.success('API discovery settings');
  });
  const disabled = !manager;
  const off = disabled || !value.enabled;
  const dirty = JSON.stringify(value) !== JSON.stringify(initial);
  const hostError = Object.entries(errors).find(([k]) => k.startsWith('hosts'))?.[1];
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit(value);
      }}
    >
      <Paper withBorder p="md">
        <Stack gap="md">
          <Group gap="xs">
            {settings.defaults ? (
              <Badge variant="light" color="gray">
                Defaults
              </Badge>
            ) : (
              <Text size="sm" c="dimmed">
                {`Changed by ${settings.updated_by ?? 'someone'} on ${settings.updated_at ? formatDate(settings.updated_at, { timezone: user?.timezone }) : '—'}`}
              </Text>
            )}
            {!manager && (
              <Text size="sm" c="dimmed">
                Only the organisation's owners and admins change these settings.
              </Text>
            )}
          </Group>
          <Switch
            label="Discover this application's API"
            checked={value.enabled}
            disabled={disabled}
            onChange={(e) => setValue({ ...value, enabled: e.currentTarget.checked })}
          />
          <MultiSelect
            label="Hosts"
            description="The application's domains discovered; none chosen: all of them"
            placeholder={value.hosts.length ? undefined : 'All domains'}
            data={application.domains}
            value={value.hosts}
            disabled={off}
            clearable
            onChange={(hosts) => setValue({ ...value, hosts })}
            error={hostError}
          />
          <ChipInput
            type="url"
            rule={PREFIX_RULE}
            label="Path prefixes"
            description="Only paths under these are discovered; none: every path"
            placeholder="/api/"
            value={value.path_prefixes}
            disabled={off}
            onChange={(path_prefixes) => setValue({ ...value, path_prefixes })}
            error={errors.path_prefixes}
          />
          <ChipInput
            type="url"
            rule={EXCLUSION_RULE}
            label="Exclusions"
            description="Never discovered: a path prefix (/static/) or a glob (*.js matches the last segment, /assets/** the whole path)"
            placeholder="*.js"
            value={value.exclusions}
            disabled={off}
            onChange={(exclusions) => setValue({ ...value, exclusions })}
            error={errors.exclusions}
          />
          <NumberInput
            label="Sampling (%)"
            description="The share of requests discovery reads, chosen by request id; below 100 % counts are scaled and shown as estimates"
            min={1}
            max={100}
            w={320}
            value={value.sampling_percent}
            disabled={off}
            onChange={(n) => setValue({ ...value, sampling_percent: typeof n === 'number' ? n : 0 })}
            error={errors.sampling_percent}
          />
          {formError && (
            <Alert color="red" role="alert">
              {formError}
            </Alert>
          )}
          {manager && (
            <Group justify="space-between">
              <Button variant="subtle" disabled={busy} onClick={() => setValue({ ...value, exclusions: [...DEFAULT_DISCOVERY_EXCLUSIONS] })}>
                Default exclusions
              </Button>
              <Button type="submit" loading={busy} disabled={!dirty}>
                Save
              </Button>
            </Group>
          )}
        </Stack>
      </Paper>
    </form>
  );
}
