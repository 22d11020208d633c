import { SegmentedControl, Stack, Switch, Text } from '@mantine/core';
import type { SPLIT_TUNNEL_MODES } from '@netloom/domain';
import { ChipInput } from '@/components/inputs/chip-input';
import type { ProfileFormValues } from './profile-form-values';

type SplitMode = (typeof SPLIT_TUNNEL_MODES)[number];

const MODES: { value: SplitMode; label: string; hint: string }[] = [
  { value: 'full', label: 'All traffic', hint: 'Everything the endpoint sends goes through the overlay.' },
  { value: 'include', label: 'Only these routes', hint: 'Only the routes below (and the offered servers) go through the overlay.' },
  { value: 'exclude', label: 'All but these routes', hint: 'Everything goes through the overlay except the routes below.' },
];

interface ProfileNetworkFieldsProps {
  dns: ProfileFormValues['dns'];
  split: ProfileFormValues['split_tunnel'];
  onDns: (dns: ProfileFormValues['dns']) => void;
  onSplit: (split: ProfileFormValues['split_tunnel']) => void;
  dnsError?: string;
  splitError?: string;
}

/** How a profile's clients resolve names and which of their traffic enters the overlay. */
export function ProfileNetworkFields({ dns, split, onDns, onSplit, dnsError, splitError }: ProfileNetworkFieldsProps) {
  const mode = MODES.find((m) => m.value === split.mode) ?? MODES[1]!;
  return (
    <Stack gap="sm">
      <Switch
        label="Use the organisation's DNS"
        description="Nameserver groups of Organization › DNS, with the private names of published servers"
        checked={dns.use_tenant_dns}
        onChange={(e) => onDns({ ...dns, use_tenant_dns: e.currentTarget.checked })}
      />
      <ChipInput
        type="ip"
        label="Fallback nameservers"
        description="Asked for names no nameserver group matches"
        placeholder="{ip}"
        value={dns.nameservers}
        onChange={(nameservers) => onDns({ ...dns, nameservers })}
        error={dnsError}
      />
      <Stack gap={4}>
        <Text size="sm" fw={500} id="split-tunnel-label">
          Split tunnel
        </Text>
        <SegmentedControl
          aria-labelledby="split-tunnel-label"
          data={MODES.map(({ value, label }) => ({ value, label }))}
          value={split.mode}
          onChange={(v) => onSplit({ ...split, mode: v as SplitMode })}
        />
        <Text size="xs" c="dimmed">
          {mode.hint}
        </Text>
      </Stack>
      {split.mode !== 'full' && (
        <ChipInput
          type="subnet"
          label="Routes"
          placeholder="{ip}/0"
          value={split.routes}
          onChange={(routes) => onSplit({ ...split, routes })}
          error={splitError}
        />
      )}
    </Stack>
  );
}
