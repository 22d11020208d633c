import { Group, NumberInput, Select } from '@mantine/core';
import { ZTNA_PROTOCOLS, type ZtnaProtocol } from '@netloom/domain';
import { SelectField, type SelectOption } from '@/components/inputs/select-field';
import { PROTOCOL_LABELS } from './destinations-fields';

export interface Target {
  serverId: string | null;
  protocol: ZtnaProtocol;
  port: number | null;
}

export const EMPTY_TARGET: Target = { serverId: null, protocol: 'tcp', port: null };

interface TargetFieldsProps {
  value: Target;
  onChange: (t: Target) => void;
  servers: SelectOption[];
  serverError?: string | null;
}

/** The server and, optionally, the protocol and port a connection asks for. */
export function TargetFields({ value, onChange, servers, serverError }: TargetFieldsProps) {
  const noPort = value.protocol === 'icmp' || value.protocol === 'any';
  return (
    <Group align="flex-start" gap="sm" grow>
      <SelectField
        label="Server"
        placeholder="Pick a server"
        options={servers}
        value={value.serverId}
        onChange={(serverId) => onChange({ ...value, serverId })}
        error={serverError}
        searchable
        // Picking the chosen server again keeps it (a second question about the same server).
        allowDeselect={false}
      />
      <Select
        label="Protocol"
        data={ZTNA_PROTOCOLS.map((p) => ({ value: p, label: PROTOCOL_LABELS[p] }))}
        value={value.protocol}
        allowDeselect={false}
        onChange={(p) => p && onChange({ ...value, protocol: p as ZtnaProtocol, port: p === 'icmp' || p === 'any' ? null : value.port })}
        maw={120}
      />
      <NumberInput
        label="Port"
        placeholder={noPort ? '—' : 'Any'}
        min={0}
        max={65535}
        allowDecimal={false}
        allowNegative={false}
        disabled={noPort}
        value={value.port ?? ''}
        onChange={(v) => onChange({ ...value, port: typeof v === 'number' ? v : v === '' ? null : Number(v) })}
        maw={120}
      />
    </Group>
  );
}
