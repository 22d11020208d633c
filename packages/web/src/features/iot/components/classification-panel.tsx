import { useState } from 'react';
import { Badge, Button, Group, List, Select, Stack, Text } from '@mantine/core';
import { formatDate, iotClassSchema, type IotDeviceDetail } from '@netloom/domain';
import { Fact } from '@/components/fact';
import { FieldAlert } from '@/components/field-alert';
import { toast } from '@/components/feedback/toast';
import { formErrorMessage } from '@/lib/forms';
import { useCorrectIotDevice } from '@/features/iot/api/correct-iot-device';
import { CLASS_OPTIONS, classLabel, percent, protocolName } from './iot-labels';

const ports = (list: readonly { protocol: number; port: number }[]) =>
  list.length ? list.map((p) => `${protocolName(p.protocol)} ${p.port}`).join(', ') : '—';

function Reasons({ reasons }: { reasons: readonly string[] }) {
  if (!reasons.length) return <Text size="sm">No evidence decides its class.</Text>;
  return (
    <List size="sm" spacing={2}>
      {reasons.map((r) => (
        <List.Item key={r}>{r}</List.Item>
      ))}
    </List>
  );
}

/** What the gateway reported about the device: the evidence its class is read from. */
function Evidence({ report }: { report: IotDeviceDetail['report'] }) {
  const ssdp = report.ssdp.map((s) => [s.manufacturer, s.model_name, s.device_type ?? s.st].filter(Boolean).join(' · ')).filter(Boolean);
  return (
    <Group gap="xl" align="flex-start">
      <Fact label="DHCP parameter list (option 55)" value={report.dhcp?.parameter_list?.join(', ') || '—'} />
      <Fact label="DHCP vendor class (option 60)" value={report.dhcp?.vendor_class ?? '—'} />
      <Fact label="mDNS services" value={report.mdns.join(', ') || '—'} />
      <Fact label="SSDP announcements" value={ssdp.join('; ') || '—'} />
      <Fact label="Answers on" value={ports(report.server_ports)} />
      <Fact label="Connects to" value={ports(report.client_ports)} />
    </Group>
  );
}

/** A writer's correction of the class; it is kept across later reports until handed back to the evidence. */
function Correction({ device }: { device: IotDeviceDetail }) {
  const c = device.classification;
  const [chosen, setChosen] = useState<string | null>(c.class);
  const correct = useCorrectIotDevice(device.id);
  const save = (cls: string | null) =>
    correct.mutate(cls === null ? null : iotClassSchema.parse(cls), {
      onSuccess: () => toast.edited('Device class'),
    });
  return (
    <Stack gap={6}>
      <Group gap="xs" align="flex-end">
        <Select label="Correct the class" data={CLASS_OPTIONS} value={chosen} onChange={setChosen} allowDeselect={false} searchable w={320} />
        <Button onClick={() => save(chosen)} loading={correct.isPending} disabled={!chosen || (c.source === 'admin' && chosen === c.class)}>
          Save class
        </Button>
        {c.source === 'admin' && (
          <Button variant="default" onClick={() => save(null)} loading={correct.isPending}>
            Use the evidence again
          </Button>
        )}
      </Group>
      <FieldAlert message={correct.isError ? formErrorMessage(correct.error) : undefined} />
    </Stack>
  );
}

/** Why the device is classed so: the class, how sure the evidence is and what it says, and an admin's correction. */
export function ClassificationPanel({ device, writer, timezone }: { device: IotDeviceDetail; writer: boolean; timezone: string | null }) {
  const c = device.classification;
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Text fw={600} aria-label="Class">
          {classLabel(c.class)}
        </Text>
        {c.source === 'admin' ? (
          <Badge
            color="violet"
            variant="light"
          >{`Set by ${c.corrected_by ?? 'an admin'}${c.corrected_at ? ` on ${formatDate(c.corrected_at, { timezone })}` : ''}`}</Badge>
        ) : (
          <Badge variant="light">{`Confidence ${percent(c.confidence)}`}</Badge>
        )}
      </Group>
      {c.source === 'admin' && c.inferred ? (
        <div>
          <Text size="sm">{`The evidence alone says ${classLabel(c.inferred.class)} (confidence ${percent(c.inferred.confidence)}):`}</Text>
          <Reasons reasons={c.inferred.reasons} />
        </div>
      ) : (
        <Reasons reasons={c.reasons} />
      )}
      <Evidence report={device.report} />
      {writer && <Correction key={`${c.source}-${c.class}`} device={device} />}
    </Stack>
  );
}
