import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Anchor, Badge, Button, Card, Group, Paper, Select, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { IconFileImport, IconHistory } from '@tabler/icons-react';
import { canWriteConfig, type ConfigDocument, deviceOptions } from '@netloom/domain';
import { EmptyState } from '@/components/empty-state';
import { ErrorPanel } from '@/components/error-panel';
import { ConfigPageHeader } from '@/components/feedback/config-page-header';
import { toast } from '@/components/feedback/toast';
import { useSelectedDevice } from '@/lib/fleet-selection';
import { useFleetDevices } from '@/lib/live/get-fleet-devices';
import { useCurrentUser } from '@/lib/session/session-store';
import { useTenantScope } from '@/lib/tenant-scope';
import { paths } from '@/paths';
import { useDeviceConfig, useEnableConfigs, useSetEnableConfigs } from '@/features/device-config/api/device-config';
import { BindingEditor } from '@/features/device-config/components/binding-editor';
import { ConfigSettings } from '@/features/device-config/components/config-settings';
import { ExportMenu, ImportDialog } from '@/features/device-config/components/config-transfer';
import { DraftBar } from '@/features/device-config/components/draft-bar';
import { DriftPanel } from '@/features/device-config/components/drift-panel';
import { TitleWithDraft } from '@/features/device-config/components/draft-marker';
import { RevisionHistory } from '@/features/device-config/components/revision-history';
import { SyncBadge } from '@/features/device-config/components/sync-badge';
import { getPath } from '@/features/device-config/engine/values';
import { FAMILY_PAGES } from '@/features/device-config/families';

/** How much a family holds, in the words of its tabs ('3 Static routes · 1 VLANs'). */
function summary(doc: ConfigDocument, spec: (typeof FAMILY_PAGES)[number]): string {
  const section = doc[spec.family];
  if (section === undefined) return 'Nothing configured';
  const parts = spec.tabs.flatMap((t) => {
    const v = getPath(section, t.path);
    if (t.kind === 'list') return Array.isArray(v) && v.length ? [`${v.length} ${t.label}`] : [];
    return v ? [t.label] : [];
  });
  return parts.join(' · ') || 'Empty';
}

/** SD-WAN Gateway → Configure: a gateway's families at a glance, its templates, draft, history and auto-sync. */
export function ConfigurePage() {
  const user = useCurrentUser();
  const tid = useTenantScope();
  const [params, setParams] = useSearchParams();
  // The URL's device, else the one chosen in the header.
  const selected = useSelectedDevice();
  const deviceId = params.get('device') ?? selected?.id ?? null;
  const gateways = useFleetDevices(tid, null, 'device');
  const config = useDeviceConfig(deviceId);
  const enable = useEnableConfigs(deviceId);
  const setEnable = useSetEnableConfigs(deviceId ?? '');
  const [history, setHistory] = useState(false);
  const [settings, setSettings] = useState(false);
  const [importing, setImporting] = useState(false);
  if (!user) return null;
  const writer = canWriteConfig(user);
  const doc = config.data?.document ?? {};
  const toggle = (body: Parameters<typeof setEnable.mutateAsync>[0]) => void setEnable.mutateAsync(body).catch(() => toast.error());

  return (
    <>
      <ConfigPageHeader
        title={<TitleWithDraft title="Configure" draft={Boolean(config.data?.draft)} />}
        subtitle="A gateway's configuration, family by family; every change is a revision pushed to it"
        onRefresh={() => void config.refetch()}
        refreshing={config.isFetching}
        onSettings={deviceId ? () => setSettings(true) : undefined}
        actions={
          deviceId && (
            <Group gap="xs">
              <Button variant="default" leftSection={<IconHistory size={16} />} onClick={() => setHistory(true)}>
                History
              </Button>
              <ExportMenu deviceId={deviceId} />
              {writer && (
                <Button variant="default" leftSection={<IconFileImport size={16} />} onClick={() => setImporting(true)}>
                  Import
                </Button>
              )}
            </Group>
          )
        }
      />
      <Stack gap="md">
        <Paper withBorder p="md">
          <Group justify="space-between" align="flex-end">
            <Select
              label="Gateway"
              placeholder="Choose a gateway"
              searchable
              w={320}
              data={deviceOptions(gateways.data ?? [])}
              value={deviceId}
              onChange={(id) => setParams(id ? { device: id } : {})}
            />
            {config.data && (
              <Stack gap={2} align="flex-end">
                <SyncBadge sync={config.data.sync} />
                <Text size="xs" c="dimmed">
                  {config.data.revision ? `Revision ${config.data.revision.number} by ${config.data.revision.author_email ?? 'unknown'}` : 'Never configured'}
                  {config.data.auto_sync ? '' : ' · auto-sync off'}
                </Text>
              </Stack>
            )}
          </Group>
        </Paper>
        {!deviceId ? (
          <EmptyState title="Please Select Device" description="Choose a gateway to see and change its configuration." />
        ) : config.isError ? (
          <ErrorPanel onRetry={() => void config.refetch()} />
        ) : (
          <>
            {config.data?.render_error && (
              <Text c="red" size="sm" role="alert">
                {config.data.render_error}
              </Text>
            )}
            {config.data?.drift && <DriftPanel deviceId={deviceId} config={config.data} writer={writer} timezone={user.timezone} />}
            {config.data?.draft && <DraftBar deviceId={deviceId} draft={config.data.draft} writer={writer} onDone={() => undefined} />}
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
              {FAMILY_PAGES.map((spec) => {
                const source = config.data?.sections.find((s) => s.family === spec.family);
                const on = enable.data?.families[spec.family] ?? true;
                return (
                  <Card key={spec.family} withBorder padding="md" data-testid={`family-${spec.route}`}>
                    <Stack gap={6}>
                      <Group justify="space-between" wrap="nowrap">
                        <Anchor component={Link} to={paths.product.configureFamily('sdwan', spec.route, deviceId)} fw={600}>
                          {spec.title}
                        </Anchor>
                        <Switch
                          size="xs"
                          aria-label={`${spec.title} on`}
                          checked={on}
                          disabled={!writer || !enable.data}
                          onChange={(e) => toggle({ families: { [spec.family]: e.currentTarget.checked } })}
                        />
                      </Group>
                      <Text size="sm" c="dimmed">
                        {on ? summary(doc, spec) : 'Turned off: not pushed'}
                      </Text>
                      {source && (
                        <Badge size="sm" variant="light" color={source.template ? 'blue' : 'grape'}>
                          {source.template ? `From ${source.template.name}` : 'Own'}
                        </Badge>
                      )}
                    </Stack>
                  </Card>
                );
              })}
            </SimpleGrid>
            <Paper withBorder p="md">
              <Title order={4} mb="sm">
                Templates
              </Title>
              <BindingEditor kind="device" targetId={deviceId} writer={writer} />
            </Paper>
          </>
        )}
      </Stack>
      {deviceId && <RevisionHistory deviceId={deviceId} opened={history} onClose={() => setHistory(false)} writer={writer} timezone={user.timezone} />}
      {deviceId && writer && (
        <ImportDialog deviceId={deviceId} opened={importing} onClose={() => setImporting(false)} currentRevision={config.data?.revision?.number ?? null} />
      )}
      {deviceId && <ConfigSettings deviceId={deviceId} opened={settings} onClose={() => setSettings(false)} writer={writer} />}
    </>
  );
}
