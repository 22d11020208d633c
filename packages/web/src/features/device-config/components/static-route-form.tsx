import { useState } from 'react';
import { NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { staticRouteSchema, type StaticRoute } from '@netloom/domain';
import { ModalFooter } from '@/components/dialogs/modal-footer';
import { useFormSubmit } from '@/lib/use-form-submit';

/** The route as the form edits it; its id is kept by the page. */
export const staticRouteFormSchema = staticRouteSchema.omit({ id: true });
export type StaticRouteFormValues = Omit<StaticRoute, 'id'>;

const EMPTY = { name: '', destination: '', gateway: '', interface: '', metric: 0 };

export interface StaticRouteFormProps {
  initial?: StaticRoute;
  onSubmit: (v: StaticRouteFormValues) => Promise<unknown>;
  onCancel: () => void;
}

/** Add or edit one static route; the domain's own schema checks it, and the server's field messages show under the fields. */
export function StaticRouteForm({ initial, onSubmit, onCancel }: StaticRouteFormProps) {
  const start = initial ? { ...EMPTY, ...initial, interface: initial.interface ?? '' } : EMPTY;
  const [v, setV] = useState(start);
  const { errors, formError, busy, submit } = useFormSubmit(staticRouteFormSchema, onSubmit);
  const set = (key: keyof typeof EMPTY) => (e: React.ChangeEvent<HTMLInputElement>) => setV({ ...v, [key]: e.currentTarget.value });
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void submit({ ...v, interface: v.interface.trim() || undefined, enabled: initial?.enabled ?? true });
      }}
      noValidate
    >
      <Stack gap="sm">
        <TextInput label="Name" required data-autofocus value={v.name} error={errors.name} onChange={set('name')} />
        <TextInput label="Destination" required placeholder="x.x.x.x/y" value={v.destination} error={errors.destination} onChange={set('destination')} />
        <TextInput label="Gateway" required placeholder="x.x.x.x" value={v.gateway} error={errors.gateway} onChange={set('gateway')} />
        <TextInput label="Interface" placeholder="lan1" value={v.interface} error={errors.interface} onChange={set('interface')} />
        <NumberInput
          label="Metric"
          min={0}
          max={255}
          value={v.metric}
          error={errors.metric}
          onChange={(n) => setV({ ...v, metric: typeof n === 'number' ? n : 0 })}
        />
        {formError && (
          <Text size="sm" c="red" role="alert">
            {formError}
          </Text>
        )}
      </Stack>
      <ModalFooter mode={initial ? 'edit' : 'add'} submitType="submit" loading={busy} onCancel={onCancel} onReset={() => setV(start)} />
    </form>
  );
}
