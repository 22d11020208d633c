import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { Alert, Anchor, Badge, Button, Group, Paper, Select, Stack, Switch, Tabs, Text, TextInput } from '@mantine/core';
import { IconArrowBackUp, IconHistory, IconInfoCircle } from '@tabler/icons-react';
import { canWriteConfig, type ConfigDocument, deviceOptions } from '@netloom/domain';
import { confirm } from '@/components/dialogs/confirm';
import { EmptyState } from '@/components/empty-state';
import { ErrorPanel } from '@/components/error-panel';
import { ConfigPageHeader } from '@/components/feedback/config-page-header';
import { toast } from '@/components/feedback/toast';
import { useSelectedDevice } from '@/lib/fleet-selection';
import { useFleetDevices } from '@/lib/live/get-fleet-devices';
import { useCurrentUser } from '@/lib/session/session-store';
import { useTenantScope } from '@/lib/tenant-scope';
import { useEnableConfigs, useSetEnableConfigs } from '@/features/device-config/api/device-config';
import { ConfigSettings } from '@/features/device-config/components/config-settings';
import { DraftBar } from '@/features/device-config/components/draft-bar';
import { TitleWithDraft } from '@/features/device-config/components/draft-marker';
import { RevisionHistory } from '@/features/device-config/components/revision-history';
import { SyncBadge } from '@/features/device-config/components/sync-badge';
import { ListTabView } from './list-tab';
import { SettingsTabView } from './settings-tab';
import type { FamilyPageSpec, FamilyTab, SaveOutcome, TabContext } from './types';
import { getPath, setPath } from './values';
import { useConfigTarget } from './use-config-target';

/** What a change to a template's family does to this device, and the way to change one value only. */
const ownCopyWarning = (title: string, template: string) =>
  `This device's ${title} come from the template ${template}. Saving this change copies all of them into the device's own configuration: later changes to ${template} no longer reach them here. To change one value only, give this device its own value for a variable of ${template} (Configure → Templates) instead.`;

export interface FamilyPageProps {
  spec: FamilyPageSpec;
  /** On a device (`device/configure/…?device=`) or on a template (`configtemp/configtempedit/…?template=`). */
  mode: 'device' | 'template';
}

/**
 * A configuration family's page (spec 000 §2.15): the device or template it edits, the family's
 * tabs drawn from its description, and for a device its sync state, draft, history and whether
 * the family is turned on. Every change saves the family's section (a revision and a push).
 */
