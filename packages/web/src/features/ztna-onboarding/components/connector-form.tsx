import { useMemo, useState } from 'react';
import { Autocomplete, Stack, Text } from '@mantine/core';
import { z } from 'zod';
import { connectorBodySchema, deviceLabels } from '@netloom/domain';
import { ModalFooter } from '@/components/dialogs/modal-footer';
import { toast } from '@/components/feedback/toast';
import { SelectField } from '@/components/inputs/select-field';
import { useFleetDevices } from '@/lib/live/get-fleet-devices';
import { useTenantScope } from '@/lib/tenant-scope';
import { useFormSubmit } from '@/lib/use-form-submit';
import { useAddConnector } from '@/features/ztna-onboarding/api/add-connector';
import { fieldError } from './field-error';

/** The server's body, with the spec's required message when a field is left empty. */
const connectorFormSchema = z.object({
  device_id: z.string().min(1, 'Field is required').pipe(connectorBodySchema.shape.device_id),
  site: z.string().trim().min(1, 'Field is required').pipe(connectorBodySchema.shape.site),
});

export interface ConnectorFormProps {
  /** Gateways already connectors: not offered again. */
  taken: readonly string[];
  sites: string[];
  onDone: () => void;
}

/** Makes one of the tenant's gateways an app connector that publishes the servers of a site. */
export function ConnectorForm({ taken, sites, onDone }: ConnectorFormProps) {
  const tid = useTenantScope();
  const gateways = useFleetDevices(tid, null, 'device');
  const [deviceId, setDeviceId] = useState<string | null>(null);
  const [site, setSite] = useState('');
  const add = useAddConnector();
  const options = useMemo(() => {
    // Gateways of one name are told apart by their serial, whichever of them are still offered.
    const labels = deviceLabels(gateways.data ?? []);
    return (gateways.data ?? [])
      .filter((g) => !taken.includes(g.id))
      .map((g) => {
        const label = labels.get(g.id) ?? g.name;
        return { value: g.id, label: g.location ? `${label} (${g.location})` : label };
      });
  }, [gateways.data, taken]);
  const { errors, formError, busy, submit } = useFormSubmit(connectorFormSchema, async (checked) => {
    await add.mutateAsync(checked);
    toast.success('App connector');
    onDone();
  });
  return (
    <form
      aria-label="Add app connector"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit({ device_id: deviceId ?? '', site });
      }}
    >
      <Stack gap="sm">
        <SelectField
          label="Gateway"
          required
          placeholder={gateways.isLoading ? 'Loading gateways…' : 'Choose a gateway'}
          options={options}
          value={deviceId}
          onChange={setDeviceId}
          error={fieldError(errors, 'device_id')}
        />
        <Autocomplete
          label="Site"
          required
          description="The connector publishes the servers of this site"
          placeholder="Choose or type a site"
          data={sites}
          value={site}
          error={fieldError(errors, 'site')}
          onChange={setSite}
        />
        {formError && (
          <Text size="sm" c="red" role="alert">
            {formError}
          </Text>
        )}
      </Stack>
      <ModalFooter mode="add" submitType="submit" loading={busy} onCancel={onDone} />
    </form>
  );
}
