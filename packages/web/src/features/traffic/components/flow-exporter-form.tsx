import { useEffect, useState } from 'react';
import { Button, Group, Text, TextInput } from '@mantine/core';
import { flowExporterSchema } from '@netloom/domain';
import { useFormSubmit } from '@/lib/use-form-submit';
import { useFlowExporter } from '@/features/traffic/api/get-flow-exporter';
import { useSetFlowExporter } from '@/features/traffic/api/set-flow-exporter';

const DESCRIPTION = "NetFlow v9 / IPFIX sent to the server's flow collector from this source address count as this gateway's traffic";

/**
 * The gateway's flow exporter address: a router that exports flows itself is pointed at the
 * collector, and its datagrams' source address says whose they are. Editors and up set it;
 * others see it. Empty clears it.
 */
export function FlowExporterForm({ deviceId, canEdit }: { deviceId: string; canEdit: boolean }) {
  const current = useFlowExporter(deviceId);
  const save = useSetFlowExporter(deviceId);
  const [value, setValue] = useState('');
  const [saved, setSaved] = useState(false);
  const { errors, formError, busy, submit } = useFormSubmit(flowExporterSchema, (body) => save.mutateAsync(body).then(() => setSaved(true)));
  const address = current.data?.address ?? null;
  useEffect(() => setValue(address ?? ''), [address, deviceId]);

  if (!canEdit)
    return (
      <Text size="sm" c="dimmed">
        Flow exporter address: {address ?? 'none'}
      </Text>
    );
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setSaved(false);
        void submit({ address: value.trim() === '' ? null : value.trim() });
      }}
    >
      <Group align="flex-start" gap="sm">
        <TextInput
          label="Flow exporter address"
          description={DESCRIPTION}
          placeholder="10.0.0.1"
          value={value}
          error={errors.address}
          disabled={current.isLoading}
          onChange={(e) => {
            setSaved(false);
            setValue(e.currentTarget.value);
          }}
          style={{ flex: 1, maxWidth: 520 }}
        />
        <Button type="submit" loading={busy} mt={42}>
          Save
        </Button>
      </Group>
      {formError && !errors.address && (
        <Text size="sm" c="red" role="alert">
          {formError}
        </Text>
      )}
      {saved && (
        <Text size="sm" c="teal" role="status">
          Saved
        </Text>
      )}
    </form>
  );
}
