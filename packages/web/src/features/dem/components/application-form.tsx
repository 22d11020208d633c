import { useState } from 'react';
import { Checkbox, Group, NumberInput, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import type { DemApplication, DemApplicationInput, ZtnaServer } from '@netloom/domain';
import { ModalFooter } from '@/components/dialogs/modal-footer';
import { ModalHeader } from '@/components/dialogs/modal-header';
import { FieldAlert } from '@/components/field-alert';
import { fieldError, validateForm, type FormErrors } from '@/lib/forms';
import { useFormSubmit } from '@/lib/use-form-submit';
import {
  applicationFormValues,
  applicationInput,
  applicationSchemaFor,
  EMPTY_APPLICATION,
  INTERVAL_CHOICES,
  type ApplicationFormValues,
} from './application-form-values';

const TESTS: { key: keyof DemApplication['tests']; label: string; description: string }[] = [
  { key: 'http', label: 'HTTP(S) page timing', description: 'DNS lookup, TCP connect, TLS, time to first byte and total' },
  { key: 'path', label: 'Network path', description: 'Latency, loss and hops to the application' },
  { key: 'availability', label: 'Availability', description: 'Whether the application answers at all' },
];

export interface ApplicationFormProps {
  application: DemApplication | null;
  servers: readonly ZtnaServer[];
  onSave: (input: DemApplicationInput) => Promise<unknown>;
  onCancel: () => void;
}

/** A monitored application: what it is, where the endpoints test it, which tests and how often. */
export function ApplicationForm({ application, servers, onSave, onCancel }: ApplicationFormProps) {
  const initial = application ? applicationFormValues(application) : EMPTY_APPLICATION;
  const [v, setV] = useState<ApplicationFormValues>(initial);
  const { errors, setErrors, formError, busy, submit } = useFormSubmit({ safeParse: (x: unknown) => applicationSchemaFor(v).safeParse(x) }, onSave);
  const set = <K extends keyof ApplicationFormValues>(key: K, value: ApplicationFormValues[K]) => setV((p) => ({ ...p, [key]: value }));
  const byServer = v.kind === 'private' && v.target === 'server';
  const noTest = !v.tests.http && !v.tests.path && !v.tests.availability;

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        // An application with no test would never be measured.
        if (noTest) {
          const checked = validateForm(applicationSchemaFor(v), applicationInput(v));
          return setErrors({ ...('errors' in checked ? checked.errors : ({} as FormErrors)), tests: 'Choose at least one test' });
        }
        void submit(applicationInput(v));
      }}
      noValidate
    >
      <ModalHeader title={application ? `Edit ${application.name}` : 'Monitor an application'} onClose={onCancel} loading={busy} />
      <Stack gap="sm">
        <TextInput label="Name" required value={v.name} onChange={(e) => set('name', e.currentTarget.value)} error={fieldError(errors, 'name')} />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="dem-kind-label">
            Kind
          </Text>
          <SegmentedControl
            aria-labelledby="dem-kind-label"
            data={[
              { value: 'saas', label: 'SaaS application' },
              { value: 'private', label: 'Private application' },
            ]}
            value={v.kind}
            onChange={(k) => set('kind', k as ApplicationFormValues['kind'])}
          />
        </Stack>
        {v.kind === 'private' && (
          <Stack gap={4}>
            <Text size="sm" fw={500} id="dem-target-label">
              Tested at
            </Text>
            <SegmentedControl
              aria-labelledby="dem-target-label"
              data={[
                { value: 'server', label: 'A ZTNA server' },
                { value: 'url', label: 'A URL' },
              ]}
              value={v.target}
              onChange={(t) => set('target', t as ApplicationFormValues['target'])}
            />
          </Stack>
        )}
        {byServer ? (
          <Select
            label="ZTNA server"
            description="One of the private applications published to your ZTNA clients"
            placeholder={servers.length ? 'Choose a server' : 'No ZTNA server defined yet'}
            required
            data={servers.map((s) => ({ value: s.id, label: `${s.name} (${s.address})` }))}
            value={v.ztna_server_id}
            onChange={(id) => set('ztna_server_id', id)}
            searchable
            nothingFoundMessage="No Matching Result(s)."
            error={fieldError(errors, 'target')}
          />
        ) : (
          <TextInput
            label="URL"
            description={
              v.kind === 'saas' ? 'The page your users open, e.g. https://outlook.office.com/' : 'The application’s address, e.g. https://intranet.corp.local/'
            }
            placeholder="https://app.example.com/"
            required
            value={v.url}
            onChange={(e) => set('url', e.currentTarget.value)}
            error={fieldError(errors, 'target')}
          />
        )}
        <Checkbox.Group
          label="Tests"
          required
          value={TESTS.filter((t) => v.tests[t.key]).map((t) => t.key)}
          onChange={(keys) => set('tests', { http: keys.includes('http'), path: keys.includes('path'), availability: keys.includes('availability') })}
          error={fieldError(errors, 'tests')}
        >
          <Stack gap={6} mt={4}>
            {TESTS.map((t) => (
              <Checkbox key={t.key} value={t.key} label={t.label} description={t.description} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Group grow align="flex-start">
          <Select
            label="Interval"
            data={INTERVAL_CHOICES}
            value={String(v.interval_seconds)}
            onChange={(s) => set('interval_seconds', Number(s ?? 300))}
            allowDeselect={false}
            error={fieldError(errors, 'interval_seconds')}
          />
          <NumberInput
            label="Alarm under score"
            description="An alarm is raised when the score falls under this"
            min={1}
            max={100}
            value={v.alarm_score}
            onChange={(n) => set('alarm_score', typeof n === 'number' ? n : Number(n) || 0)}
            error={fieldError(errors, 'thresholds')}
          />
        </Group>
        <FieldAlert message={formError ?? errors.form} />
      </Stack>
      <ModalFooter mode={application ? 'edit' : 'add'} loading={busy} submitType="submit" onCancel={onCancel} onReset={() => setV(initial)} />
    </form>
  );
}