export function FamilyPage({ spec, mode }: FamilyPageProps) {
  const user = useCurrentUser();
  const tid = useTenantScope();
  const [params, setParams] = useSearchParams();
  const { '*': rest } = useParams();
  // A device page follows the header's device selection unless the URL names one.
  const selected = useSelectedDevice();
  const id = params.get(mode) ?? (mode === 'device' ? (selected?.id ?? null) : null);
  const target = useConfigTarget(mode, id);
  const gateways = useFleetDevices(tid, null, 'device');
  const enable = useEnableConfigs(mode === 'device' ? id : null);
  const setEnable = useSetEnableConfigs(id ?? '');
  const [history, setHistory] = useState(false);
  const [settings, setSettings] = useState(false);
  const [draftMode, setDraftMode] = useState(false);
  const [note, setNote] = useState('');
  const tabRoute = rest?.split('/')[0] || spec.tabs[0]!.route;
  const [tabKey, setTabKey] = useState(spec.tabs.some((t) => t.route === tabRoute) ? tabRoute : spec.tabs[0]!.route);
  if (!user) return null;
  const writer = canWriteConfig(user);
  const doc: ConfigDocument = target.document ?? {};
  const section = doc[spec.family] ?? spec.emptySection;
  const source = target.device?.sections.find((s) => s.family === spec.family);
  const familyOn = enable.data?.families[spec.family] ?? true;
  const context: TabContext = { mode, device: mode === 'device' ? (gateways.data?.find((g) => g.id === id) ?? null) : null };

  /**
   * A change to a family a template gives this device makes the whole family the device's own
   * (later changes to the template no longer reach it): asked first, with the way to change one
   * value only instead (a device value for a template variable).
   */
  const save = async (tab: FamilyTab, value: unknown): Promise<SaveOutcome> => {
    const from = mode === 'device' ? source?.template : null;
    if (
      from &&
      !(await confirm({
        title: `Make ${spec.title} this device's own?`,
        message: ownCopyWarning(spec.title, from.name),
        confirmLabel: "Make them this device's own",
        cancelLabel: 'Cancel',
      }))
    )
      return 'cancelled';
    await target.save(spec.family, setPath(section, tab.path, value), draftMode, note.trim() || undefined);
    setNote('');
    return draftMode ? 'draft' : 'saved';
  };
  const handBack = async () => {
    if (!(await confirm({ title: 'Use the templates again?', message: `This device's own ${spec.title} are dropped; its templates' apply again.` }))) return;
    await target.save(spec.family, null).then(
      () => toast.info(`${spec.title} follow the templates again`),
      () => toast.error(),
    );
  };
  const notice = (tab: FamilyTab) => {
    const text = tab.notice?.(context);
    return text ? (
      <Alert color="blue" icon={<IconInfoCircle size={16} />} mb="sm">
        {text}
      </Alert>
    ) : null;
  };
  const body = (tab: FamilyTab) => (
    <>
      {notice(tab)}
      {tabBody(tab)}
    </>
  );
  const tabBody = (tab: FamilyTab) =>
    tab.kind === 'list' ? (
      <ListTabView
        tab={tab}
        items={(getPath(section, tab.path) as Record<string, unknown>[] | undefined) ?? []}
        document={doc}
        writer={writer && !tab.readOnly}
        allowVariables={mode === 'template'}
        readOnlyEmpty={tab.readOnly?.empty(context) ?? null}
        blocked={tab.before?.(section as Record<string, unknown>) ?? null}
        loading={target.loading}
        timezone={user.timezone}
        save={(items) => save(tab, items)}
      />
    ) : (
      <SettingsTabView
        tab={tab}
        value={getPath(section, tab.path) as Record<string, unknown> | undefined}
        document={doc}
        allowVariables={mode === 'template'}
        writer={writer}
        save={(v) => save(tab, v)}
      />
    );

  return (
    <>
      <ConfigPageHeader
        title={<TitleWithDraft title={spec.title} draft={Boolean(target.device?.draft)} />}
        subtitle={spec.subtitle}
        onRefresh={target.refetch}
        refreshing={target.fetching}
        onSettings={mode === 'device' && id ? () => setSettings(true) : undefined}
        toggle={
          mode === 'device' && id && enable.data
            ? {
                label: familyOn ? 'On' : 'Off',
                checked: familyOn,
                disabled: !writer || setEnable.isPending,
                onChange: (on) => void setEnable.mutateAsync({ families: { [spec.family]: on } }).catch(() => toast.error()),
              }
            : undefined
        }
        actions={
          mode === 'device' &&
          id && (
            <Button variant="default" leftSection={<IconHistory size={16} />} onClick={() => setHistory(true)}>
              History
            </Button>
          )
        }
      />
      <Paper withBorder p="md">
        <Stack gap="md">
          <Group justify="space-between" align="flex-end">
            {mode === 'device' ? (
              <Select
                label="Gateway"
                placeholder="Choose a gateway"
                searchable
                w={320}
                data={deviceOptions(gateways.data ?? [])}
                value={id}
                onChange={(next) => setParams(next ? { device: next } : {})}
              />
            ) : (
              <Text fw={600}>Template: {target.templateName ?? '…'}</Text>
            )}
            {mode === 'device' && id && spec.monitor && (
              <Anchor component={Link} to={spec.monitor.href(id)} size="sm">
                {spec.monitor.label}
              </Anchor>
            )}
            {target.device && (
              <Stack gap={4} align="flex-end">
                <SyncBadge sync={target.device.sync} />
                {target.device.revision && (
                  <Text size="xs" c="dimmed">
                    Revision {target.device.revision.number} by {target.device.revision.author_email ?? 'unknown'}
                  </Text>
                )}
                {writer && !target.device.draft && (
                  <Switch size="xs" label="Keep changes as a draft" checked={draftMode} onChange={(e) => setDraftMode(e.currentTarget.checked)} />
                )}
                {writer && (
                  <TextInput
                    size="xs"
                    w={260}
                    aria-label="Note for the next revision"
                    placeholder="Note for the next revision (optional)"
                    maxLength={200}
                    value={note}
                    onChange={(e) => setNote(e.currentTarget.value)}
                  />
                )}
              </Stack>
            )}
          </Group>
          {target.device?.render_error && (
            <Text c="red" size="sm" role="alert">
              {target.device.render_error}
            </Text>
          )}
          {target.device?.draft && id && <DraftBar deviceId={id} draft={target.device.draft} writer={writer} onDone={() => setDraftMode(false)} />}
          {mode === 'device' && !familyOn && (
            <Badge color="gray" variant="light">
              Turned off on this device: not pushed
            </Badge>
          )}
          {source && (
            <Group gap="xs">
              {source.template ? (
                <Badge variant="light">From template {source.template.name}</Badge>
              ) : (
                <Badge variant="light" color="grape">
                  This device's own
                </Badge>
              )}
              {!source.template && writer && target.device?.sections.some((s) => s.template) && (
                <Anchor component="button" size="sm" onClick={() => void handBack()}>
                  <IconArrowBackUp size={14} /> Use the templates' {spec.title}
                </Anchor>
              )}
            </Group>
          )}
          {!id ? (
            <EmptyState
              title={mode === 'device' ? 'Please Select Device' : 'Choose a template'}
              description={
                mode === 'device' ? (
                  `Its ${spec.title.toLowerCase()} show here.`
                ) : (
                  <Anchor component={Link} to="..">
                    Config Templates
                  </Anchor>
                )
              }
            />
          ) : target.isError ? (
            <ErrorPanel onRetry={target.refetch} />
          ) : spec.tabs.length === 1 ? (
            body(spec.tabs[0]!)
          ) : (
            <Tabs value={tabKey} onChange={(v) => v && setTabKey(v)} keepMounted={false}>
              <Tabs.List mb="md">
                {spec.tabs.map((t) => (
                  <Tabs.Tab key={t.route} value={t.route}>
                    {t.label}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
              {spec.tabs.map((t) => (
                <Tabs.Panel key={t.route} value={t.route}>
                  {body(t)}
                </Tabs.Panel>
              ))}
            </Tabs>
          )}
        </Stack>
      </Paper>
      {mode === 'device' && id && <ConfigSettings deviceId={id} opened={settings} onClose={() => setSettings(false)} writer={writer} />}
      {mode === 'device' && id && <RevisionHistory deviceId={id} opened={history} onClose={() => setHistory(false)} writer={writer} timezone={user.timezone} />}
    </>
  );
}
