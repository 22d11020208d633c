import { useState } from 'react';
import { Button, Group, NumberInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { alarmDefaultsBodySchema, type AlarmDefaults, type AlarmDefaultsBody } from '@netloom/domain';
import { useFormSubmit } from '@/lib/use-form-submit';

type Field = keyof AlarmDefaultsBody;
const FIELDS: { key: Field; label: string; suffix: string; decimals: boolean }[] = [
  { key: 'latency_ms', label: 'Latency over', suffix: ' ms', decimals: false },
  { key: 'jitter_ms', label: 'Jitter over', suffix: ' ms', decimals: false },
  { key: 'loss_pct', label: 'Packet loss over', suffix: ' %', decimals: true },
  { key: 'hold_seconds', label: 'Lasting at least', suffix: ' s', decimals: false },
];

type Draft = Record<Field, number | string>;
const draftOf = (d: AlarmDefaults): Draft => ({ latency_ms: d.latency_ms, jitter_ms: d.jitter_ms, loss_pct: d.loss_pct, hold_seconds: d.hold_seconds });
/** An emptied field is missing, so the schema names it. */
const bodyOf = (d: Draft) => Object.fromEntries(Object.entries(d).map(([k, v]) => [k, v === '' ? undefined : Number(v)]));

/**
 * The tenant's default thresholds: a WAN link's quality alarm fires when one is crossed for the
 * hold time, on every gateway without alarm settings of its own (services → alarms).
 */
export function AlarmDefaultsForm({ saved, onSave }: { saved: AlarmDefaults; onSave: (body: AlarmDefaultsBody) => Promise<unknown> }) {
  const [draft, setDraft] = useState<Draft>(draftOf(saved));
  const { errors, formError, busy, submit } = useFormSubmit(alarmDefaultsBodySchema, onSave);
  const changed = FIELDS.some(({ key }) => Number(draft[key]) !== saved[key] || draft[key] === '');
  return (
    <form
      noValidate
      aria-label="Default alarm thresholds"
      onSubmit={(e) => {
        e.preventDefault();
        void submit(bodyOf(draft));
      }}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {saved.built_in ? 'Built-in thresholds: no default saved yet.' : 'Saved for the organisation.'} Gateways with alarm settings of their own keep theirs.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 4 }}>
          {FIELDS.map((f) => (
            <NumberInput
              key={f.key}
              label={f.label}
              suffix={f.suffix}
              allowNegative={false}
              allowDecimal={f.decimals}
              clampBehavior="none"
              value={draft[f.key]}
              error={errors[f.key]}
              onChange={(v) => setDraft((d) => ({ ...d, [f.key]: v }))}
            />
          ))}
        </SimpleGrid>
        {formError && (
          <Text size="sm" c="red" role="alert">
            {formError}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" disabled={!changed || busy} onClick={() => setDraft(draftOf(saved))}>
            Reset
          </Button>
          <Button type="submit" loading={busy} disabled={!changed}>
            Save thresholds
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
