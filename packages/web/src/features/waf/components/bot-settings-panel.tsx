import { useState } from 'react';
import { ActionIcon, Alert, Button, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import {
  BOT_ACTED_CLASSES,
  BOT_ACTIONS,
  canManageTenant,
  wafBotSettingsSchema,
  type BotAction,
  type BotActedClass,
  type WafBotSettings,
  type WafBotSettingsView,
} from '@netloom/domain';
import { ChipInput } from '@/components/inputs/chip-input';
import { ErrorPanel } from '@/components/error-panel';
import { CardSkeleton } from '@/components/feedback/skeletons';
import { toast } from '@/components/feedback/toast';
import { useCurrentUser } from '@/lib/session/session-store';
import { useFormSubmit } from '@/lib/use-form-submit';
import { useSaveWafBotSettings, useWafBotSettings } from '@/features/waf/api/get-waf-bots';

const CLASS_LABEL: Record<BotActedClass, string> = { verified_bot: 'Verified bots', likely_bot: 'Likely bots', automated: 'Automated clients' };
const ACTION_LABEL: Record<BotAction, string> = { allow: 'Allow', log: 'Log', challenge: 'Challenge', rate_limit: 'Rate limit', block: 'Block' };
const SUFFIX_RULE = { test: (v: string) => /^\.[a-z0-9.-]+\.[a-z]{2,}$/i.test(v), message: 'Should be a domain suffix such as .googlebot.com' };

/**
 * Bot protection's settings: what the edges do with each class of client (its current addresses
 * become a managed list the edges apply), and the good bots verified by their ranges or by
 * forward-confirmed reverse DNS. Owners and admins change them; everyone else reads them.
 */
export function BotSettingsPanel() {
  const settings = useWafBotSettings();
  if (settings.isError) return <ErrorPanel onRetry={() => void settings.refetch()} />;
  if (!settings.data) return <CardSkeleton height={300} />;
  return <BotSettingsForm key={settings.data.updated_at ?? 'defaults'} settings={settings.data} />;
}

function BotSettingsForm({ settings }: { settings: WafBotSettingsView }) {
  const user = useCurrentUser();
  const manager = user ? canManageTenant(user) : false;
  const save = useSaveWafBotSettings();
  const initial: WafBotSettings = { good_bots: settings.good_bots, actions: settings.actions, application_actions: settings.application_actions };
  const [value, setValue] = useState(initial);
  const { errors, formError, busy, submit } = useFormSubmit(wafBotSettingsSchema, async (input) => {
    await save.mutateAsync(input);
    toast.success('Bot protection settings');
  });
  const dirty = JSON.stringify(value) !== JSON.stringify(initial);
  const setBot = (i: number, patch: Partial<WafBotSettings['good_bots'][number]>) =>
    setValue({ ...value, good_bots: value.good_bots.map((b, j) => (j === i ? { ...b, ...patch } : b)) });
  return (
    <form
      noValidate
      aria-label="Bot protection settings"
      onSubmit={(e) => {
        e.preventDefault();
        void submit(value);
      }}
    >
      <Paper withBorder p="md">
        <Stack gap="md">
          <Title order={4}>Actions per class</Title>
          {!manager && (
            <Text size="sm" c="dimmed">
              Only the organisation's owners and admins change these settings.
            </Text>
          )}
          <SimpleGrid cols={{ base: 1, md: 3 }}>
            {BOT_ACTED_CLASSES.map((cls) => {
              const a = value.actions[cls];
              const set = (patch: Partial<typeof a>) => setValue({ ...value, actions: { ...value.actions, [cls]: { ...a, ...patch } } });
              return (
                <Stack key={cls} gap={4}>
                  <Select
                    label={CLASS_LABEL[cls]}
                    description={`${settings.members[cls].toLocaleString()} address${settings.members[cls] === 1 ? '' : 'es'} on its list now`}
                    data={BOT_ACTIONS.map((v) => ({ value: v, label: ACTION_LABEL[v] }))}
                    value={a.action}
                    disabled={!manager}
                    allowDeselect={false}
                    onChange={(v) => v && set({ action: v as BotAction })}
                  />
                  {a.action === 'rate_limit' && (
                    <NumberInput
                      label={`${CLASS_LABEL[cls]}: requests a minute`}
                      min={1}
                      max={100_000}
                      value={a.requests_per_minute}
                      disabled={!manager}
                      onChange={(n) => set({ requests_per_minute: typeof n === 'number' ? n : 0 })}
                      error={errors[`actions.${cls}.requests_per_minute`]}
                    />
                  )}
                </Stack>
              );
            })}
          </SimpleGrid>
          <Title order={4}>Good bots</Title>
          <Text size="sm" c="dimmed">
            A client whose user agent names a good bot is verified when its address is in the bot's published ranges, or when its reverse DNS name is under one
            of the bot's domains and resolves back to it; otherwise it is an impersonator.
          </Text>
          {value.good_bots.map((b, i) => (
            <Paper key={i} withBorder p="sm" aria-label={`Good bot ${b.name || i + 1}`}>
              <Group align="flex-start" wrap="nowrap">
                <SimpleGrid cols={{ base: 1, md: 2 }} style={{ flex: 1 }}>
                  <TextInput
                    label="Name"
                    value={b.name}
                    disabled={!manager}
                    onChange={(e) => setBot(i, { name: e.currentTarget.value })}
                    error={errors[`good_bots.${i}.name`]}
                  />
                  <TextInput
                    label="User agent words"
                    description="'|' between alternatives, matched without case"
                    value={b.user_agent}
                    disabled={!manager}
                    onChange={(e) => setBot(i, { user_agent: e.currentTarget.value })}
                    error={errors[`good_bots.${i}.user_agent`]}
                  />
                  <ChipInput
                    type="url"
                    rule={SUFFIX_RULE}
                    label="Reverse DNS domains"
                    value={b.rdns_suffixes}
                    disabled={!manager}
                    onChange={(rdns_suffixes) => setBot(i, { rdns_suffixes })}
                    error={Object.entries(errors).find(([k]) => k.startsWith(`good_bots.${i}.rdns_suffixes`))?.[1]}
                  />
                  <ChipInput
                    type="ipsub"
                    label="Published ranges"
                    value={b.ranges}
                    disabled={!manager}
                    onChange={(ranges) => setBot(i, { ranges })}
                    error={Object.entries(errors).find(([k]) => k.startsWith(`good_bots.${i}.ranges`))?.[1]}
                  />
                </SimpleGrid>
                {manager && (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove ${b.name || 'good bot'}`}
                    onClick={() => setValue({ ...value, good_bots: value.good_bots.filter((_, j) => j !== i) })}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                )}
              </Group>
            </Paper>
          ))}
          {formError && (
            <Alert color="red" role="alert">
              {formError}
            </Alert>
          )}
          {manager && (
            <Group justify="space-between">
              <Button
                variant="subtle"
                disabled={value.good_bots.length >= 50}
                onClick={() => setValue({ ...value, good_bots: [...value.good_bots, { name: '', user_agent: '', rdns_suffixes: [], ranges: [] }] })}
              >
                Add good bot
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
