import { SimpleGrid } from '@mantine/core';
import { ChipInput } from '@/components/inputs/chip-input';
import { IP_RULE, IP_RULE_HINT, URL_PATTERN_HINT } from './ip-rule';

/** What a list holds: URL patterns, or addresses, subnets and ranges (with the chip input's paste rules). */
const KINDS = {
  url: { input: { type: 'url' }, noun: 'URLs', hint: URL_PATTERN_HINT },
  ip: { input: { type: 'ipsub', rule: IP_RULE }, noun: 'IPs', hint: IP_RULE_HINT },
} as const;

export interface AllowBlockFieldsProps {
  kind: keyof typeof KINDS;
  allowed: string[];
  blocked: string[];
  onChange: (allowed: string[], blocked: string[]) => void;
  errors?: { allowed?: string; blocked?: string };
  disabled?: boolean;
  /** Whose lists these are, before the label ('Organisation'). */
  owner?: string;
  /** Names the inputs of one policy apart from another's on the IP page. */
  labelSuffix?: string;
  /** From which screen width the two lists stand side by side. */
  sideBySide?: 'sm' | 'md';
}

/** A pair of allowed and blocked lists, side by side: the allowed one is checked first. */
export function AllowBlockFields({
  kind,
  allowed,
  blocked,
  onChange,
  errors = {},
  disabled,
  owner,
  labelSuffix = '',
  sideBySide = 'sm',
}: AllowBlockFieldsProps) {
  const { input, noun, hint } = KINDS[kind];
  const label = (side: 'allowed' | 'blocked') => `${owner ? `${owner} ${side}` : `${side[0]!.toUpperCase()}${side.slice(1)}`} ${noun}${labelSuffix}`;
  return (
    <SimpleGrid cols={{ base: 1, [sideBySide]: 2 }} spacing="sm">
      <ChipInput
        {...input}
        label={label('allowed')}
        description={hint}
        value={allowed}
        onChange={(v) => onChange(v, blocked)}
        error={errors.allowed}
        disabled={disabled}
      />
      <ChipInput
        {...input}
        label={label('blocked')}
        description={hint}
        value={blocked}
        onChange={(v) => onChange(allowed, v)}
        error={errors.blocked}
        disabled={disabled}
      />
    </SimpleGrid>
  );
}
