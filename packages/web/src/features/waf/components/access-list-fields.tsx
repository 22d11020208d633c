import { SimpleGrid, MultiSelect } from '@mantine/core';
import { COUNTRIES, isCidr, isIPv4, type WafPolicy } from '@netloom/domain';
import { ChipInput } from '@/components/inputs/chip-input';
import type { FormErrors } from '@/lib/forms';
import { errorAt } from './policy-errors';

// The policy schema's own rule for an address list entry: an address or a subnet.
const ADDRESS_RULE = { test: (v: string) => v.length <= 18 && (isIPv4(v) || isCidr(v)), message: 'Should be an address (x.x.x.x) or a subnet (x.x.x.x/y)' };
const COUNTRY_DATA = COUNTRIES.map((c) => ({ value: c.code, label: `${c.countryWithFlag} (${c.code})` }));

interface AccessListFieldsProps {
  policy: WafPolicy;
  errors: FormErrors;
  disabled: boolean;
  onChange: (change: Partial<WafPolicy>) => void;
}

/** Addresses and countries always let through or always refused, before any rule runs. */
export function AccessListFields({ policy, errors, disabled, onChange }: AccessListFieldsProps) {
  const countries = (key: 'country_allow' | 'country_deny', label: string) => (
    <MultiSelect
      label={label}
      data={COUNTRY_DATA}
      value={policy[key]}
      onChange={(v) => onChange({ [key]: v })}
      searchable
      clearable
      disabled={disabled}
      nothingFoundMessage="No Matching Result(s)."
      error={errorAt(errors, key)}
    />
  );
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <ChipInput
        type="ip"
        rule={ADDRESS_RULE}
        label="IP allow list"
        placeholder="203.0.113.0/24"
        value={policy.ip_allow}
        onChange={(v) => onChange({ ip_allow: v })}
        disabled={disabled}
        error={errorAt(errors, 'ip_allow')}
      />
      <ChipInput
        type="ip"
        rule={ADDRESS_RULE}
        label="IP deny list"
        placeholder="198.51.100.7"
        value={policy.ip_deny}
        onChange={(v) => onChange({ ip_deny: v })}
        disabled={disabled}
        error={errorAt(errors, 'ip_deny')}
      />
      {countries('country_allow', 'Country allow list (only these when set)')}
      {countries('country_deny', 'Country deny list')}
    </SimpleGrid>
  );
}
