import { memo } from 'react';
import { ActionIcon, Button, Group, Paper, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { ZTNA_PROTOCOLS, type AccessDestinations, type ServerPort, type ZtnaProtocol } from '@netloom/domain';
import { ChipInput } from '@/components/inputs/chip-input';
import { MultiSelectField } from '@/components/inputs/select-field';
import { withChosen } from '@/components/inputs/with-chosen';
import { FieldAlert } from '@/components/field-alert';
import type { PolicyOptions } from './use-policy-options';

export const PROTOCOL_LABELS: Record<ZtnaProtocol, string> = { tcp: 'TCP', udp: 'UDP', icmp: 'ICMP', any: 'Any' };
/** ICMP has no ports, and 'any' is every protocol and port. */
const hasPorts = (p: ZtnaProtocol) => p === 'tcp' || p === 'udp';

function PortRow({ rule, index, onChange, onRemove }: { rule: ServerPort; index: number; onChange: (r: ServerPort) => void; onRemove: () => void }) {
  return (
    <Paper withBorder p="xs">
      <Group align="flex-start" gap="sm" wrap="nowrap">
        <Select
          label="Protocol"
          aria-label={`Protocol of port rule ${index + 1}`}
          data={ZTNA_PROTOCOLS.map((p) => ({ value: p, label: PROTOCOL_LABELS[p] }))}
          value={rule.protocol}
          allowDeselect={false}
          onChange={(v) => v && onChange({ protocol: v as ZtnaProtocol, ports: hasPorts(v as ZtnaProtocol) ? rule.ports : [] })}
          w={110}
        />
        <div style={{ flex: 1 }}>
          <ChipInput
            type="portRange"
            label={`Ports of port rule ${index + 1}`}
            description={hasPorts(rule.protocol) ? '443 or a range such as 8000:8100; none: every port' : 'Every port'}
            value={rule.ports}
            onChange={(ports) => onChange({ ...rule, ports })}
            disabled={!hasPorts(rule.protocol)}
          />
        </div>
        <ActionIcon variant="subtle" color="red" aria-label={`Remove port rule ${index + 1}`} onClick={onRemove} mt={28}>
          <IconTrash size={16} />
        </ActionIcon>
      </Group>
    </Paper>
  );
}

export interface DestinationsFieldsProps {
  value: AccessDestinations;
  onChange: (value: AccessDestinations) => void;
  options: PolicyOptions;
  error?: string;
}

/** What a policy is about: servers, every server of some sites, and optionally only some ports of them. */
export const DestinationsFields = memo(function DestinationsFields({ value, onChange, options, error }: DestinationsFieldsProps) {
  const setPorts = (ports: ServerPort[]) => onChange({ ...value, ports });
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <MultiSelectField
          label="Servers"
          placeholder="Pick servers"
          options={withChosen(options.servers, value.servers, () => 'Removed server')}
          value={value.servers}
          onChange={(servers) => onChange({ ...value, servers })}
          searchable
        />
        <MultiSelectField
          label="Sites"
          description="Every server of the site, those added later too"
          placeholder="Pick sites"
          options={withChosen(options.sites, value.sites)}
          value={value.sites}
          onChange={(sites) => onChange({ ...value, sites })}
          searchable
        />
      </SimpleGrid>
      <FieldAlert message={error} />
      <Text size="sm" fw={500}>
        Ports
      </Text>
      <Text size="xs" c="dimmed">
        {value.ports.length === 0 ? 'Every port the servers publish.' : 'Only these ports of what the servers publish.'}
      </Text>
      {value.ports.map((rule, i) => (
        <PortRow
          key={i}
          rule={rule}
          index={i}
          onChange={(next) => setPorts(value.ports.map((r, j) => (j === i ? next : r)))}
          onRemove={() => setPorts(value.ports.filter((_, j) => j !== i))}
        />
      ))}
      <Group>
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconPlus size={14} />}
          onClick={() => setPorts([...value.ports, { protocol: 'tcp', ports: [] }])}
        >
          Add port rule
        </Button>
      </Group>
    </Stack>
  );
});
