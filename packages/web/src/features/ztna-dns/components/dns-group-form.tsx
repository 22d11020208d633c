import { useState } from 'react';
import { SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { dnsGroupInputSchema, isFqdn, type DnsGroup, type ValueRule } from '@netloom/domain';
import { ModalFooter } from '@/components/dialogs/modal-footer';
import { toast } from '@/components/feedback/toast';
import { ChipInput } from '@/components/inputs/chip-input';
import { MultiSelectField } from '@/components/inputs/select-field';
import { useFormSubmit } from '@/lib/use-form-submit';
import { useSaveDnsGroup } from '@/features/ztna-dns/api/save-dns-group';
import { fieldError } from './field-error';
import type { DnsOptions } from './use-dns-options';

/** A match or search domain, as the server checks it. */
const DOMAIN_RULE: ValueRule = { test: (v) => isFqdn(v.trim().toLowerCase()), message: 'Enter a domain such as corp.example.com' };

type DnsFormValues = Omit<DnsGroup, 'id' | 'order'>;
const valuesOf = (g?: DnsGroup): DnsFormValues =>
  g
    ? {
        name: g.name,
        nameservers: g.nameservers,
        match_domains: g.match_domains,
        search_domains: g.search_domains,
        groups: g.groups,
        security_groups: g.security_groups,
        enabled: g.enabled,
      }
    : { name: '', nameservers: [], match_domains: [], search_domains: [], groups: [], security_groups: [], enabled: true };

export interface DnsGroupFormProps {
  group?: DnsGroup;
  options: DnsOptions;
  onDone: () => void;
}

/** Creates or edits a nameserver group: its nameservers, the domains it answers for, and who gets it. */
export function DnsGroupForm({ group, options, onDone }: DnsGroupFormProps) {
  const start = valuesOf(group);
  const [values, setValues] = useState<DnsFormValues>(start);
  const save = useSaveDnsGroup();
  // An edit keeps the group's place; a new one goes last.
  const { errors, formError, busy, submit } = useFormSubmit(dnsGroupInputSchema, async (checked) => {
    await save.mutateAsync({ id: group?.id, group: group ? { ...checked, order: group.order } : checked });
    toast.success('Nameserver group', group ? 'edited' : 'added');
    onDone();
  });
  const patch = (p: Partial<DnsFormValues>) => setValues((v) => ({ ...v, ...p }));
  return (
    <form
      aria-label={group ? 'Edit nameserver group' : 'Add nameserver group'}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit(values);
      }}
    >
      <Stack gap="sm">
        <TextInput label="Name" required value={values.name} error={fieldError(errors, 'name')} onChange={(e) => patch({ name: e.currentTarget.value })} />
        <ChipInput
          type="ip"
          label="Nameservers"
          placeholder="{ip}"
          required
          value={values.nameservers}
          onChange={(nameservers) => patch({ nameservers })}
          error={fieldError(errors, 'nameservers')}
        />
        <ChipInput
          type="url"
          rule={DOMAIN_RULE}
          label="Match domains"
          description="Names under these domains are asked of these nameservers (split DNS); none: the clients' primary DNS for all domains"
          placeholder="corp.example.com"
          value={values.match_domains}
          onChange={(match_domains) => patch({ match_domains })}
          error={fieldError(errors, 'match_domains')}
        />
        <ChipInput
          type="url"
          rule={DOMAIN_RULE}
          label="Search domains"
          description="Appended to short names ('wiki' → wiki.corp.example.com)"
          placeholder="corp.example.com"
          value={values.search_domains}
          onChange={(search_domains) => patch({ search_domains })}
          error={fieldError(errors, 'search_domains')}
        />
        <Text size="sm" fw={500}>
          Who gets it
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <MultiSelectField
            label="Groups"
            placeholder="Everyone"
            options={options.groups}
            value={values.groups}
            onChange={(groups) => patch({ groups })}
            error={fieldError(errors, 'groups')}
          />
          <MultiSelectField
            label="Security groups"
            placeholder="Everyone"
            options={options.securityGroups}
            value={values.security_groups}
            onChange={(security_groups) => patch({ security_groups })}
            error={fieldError(errors, 'security_groups')}
          />
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          None chosen: every endpoint gets it.
        </Text>
        <Switch label="Enabled" checked={values.enabled} onChange={(e) => patch({ enabled: e.currentTarget.checked })} />
        {formError && (
          <Text size="sm" c="red" role="alert">
            {formError}
          </Text>
        )}
      </Stack>
      <ModalFooter mode={group ? 'edit' : 'add'} submitType="submit" loading={busy} onCancel={onDone} onReset={() => setValues(start)} />
    </form>
  );
}
