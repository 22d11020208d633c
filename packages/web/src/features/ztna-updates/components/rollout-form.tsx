import { useMemo, useState } from 'react';
import { Stack, Text } from '@mantine/core';
import { compareVersions, ENDPOINT_OS_LABELS, ENDPOINT_OSES, rolloutInputSchema, type ClientRelease, type EndpointOs } from '@netloom/domain';
import { ModalFooter } from '@/components/dialogs/modal-footer';
import { toast } from '@/components/feedback/toast';
import { SelectField, type SelectOption } from '@/components/inputs/select-field';
import { useFormSubmit } from '@/lib/use-form-submit';
import { useCreateRollout } from '@/features/ztna-updates/api/create-rollout';
import { PercentageField } from './percentage-field';

/** The security group choice that means every endpoint of the OS. */
const ALL = 'all';
const versionsOf = (releases: readonly ClientRelease[], os: EndpointOs) =>
  releases
    .filter((r) => r.os === os)
    .sort((a, b) => compareVersions(b.version, a.version))
    .map((r) => r.version);

export interface RolloutFormProps {
  releases: readonly ClientRelease[];
  securityGroups: SelectOption[];
  onDone: () => void;
}

/** Stages a client version: the OS, the version (of that OS's releases), the group or everyone, and the percentage to start with. */
export function RolloutForm({ releases, securityGroups, onDone }: RolloutFormProps) {
  const oses = useMemo(() => ENDPOINT_OSES.filter((os) => releases.some((r) => r.os === os)), [releases]);
  const [os, setOs] = useState<EndpointOs | null>(null);
  const [version, setVersion] = useState<string | null>(null);
  const [group, setGroup] = useState<string>(ALL);
  const [percentage, setPercentage] = useState(10);
  const create = useCreateRollout();
  const { errors, formError, busy, submit } = useFormSubmit(rolloutInputSchema, async (checked) => {
    await create.mutateAsync(checked);
    toast.success('Rollout');
    onDone();
  });
  const chooseOs = (next: EndpointOs | null) => {
    setOs(next);
    // The newest release of the system is what a rollout usually wants.
    setVersion(next ? (versionsOf(releases, next)[0] ?? null) : null);
  };
  return (
    <form
      aria-label="Create rollout"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit({ os: os ?? '', version: version ?? '', security_group: group === ALL ? null : group, percentage });
      }}
    >
      <Stack gap="sm">
        <SelectField
          label="Operating system"
          required
          placeholder="Choose a system"
          options={oses.map((o) => ({ value: o, label: ENDPOINT_OS_LABELS[o] }))}
          value={os}
          allowDeselect={false}
          onChange={(v) => chooseOs(v as EndpointOs | null)}
          error={errors.os && 'Field is required'}
        />
        <SelectField
          label="Version"
          required
          placeholder={os ? 'Choose a version' : 'Choose a system first'}
          disabled={!os}
          options={os ? versionsOf(releases, os).map((v) => ({ value: v, label: v })) : []}
          value={version}
          allowDeselect={false}
          onChange={setVersion}
          error={errors.version && (version ? errors.version : 'Field is required')}
        />
        <SelectField
          label="Endpoints"
          options={[{ value: ALL, label: 'All endpoints of the system' }, ...securityGroups]}
          value={group}
          allowDeselect={false}
          onChange={(v) => setGroup(v ?? ALL)}
          error={errors.security_group}
        />
        <PercentageField value={percentage} onChange={setPercentage} error={errors.percentage} />
        {formError && (
          <Text size="sm" c="red" role="alert">
            {formError}
          </Text>
        )}
      </Stack>
      <ModalFooter mode="add" submitType="submit" loading={busy} onCancel={onDone} />
    </form>
  );
}
