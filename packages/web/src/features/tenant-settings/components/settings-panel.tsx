import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Divider, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { canManageUsers, SETTING_TOGGLES, TEAM_MESSAGES, type SettingToggle } from '@netloom/domain';
import { activeDashboard } from '@/lib/active-dashboard';
import { snack } from '@/lib/notify';
import { useCurrentUser } from '@/lib/session/session-store';
import { useConfigPreference } from '@/features/tenant-settings/api/get-config-preference';
import { useSaveConfigPreference } from '@/features/tenant-settings/api/save-config-preference';
import { SettingToggleRow } from './setting-toggle-row';
import { settingBody, settingValue, unavailableReason } from './setting-values';

/** Spec 000 §4: a failed save re-reads the stored settings after this delay, without a message. */
const RELOAD_AFTER_FAILURE_MS = 500;

type Key = SettingToggle['key'];

/** The tenant's dashboard settings: each switch saves at once (spec 000 §2.12, §4). */
export function SettingsPanel() {
  const user = useCurrentUser();
  const pref = useConfigPreference();
  const save = useSaveConfigPreference();
  // What the user switched, shown until the server's answer (or the reload after a failure) replaces it.
  const [shown, setShown] = useState<Partial<Record<Key, boolean>>>({});
  const timers = useRef<number[]>([]);
  const readOnly = !user || !canManageUsers(user);

  useEffect(() => () => timers.current.forEach((t) => window.clearTimeout(t)), []);

  if (pref.isError) {
    return (
      <Alert color="red" title={TEAM_MESSAGES.settingsLoadFailed} role="alert">
        <Button size="compact-sm" variant="subtle" onClick={() => void pref.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  if (!pref.data) return <Skeleton h={420} />;
  const data = pref.data;

  const change = (key: Key, value: boolean) => {
    setShown((s) => ({ ...s, [key]: value }));
    save.mutate(settingBody(key, value), {
      onSuccess: (saved) => {
        setShown((s) => ({ ...s, [key]: undefined }));
        snack(TEAM_MESSAGES.settingsSaved, { color: 'green' });
        activeDashboard.set(saved.dashboard.vpnDashboard ? 'ztna' : 'sdwan');
      },
      onError: () => {
        timers.current.push(
          window.setTimeout(() => {
            setShown((s) => ({ ...s, [key]: undefined }));
            void pref.refetch();
          }, RELOAD_AFTER_FAILURE_MS),
        );
      },
    });
  };

  const toggles = SETTING_TOGGLES.filter((t) => !t.hide);
  return (
    <Stack gap="md">
      {readOnly && (
        <Alert color="gray" icon={<IconLock size={16} />}>
          Only owners and admins can change these settings.
        </Alert>
      )}
      <Paper withBorder px="lg" py="xs">
        {toggles.map((t, i) => {
          const reason = unavailableReason(data, t.key);
          return (
            <div key={t.key}>
              {i > 0 && <Divider />}
              <SettingToggleRow
                toggle={t}
                checked={shown[t.key] ?? settingValue(data, t.key)}
                disabled={readOnly || !t.customizable || reason !== null}
                note={reason}
                onChange={(v) => change(t.key, v)}
              />
            </div>
          );
        })}
      </Paper>
      <Text size="xs" c="dimmed">
        Changes apply to everyone in the organisation.
      </Text>
    </Stack>
  );
}
