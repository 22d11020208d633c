import { useEffect, useState } from 'react';
import { Button, Checkbox, Group, NumberInput, Paper, Skeleton, Stack, Switch, Text } from '@mantine/core';
import { IDENTITY_PROVIDERS, iaoSettingsSchema, type IaoSettings } from '@netloom/domain';
import { ErrorPanel } from '@/components/error-panel';
import { toast } from '@/components/feedback/toast';
import { useFormSubmit } from '@/lib/use-form-submit';
import { useZtnaSettings } from '@/features/ztna-overlay/api/get-ztna-settings';
import { useSaveZtnaSettings } from '@/features/ztna-overlay/api/save-ztna-settings';

const PROVIDER_LABELS: Record<(typeof IDENTITY_PROVIDERS)[number], string> = { password: 'Password', google: 'Google', sso: 'Single sign-on (SSO)' };
const same = (a: IaoSettings, b: IaoSettings) => JSON.stringify(a) === JSON.stringify(b);
const numberOf = (v: string | number) => (typeof v === 'number' ? v : Number.NaN);

/** Identity-aware overlay: how users prove who they are before the overlay opens, and how long that lasts. */
export function IaoForm({ writer }: { writer: boolean }) {
  const settings = useZtnaSettings();
  const save = useSaveZtnaSettings();
  const [draft, setDraft] = useState<IaoSettings | null>(null);
  useEffect(() => {
    if (settings.data) setDraft(settings.data.iao);
  }, [settings.data]);
  const { errors, formError, busy, submit } = useFormSubmit(iaoSettingsSchema, async (iao) => {
    if (!settings.data) return;
    // The overlay access part goes back as it was read: this form changes only its own part.
    await save.mutateAsync({ ...settings.data, iao });
    toast.edited('Identity-aware overlay');
  });
  if (settings.isError) return <ErrorPanel onRetry={() => void settings.refetch()} />;
  if (!draft || !settings.data) return <Skeleton h={240} />;
  const patch = (p: Partial<IaoSettings>) => setDraft({ ...draft, ...p });
  const changed = !same(draft, settings.data.iao);

  return (
    <Paper withBorder p="md">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit(draft);
        }}
        noValidate
        aria-label="Identity-aware overlay"
      >
        <Stack gap="md" maw={560}>
          <Switch
            label="Identity-aware overlay"
            description="Users sign in before their endpoint joins the overlay; policies see who they are"
            checked={draft.enabled}
            disabled={!writer}
            onChange={(e) => patch({ enabled: e.currentTarget.checked })}
          />
          <Checkbox.Group
            label="Sign-in methods"
            value={draft.identity_providers}
            onChange={(v) => patch({ identity_providers: v as IaoSettings['identity_providers'] })}
            error={errors.identity_providers}
          >
            <Group mt={6}>
              {IDENTITY_PROVIDERS.map((p) => (
                <Checkbox key={p} value={p} label={PROVIDER_LABELS[p]} disabled={!writer} />
              ))}
            </Group>
          </Checkbox.Group>
          <Group grow align="flex-start">
            <NumberInput
              label="Sign in again after (hours)"
              min={1}
              max={720}
              allowDecimal={false}
              value={draft.reauth_hours}
              error={errors.reauth_hours}
              disabled={!writer}
              onChange={(v) => patch({ reauth_hours: numberOf(v) })}
            />
            <NumberInput
              label="Close when idle for (minutes)"
              min={5}
              max={1440}
              allowDecimal={false}
              value={draft.idle_timeout_minutes}
              error={errors.idle_timeout_minutes}
              disabled={!writer}
              onChange={(v) => patch({ idle_timeout_minutes: numberOf(v) })}
            />
          </Group>
          {formError && (
            <Text size="sm" c="red" role="alert">
              {formError}
            </Text>
          )}
          {writer && (
            <Group justify="flex-end">
              <Button variant="default" disabled={!changed || busy} onClick={() => setDraft(settings.data.iao)}>
                Discard
              </Button>
              <Button type="submit" disabled={!changed} loading={busy}>
                Save
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
