import { useState } from 'react';
import { Alert, Button, Group, NumberInput, SimpleGrid, Stack } from '@mantine/core';
import { LOG_TYPES, logsManagementSchema, MAX_LOG_RETENTION_DAYS, type LogsManagement, type LogType } from '@netloom/domain';

const LABELS: Record<LogType, { label: string; description: string }> = {
  login: { label: 'Login logs', description: 'Sign-ins and sign-outs of the console' },
  activity: { label: 'Activity logs', description: 'Changes made in the console' },
  webfilter: { label: 'Web filter logs', description: 'Every allowed, blocked or logged request' },
  squid: { label: 'Squid logs', description: "The gateways' proxy access log" },
  ztna_sessions: { label: 'ZTNA session logs', description: 'Every connection attempt to a private server' },
};

type Draft = Record<LogType, number | string>;

interface RetentionFormProps {
  saved: LogsManagement;
  readOnly: boolean;
  busy: boolean;
  formError: string | null;
  onSave: (retention: LogsManagement['retention']) => void;
}

/** Days each log type is kept (1–90); older entries are deleted by the server's retention task. */
export function RetentionForm({ saved, readOnly, busy, formError, onSave }: RetentionFormProps) {
  const [draft, setDraft] = useState<Draft>(saved.retention);
  const [errors, setErrors] = useState<Partial<Record<LogType, string>>>({});
  const changed = LOG_TYPES.some((t) => Number(draft[t]) !== saved.retention[t]);

  const save = () => {
    const found: Partial<Record<LogType, string>> = {};
    for (const t of LOG_TYPES) {
      const r = logsManagementSchema.shape.retention.shape[t].safeParse(draft[t] === '' ? undefined : Number(draft[t]));
      if (!r.success) found[t] = r.error.issues[0]?.message ?? 'Field is required';
    }
    setErrors(found);
    if (Object.keys(found).length === 0) onSave(Object.fromEntries(LOG_TYPES.map((t) => [t, Number(draft[t])])) as LogsManagement['retention']);
  };

  return (
    <Stack gap="md" maw={720}>
      {formError && (
        <Alert color="red" variant="light">
          {formError}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {LOG_TYPES.map((t) => (
          <NumberInput
            key={t}
            label={LABELS[t].label}
            description={LABELS[t].description}
            suffix=" days"
            min={1}
            max={MAX_LOG_RETENTION_DAYS}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            disabled={readOnly}
            value={draft[t]}
            error={errors[t]}
            onChange={(v) => {
              setDraft((d) => ({ ...d, [t]: v }));
              setErrors(({ [t]: _, ...rest }) => rest);
            }}
          />
        ))}
      </SimpleGrid>
      {!readOnly && (
        <Group justify="flex-end">
          <Button variant="default" disabled={!changed || busy} onClick={() => setDraft(saved.retention)}>
            Reset
          </Button>
          <Button onClick={save} loading={busy} disabled={!changed}>
            Save
          </Button>
        </Group>
      )}
    </Stack>
  );
}
