import { useState } from 'react';
import { Group, SimpleGrid, Stack, Text, TextInput, Textarea, Button } from '@mantine/core';
import type { Organisation, OrganisationBody } from '@netloom/domain';
import { TimeZoneSelect } from '@/components/inputs/time-zone-select';
import { useFormSubmit } from '@/lib/use-form-submit';
import { organisationFormSchema } from '@/features/organisations/api/update-organisation';

type Values = Omit<Organisation, 'tenant_id' | 'tenantname'>;

export interface OrganisationFormProps {
  organisation: Organisation;
  readOnly: boolean;
  onSubmit: (body: OrganisationBody) => Promise<unknown>;
}

const TEXT_FIELDS: { key: Exclude<keyof Values, 'timezone' | 'address'>; label: string; description?: string }[] = [
  { key: 'display_name', label: 'Display name', description: 'Shown in the console; the tenant name when empty' },
  { key: 'legal_name', label: 'Legal name' },
  { key: 'country', label: 'Country', description: 'Two-letter code, e.g. DE' },
  { key: 'phone', label: 'Phone' },
  { key: 'website', label: 'Website' },
];

export function OrganisationForm({ organisation, readOnly, onSubmit }: OrganisationFormProps) {
  const start: Values = {
    display_name: organisation.display_name,
    legal_name: organisation.legal_name,
    address: organisation.address,
    country: organisation.country,
    phone: organisation.phone,
    website: organisation.website,
    timezone: organisation.timezone,
  };
  const [v, setV] = useState<Values>(start);

  const { errors, formError, busy, submit } = useFormSubmit(organisationFormSchema, onSubmit);

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void submit(v);
      }}
      noValidate
    >
      <Stack gap="md">
        <TextInput label="Tenant name" value={organisation.tenantname} disabled description="Changed by the provider only" />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {TEXT_FIELDS.map((f) => (
            <TextInput
              key={f.key}
              label={f.label}
              description={f.description}
              value={v[f.key]}
              error={errors[f.key]}
              disabled={readOnly}
              onChange={(e) => setV({ ...v, [f.key]: e.currentTarget.value })}
            />
          ))}
          <TimeZoneSelect
            label="Default time zone"
            description="For members who chose none"
            value={v.timezone}
            error={errors.timezone}
            disabled={readOnly}
            onChange={(timezone) => setV({ ...v, timezone })}
          />
        </SimpleGrid>
        <Textarea
          label="Address"
          value={v.address}
          error={errors.address}
          disabled={readOnly}
          onChange={(e) => setV({ ...v, address: e.currentTarget.value })}
        />
        {formError && (
          <Text size="sm" c="red" role="alert">
            {formError}
          </Text>
        )}
        {!readOnly && (
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setV(start)} disabled={busy}>
              Reset
            </Button>
            <Button type="submit" loading={busy}>
              Save changes
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
