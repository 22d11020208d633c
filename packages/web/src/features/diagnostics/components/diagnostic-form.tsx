import { useState, type ReactNode } from 'react';
import { Alert, Autocomplete, Button, Group, Input, NumberInput, SegmentedControl, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { CAPTURE_LIMITS, DNS_RECORD_TYPES, THROUGHPUT_MAX_SECONDS, diagnosticParamsSchema, type DiagnosticKind, type DiagnosticParams } from '@netloom/domain';
import { fieldError } from '@/lib/forms';
import { useFormSubmit } from '@/lib/use-form-submit';

type Values = Record<string, string | number>;

/** What each form starts with: the usual defaults of the domain's schemas. */
const INITIAL: Record<DiagnosticKind, Values> = {
  ping: { host: '', count: 4, interval_s: 1, size: 56, source_interface: '' },
  traceroute: { host: '', max_hops: 30, source_interface: '' },
  dns: { name: '', record_type: 'A', resolver: '' },
  capture: { interface: '', filter: '', max_packets: 1_000, max_bytes: 1_000_000, max_seconds: 30 },
  throughput: { peer_device_id: '', path: 'overlay', duration_s: 10 },
};

/** An empty optional field is no value at all (the device's own choice). */
const compact = (kind: DiagnosticKind, values: Values) => ({
  kind,
  ...Object.fromEntries(Object.entries(values).filter(([, v]) => v !== '')),
});

interface Props {
  kind: DiagnosticKind;
  /** Interfaces of the gateway's configuration, offered where a diagnostic runs on one. */
  interfaces: string[];
  /** The tenant's other gateways, for a throughput test's far end. */
  peers: { value: string; label: string }[];
  running: boolean;
  onStart(params: DiagnosticParams): Promise<unknown>;
}

/** The parameters of one kind of diagnostic, checked with the same schema the server and the device use. */
export function DiagnosticForm({ kind, interfaces, peers, running, onStart }: Props) {
  const [values, setValues] = useState<Values>(INITIAL[kind]);
  const { errors, formError, busy, submit } = useFormSubmit(diagnosticParamsSchema, onStart);
  const set = (field: string) => (v: string | number | null) => setValues((prev) => ({ ...prev, [field]: v ?? '' }));
  const text = (field: string, label: string, extra: { placeholder?: string; description?: string; required?: boolean } = {}) => (
    <TextInput label={label} value={String(values[field])} onChange={(e) => set(field)(e.currentTarget.value)} error={fieldError(errors, field)} {...extra} />
  );
  const number = (field: string, label: string, min: number, max: number, step = 1) => (
    <NumberInput label={label} value={values[field]} onChange={set(field)} min={min} max={max} step={step} error={fieldError(errors, field)} />
  );
  const iface = (field: string, label: string, required = false) => (
    <Autocomplete
      label={label}
      placeholder={required ? 'eth0' : 'The route decides'}
      data={interfaces}
      value={String(values[field])}
      onChange={set(field)}
      required={required}
      error={fieldError(errors, field)}
    />
  );

  const fields = {
    ping: (
      <>
        {text('host', 'Host', { placeholder: '8.8.8.8 or example.com', required: true })}
        {number('count', 'Count', 1, 100)}
        {number('interval_s', 'Interval (s)', 0.2, 10, 0.1)}
        {number('size', 'Packet size (bytes)', 0, 1472)}
        {iface('source_interface', 'Source interface')}
      </>
    ),
    traceroute: (
      <>
        {text('host', 'Host', { placeholder: '8.8.8.8 or example.com', required: true })}
        {number('max_hops', 'Max hops', 1, 64)}
        {iface('source_interface', 'Source interface')}
      </>
    ),
    dns: (
      <>
        {text('name', 'Name', { placeholder: 'example.com (an address for PTR)', required: true })}
        <Select label="Record type" data={[...DNS_RECORD_TYPES]} value={String(values.record_type)} onChange={set('record_type')} allowDeselect={false} />
        {text('resolver', 'Resolver', { placeholder: "The gateway's own" })}
      </>
    ),
    capture: (
      <>
        {iface('interface', 'Interface', true)}
        {text('filter', 'Filter', {
          placeholder: 'host 10.0.0.5 and (tcp port 443 or icmp)',
          description: 'host, net, port, src, dst, tcp, udp, icmp, and, or, not, parentheses',
        })}
        {number('max_packets', 'Max packets', 1, CAPTURE_LIMITS.packets)}
        {number('max_bytes', 'Max bytes', 1_000, CAPTURE_LIMITS.bytes)}
        {number('max_seconds', 'Max seconds', 1, CAPTURE_LIMITS.seconds)}
      </>
    ),
    throughput: (
      <>
        <Select
          label="Other gateway"
          placeholder="Choose a gateway"
          searchable
          data={peers}
          value={String(values.peer_device_id) || null}
          onChange={set('peer_device_id')}
          error={fieldError(errors, 'peer_device_id')}
          required
        />
        <Input.Wrapper label="Path">
          <SegmentedControl
            data={[
              { value: 'overlay', label: 'Overlay (VPN)' },
              { value: 'wan', label: 'WAN' },
            ]}
            value={String(values.path)}
            onChange={set('path')}
          />
        </Input.Wrapper>
        {number('duration_s', 'Duration (s)', 1, THROUGHPUT_MAX_SECONDS)}
      </>
    ),
  } satisfies Record<DiagnosticKind, ReactNode>;

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void submit(compact(kind, values));
      }}
    >
      <Stack gap="sm">
        {formError && (
          <Alert color="red" variant="light">
            {formError}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 3 }}>{fields[kind]}</SimpleGrid>
        <Group>
          <Button type="submit" leftSection={<IconPlayerPlay size={16} />} loading={busy} disabled={running}>
            Run
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
