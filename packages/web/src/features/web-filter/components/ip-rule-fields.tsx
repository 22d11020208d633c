import { SimpleGrid } from '@mantine/core';
import { ChipInput } from '@/components/inputs/chip-input';
import { IP_RULE, IP_RULE_HINT } from './ip-rule';

export interface IpRuleFieldsProps {
  allowed: string[];
  blocked: string[];
  onChange: (lists: { allowed_ips: string[]; blocked_ips: string[] }) => void;
  errors?: { allowed?: string; blocked?: string };
  disabled?: boolean;
  /** Names the inputs of one policy apart from another's on the IP page. */
  labelSuffix?: string;
}

/** A policy's allowed and blocked addresses, with the chip input's paste rules. */
export function IpRuleFields({ allowed, blocked, onChange, errors = {}, disabled, labelSuffix = '' }: IpRuleFieldsProps) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <ChipInput
        type="ipsub"
        rule={IP_RULE}
        label={`Allowed IPs${labelSuffix}`}
        description={IP_RULE_HINT}
        value={allowed}
        onChange={(v) => onChange({ allowed_ips: v, blocked_ips: blocked })}
        error={errors.allowed}
        disabled={disabled}
      />
      <ChipInput
        type="ipsub"
        rule={IP_RULE}
        label={`Blocked IPs${labelSuffix}`}
        description={IP_RULE_HINT}
        value={blocked}
        onChange={(v) => onChange({ allowed_ips: allowed, blocked_ips: v })}
        error={errors.blocked}
        disabled={disabled}
      />
    </SimpleGrid>
  );
}
