import { NumberInput, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import type { WafDdos } from '@netloom/domain';
import { PolicyPageFrame } from '@/features/waf/components/policy-page-frame';
import { PolicyPartForm, type PartFieldsProps } from '@/features/waf/components/policy-part-form';

const LIMITS: { key: Exclude<keyof WafDdos, 'enabled'>; label: string; description: string }[] = [
  { key: 'connections_per_client', label: 'Connections per client', description: 'Open connections one address may hold' },
  { key: 'requests_per_second_per_client', label: 'Requests per second per client', description: 'The normal per-client rate' },
  {
    key: 'flood_requests_per_second',
    label: 'Flood threshold (requests per second)',
    description: 'Above this rate of the whole application, the strict limit applies',
  },
  { key: 'strict_requests_per_second_per_client', label: 'Strict requests per second per client', description: 'The per-client rate during a flood' },
];

function DdosFields({ value, errors, disabled, onChange }: PartFieldsProps<'ddos'>) {
  return (
    <Stack gap="md">
      <Switch label="DDoS limits on" checked={value.enabled} disabled={disabled} onChange={(e) => onChange({ ...value, enabled: e.currentTarget.checked })} />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {LIMITS.map((l) => (
          <NumberInput
            key={l.key}
            label={l.label}
            description={l.description}
            min={1}
            value={value[l.key]}
            disabled={disabled || !value.enabled}
            onChange={(n) => onChange({ ...value, [l.key]: typeof n === 'number' ? n : 0 })}
            error={errors[l.key]}
          />
        ))}
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        When the limits fire is shown on the Backend WAF dashboard.
      </Text>
    </Stack>
  );
}

/** QShield › Organization › DDoS: the policy's per-client and flood limits. */
export function DdosPage() {
  return (
    <PolicyPageFrame title="DDoS" subtitle="Connection and request limits per client, and the stricter limit the edge applies during a flood">
      {(app) => <PolicyPartForm key={app.id} application={app} part="ddos" fields={DdosFields} />}
    </PolicyPageFrame>
  );
}
