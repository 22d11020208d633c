import { memo } from 'react';
import { Checkbox, Group, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { COUNTRIES, ENDPOINT_OS_LABELS, ENDPOINT_OSES, type EndpointOs, type PostureConditions } from '@netloom/domain';
import { MultiSelectField } from '@/components/inputs/select-field';
import { fieldError, type FormErrors } from '@/lib/forms';

const COUNTRY_OPTIONS = COUNTRIES.map((c) => ({ value: c.code, label: c.name }));
/** An emptied version field means "any version", which the schema spells null. */
const version = (v: string) => (v.trim() === '' ? null : v.trim());

export interface PostureFieldsProps {
  value: PostureConditions;
  onChange: (value: PostureConditions) => void;
  errors: FormErrors;
}

function OsRow({ os, value, onChange, error }: { os: EndpointOs; value: PostureConditions; onChange: (v: PostureConditions) => void; error?: string }) {
  const rule = value.os.find((o) => o.os === os);
  const label = ENDPOINT_OS_LABELS[os];
  const toggle = (on: boolean) =>
    onChange({
      ...value,
      os: on
        ? ENDPOINT_OSES.flatMap((o) => (o === os ? [{ os, min_version: null }] : value.os.filter((r) => r.os === o)))
        : value.os.filter((r) => r.os !== os),
    });
  return (
    <Group gap="sm" align="center" wrap="nowrap" mih={36}>
      <Checkbox label={label} checked={!!rule} onChange={(e) => toggle(e.currentTarget.checked)} w={100} />
      {rule && (
        <TextInput
          aria-label={`Minimum ${label} version`}
          placeholder="Any version"
          size="xs"
          w={140}
          value={rule.min_version ?? ''}
          error={error}
          onChange={(e) => {
            const min = version(e.currentTarget.value);
            onChange({ ...value, os: value.os.map((r) => (r.os === os ? { ...r, min_version: min } : r)) });
          }}
        />
      )}
    </Group>
  );
}

/**
 * What an endpoint must show for an allow policy to let it through. A value the endpoint has not
 * reported never passes, so a condition on it denies until it does.
 */
export const PostureFields = memo(function PostureFields({ value, onChange, errors }: PostureFieldsProps) {
  const osErrorAt = (i: number) => fieldError(errors, `posture.os.${i}`);
  return (
    <Stack gap="sm">
      <div>
        <Text size="sm" fw={500}>
          Allowed operating systems
        </Text>
        <Text size="xs" c="dimmed">
          None ticked: any system. A minimum version left empty: any version of it.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={4} mt={4}>
          {ENDPOINT_OSES.map((os) => (
            <OsRow key={os} os={os} value={value} onChange={onChange} error={osErrorAt(value.os.findIndex((r) => r.os === os))} />
          ))}
        </SimpleGrid>
        {errors['posture.os'] && (
          <Text size="sm" c="red" role="alert">
            {errors['posture.os']}
          </Text>
        )}
      </div>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label="Minimum client version"
          placeholder="Any version, e.g. 2.1.10"
          value={value.min_client_version ?? ''}
          error={fieldError(errors, 'posture.min_client_version')}
          onChange={(e) => onChange({ ...value, min_client_version: version(e.currentTarget.value) })}
        />
        <MultiSelectField
          label="Countries"
          description="Where the endpoint's public address is; none: anywhere"
          placeholder="Any country"
          options={COUNTRY_OPTIONS}
          value={value.countries}
          onChange={(countries) => onChange({ ...value, countries })}
          error={fieldError(errors, 'posture.countries')}
          searchable
        />
      </SimpleGrid>
      <Group gap="lg">
        <Switch
          label="Require disk encryption"
          checked={value.disk_encryption}
          onChange={(e) => onChange({ ...value, disk_encryption: e.currentTarget.checked })}
        />
        <Switch label="Require firewall on" checked={value.firewall} onChange={(e) => onChange({ ...value, firewall: e.currentTarget.checked })} />
        <Switch label="Require an approved device" checked={value.approved} onChange={(e) => onChange({ ...value, approved: e.currentTarget.checked })} />
      </Group>
    </Stack>
  );
});
