import { Checkbox, Group, Stack, Switch, Text } from '@mantine/core';
import type { SubscriptionName } from '@netloom/domain';

/** The products a tenant can subscribe to; WAF is sold as QShield. */
const PRODUCTS: { name: SubscriptionName; label: string }[] = [
  { name: 'sdwan', label: 'SD-WAN' },
  { name: 'ztna', label: 'Zero Trust (ZTNA)' },
  { name: 'qshield', label: 'WAF (QShield)' },
  { name: 'rum', label: 'RUM' },
  { name: 'dem', label: 'DEM' },
  { name: 'iot-gateway', label: 'IoT Gateway' },
];

export interface SubscriptionPickerProps {
  value: SubscriptionName[];
  allProductAccess: boolean;
  onChange: (value: SubscriptionName[]) => void;
  onAllProductAccess: (on: boolean) => void;
  error?: string;
}

/** Subscriptions of a tenant; NDR is not sold on its own, it comes with RUM (spec 000 §4). */
export function SubscriptionPicker({ value, allProductAccess, onChange, onAllProductAccess, error }: SubscriptionPickerProps) {
  const toggle = (name: SubscriptionName, on: boolean) => onChange(on ? [...value, name] : value.filter((v) => v !== name));
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        Subscriptions
      </Text>
      <Group gap="md">
        {PRODUCTS.map((p) => (
          <Checkbox
            key={p.name}
            label={p.label}
            checked={allProductAccess || value.includes(p.name)}
            disabled={allProductAccess}
            onChange={(e) => toggle(p.name, e.currentTarget.checked)}
          />
        ))}
        <Checkbox label="NDR (comes with RUM)" checked={allProductAccess || value.includes('rum')} disabled readOnly />
      </Group>
      {!allProductAccess && value.length === 0 && (
        <Text size="xs" c="dimmed">
          A tenant without subscriptions gets the Zero Trust product only.
        </Text>
      )}
      {error && (
        <Text size="xs" c="red">
          {error}
        </Text>
      )}
      <Switch mt={4} label="All product access" checked={allProductAccess} onChange={(e) => onAllProductAccess(e.currentTarget.checked)} />
    </Stack>
  );
}
