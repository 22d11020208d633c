import { useState } from 'react';
import { NumberInput, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { RELAY_REGIONS, relayInputSchema, type RelayInput, type RelayRegion } from '@netloom/domain';
import { ModalFooter } from '@/components/dialogs/modal-footer';
import { toast } from '@/components/feedback/toast';
import { useFormSubmit } from '@/lib/use-form-submit';
import type { RelayRow } from '@/features/ztna-overlay/api/get-relays';
import { useSaveRelay } from '@/features/ztna-overlay/api/save-relay';
import { REGION_LABELS } from './relay-labels';

type Values = { name: string; region: RelayRegion | null; address: string; port: number | string; enabled: boolean };

const empty = (): Values => ({ name: '', region: null, address: '', port: 51820, enabled: true });
const valuesOf = (r: RelayRow): Values => ({ name: r.name, region: r.region as RelayRegion, address: r.address, port: r.port, enabled: r.enabled });

/** Adds or edits an overlay mesh server: where clients and connectors meet when they cannot reach each other directly. */
export function RelayEditor({ relay, onDone }: { relay?: RelayRow; onDone: () => void }) {
  const start = relay ? valuesOf(relay) : empty();
  const [values, setValues] = useState<Values>(start);
  const save = useSaveRelay();
  const { errors, formError, busy, submit } = useFormSubmit(relayInputSchema, async (checked) => {
    await save.mutateAsync({ id: relay?.id, relay: checked });
    toast.success('Overlay mesh server', relay ? 'edited' : 'added');
    onDone();
  });
  const patch = (p: Partial<Values>) => setValues((v) => ({ ...v, ...p }));
  const body: Partial<RelayInput> & Record<string, unknown> = {
    ...values,
    region: values.region ?? undefined,
    port: typeof values.port === 'number' ? values.port : Number.NaN,
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void submit(body);
      }}
      noValidate
      aria-label={relay ? 'Edit overlay mesh server' : 'Create overlay mesh server'}
    >
      <Stack gap="sm">
        <TextInput label="Name" required value={values.name} error={errors.name} onChange={(e) => patch({ name: e.currentTarget.value })} />
        <Select
          label="Region"
          required
          placeholder="Pick a region"
          data={RELAY_REGIONS.map((r) => ({ value: r, label: REGION_LABELS[r] }))}
          value={values.region}
          error={errors.region && 'Field is required'}
          onChange={(r) => patch({ region: r as RelayRegion | null })}
        />
        <TextInput
          label="Address"
          required
          placeholder="relay.example.com or 203.0.113.5"
          value={values.address}
          error={errors.address}
          onChange={(e) => patch({ address: e.currentTarget.value })}
        />
        <NumberInput
          label="Port"
          required
          min={1}
          max={65535}
          allowDecimal={false}
          value={values.port}
          error={errors.port && (typeof values.port === 'number' ? errors.port : 'Enter a port 1-65535')}
          onChange={(port) => patch({ port })}
        />
        <Switch
          label="Enabled"
          description="Clients use only enabled relays"
          checked={values.enabled}
          onChange={(e) => patch({ enabled: e.currentTarget.checked })}
        />
        {formError && (
          <Text size="sm" c="red" role="alert">
            {formError}
          </Text>
        )}
      </Stack>
      <ModalFooter mode={relay ? 'edit' : 'add'} submitType="submit" loading={busy} onCancel={onDone} onReset={() => setValues(start)} />
    </form>
  );
}
