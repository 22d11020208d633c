import { ActionIcon, Button, Group, Select, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { ZTNA_PROTOCOLS, type ServerPort, type ZtnaProtocol } from '@netloom/domain';
import { ChipInput } from '@/components/inputs/chip-input';

const LABELS: Record<ZtnaProtocol, string> = { tcp: 'TCP', udp: 'UDP', icmp: 'ICMP', any: 'Any' };

interface ServerPortsFieldsProps {
  value: ServerPort[];
  onChange: (value: ServerPort[]) => void;
  error?: string;
}

/** The protocols a server answers on, each with its ports and ranges ('443', '8000:8100'); no ports: every port. */
export function ServerPortsFields({ value, onChange, error }: ServerPortsFieldsProps) {
  const used = new Set(value.map((p) => p.protocol));
  const free = ZTNA_PROTOCOLS.filter((p) => !used.has(p));
  const set = (i: number, p: ServerPort) => onChange(value.map((x, j) => (j === i ? p : x)));
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        Ports and protocols
      </Text>
      {value.map((p, i) => (
        <Group key={p.protocol} align="flex-start" wrap="nowrap">
          <Select
            w={110}
            aria-label={`Protocol ${i + 1}`}
            data={[p.protocol, ...free].map((v) => ({ value: v, label: LABELS[v] }))}
            value={p.protocol}
            allowDeselect={false}
            onChange={(v) => v && set(i, { protocol: v as ZtnaProtocol, ports: v === 'icmp' || v === 'any' ? [] : p.ports })}
          />
          <div style={{ flex: 1 }}>
            {p.protocol === 'icmp' || p.protocol === 'any' ? (
              <Text size="sm" c="dimmed" pt={6}>
                {p.protocol === 'any' ? 'Every protocol and port' : 'Ping and other ICMP'}
              </Text>
            ) : (
              <ChipInput
                type="portRange"
                label={`${LABELS[p.protocol]} ports`}
                placeholder="443 or 8000:8100; empty: every port"
                value={p.ports}
                onChange={(ports) => set(i, { ...p, ports })}
              />
            )}
          </div>
          <ActionIcon
            variant="subtle"
            color="red"
            mt={p.protocol === 'icmp' || p.protocol === 'any' ? 4 : 28}
            aria-label={`Remove ${LABELS[p.protocol]}`}
            onClick={() => onChange(value.filter((_, j) => j !== i))}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      {free.length > 0 && (
        <Group>
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={<IconPlus size={14} />}
            onClick={() => onChange([...value, { protocol: free[0]!, ports: [] }])}
          >
            Add protocol
          </Button>
        </Group>
      )}
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
