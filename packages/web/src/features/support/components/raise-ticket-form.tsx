import { useState } from 'react';
import { Button, Group, Select, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import {
  TICKET_CATEGORIES,
  TICKET_CATEGORY_LABELS,
  TICKET_PRIORITIES,
  TICKET_PRIORITY_LABELS,
  TICKET_PRODUCTS,
  TICKET_PRODUCT_LABELS,
  TICKET_SLA_TARGETS,
  formatDuration,
  type Ticket,
  type TicketAttachment,
  type TicketCategory,
  type TicketPriority,
  type TicketProduct,
} from '@netloom/domain';
import { isApiError } from '@/lib/http/api-error';
import { useFleetDevices } from '@/lib/live/get-fleet-devices';
import { useTenantScope } from '@/lib/tenant-scope';
import { uploadAttachment, useRaiseTicket } from '../api/tickets';
import { AttachmentPicker } from './attachment-picker';

declare const __APP_BUILD_HASH__: string;

const options = <K extends string>(keys: readonly K[], labels: Record<K, string>) => keys.map((k) => ({ value: k, label: labels[k] }));
const priorityOptions = TICKET_PRIORITIES.map((p) => ({
  value: p,
  label: `${TICKET_PRIORITY_LABELS[p]} — first answer within ${formatDuration(TICKET_SLA_TARGETS[p].firstResponseMs)}`,
}));

/** Raise a Ticket: what is wrong, about which product and device, how urgent, with files. */
export function RaiseTicketForm({ deviceId, onRaised }: { deviceId: string | null; onRaised: (t: Ticket) => void }) {
  const tid = useTenantScope();
  const gateways = useFleetDevices(tid, null, 'device');
  const endpoints = useFleetDevices(tid, null, 'endpoint');
  const devices = [...(gateways.data ?? []), ...(endpoints.data ?? [])];
  const raise = useRaiseTicket();
  const [subject, setSubject] = useState('');
  const [description, setDescription] = useState('');
  const [product, setProduct] = useState<TicketProduct>('sdwan');
  const [priority, setPriority] = useState<TicketPriority>('normal');
  const [category, setCategory] = useState<TicketCategory>('question');
  const [device, setDevice] = useState<string | null>(deviceId);
  const [files, setFiles] = useState<TicketAttachment[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = () => {
    setErrors({});
    raise
      .mutateAsync({
        subject,
        description,
        product,
        priority,
        category,
        device_id: device,
        attachment_ids: files.map((f) => f.id),
        console_version: __APP_BUILD_HASH__.slice(0, 64),
      })
      .then(onRaised, (e: unknown) => {
        if (isApiError(e) && e.errors) setErrors(Object.fromEntries(Object.entries(e.errors).map(([k, v]) => [k, v[0] ?? ''])));
        else setErrors({ form: isApiError(e) ? e.detail : 'The ticket could not be raised' });
      });
  };

  return (
    <Stack gap="sm" maw={760}>
      <TextInput label="Subject" required value={subject} onChange={(e) => setSubject(e.currentTarget.value)} error={errors.subject} maxLength={150} />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Select
          label="Product"
          data={options(TICKET_PRODUCTS, TICKET_PRODUCT_LABELS)}
          value={product}
          allowDeselect={false}
          onChange={(v) => v && setProduct(v as TicketProduct)}
        />
        <Select
          label="Category"
          data={options(TICKET_CATEGORIES, TICKET_CATEGORY_LABELS)}
          value={category}
          allowDeselect={false}
          onChange={(v) => v && setCategory(v as TicketCategory)}
        />
        <Select label="Priority" data={priorityOptions} value={priority} allowDeselect={false} onChange={(v) => v && setPriority(v as TicketPriority)} />
      </SimpleGrid>
      <Select
        label="Device"
        description="Its model, firmware, configuration state and recent alarms go with the ticket"
        placeholder="No device"
        searchable
        clearable
        data={devices.map((d) => ({ value: d.id, label: d.name }))}
        value={device}
        onChange={setDevice}
        error={errors.device_id}
      />
      <Textarea
        label="Description"
        required
        autosize
        minRows={5}
        maxRows={16}
        value={description}
        onChange={(e) => setDescription(e.currentTarget.value)}
        error={errors.description}
      />
      <AttachmentPicker files={files} onChange={setFiles} upload={(f) => uploadAttachment(f, tid)} />
      {(errors.form || errors.attachment_ids) && (
        <Text size="sm" c="red" role="alert">
          {errors.form ?? errors.attachment_ids}
        </Text>
      )}
      <Group justify="flex-end">
        <Button onClick={submit} loading={raise.isPending} disabled={!subject.trim() || !description.trim()}>
          Raise ticket
        </Button>
      </Group>
    </Stack>
  );
}
