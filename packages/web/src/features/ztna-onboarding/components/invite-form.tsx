import { useState } from 'react';
import { Button, Group, NumberInput, Stack, Text } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { ztnaInviteBodySchema } from '@netloom/domain';
import { ChipInput } from '@/components/inputs/chip-input';
import { MultiSelectField, type SelectOption } from '@/components/inputs/select-field';
import { snack } from '@/lib/notify';
import { useFormSubmit } from '@/lib/use-form-submit';
import { useSendInvites, type InviteBody } from '@/features/ztna-onboarding/api/send-invites';
import { fieldError } from './field-error';

const empty = (): Required<InviteBody> => ({ emails: [], valid_days: 7, security_groups: [] });

/** Invites users by e-mail: each gets the client downloads and a single-use key of their own. */
export function InviteForm({ securityGroups }: { securityGroups: SelectOption[] }) {
  const [values, setValues] = useState(empty);
  // A sent form starts again untouched: the chip input forgets it was left empty.
  const [round, setRound] = useState(0);
  const send = useSendInvites();
  const { errors, formError, busy, submit } = useFormSubmit(ztnaInviteBodySchema, async (checked) => {
    await send.mutateAsync(checked);
    const n = checked.emails.length;
    snack(`${n} invite${n === 1 ? '' : 's'} sent`, { color: 'green' });
    setValues(empty());
    setRound((r) => r + 1);
  });
  const patch = (p: Partial<InviteBody>) => setValues((v) => ({ ...v, ...p }));
  return (
    <form
      aria-label="Invite users"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit(values);
      }}
    >
      <Stack gap="sm">
        <ChipInput
          key={round}
          type="email"
          label="E-mail addresses"
          description="Each user gets the client downloads and a key of their own"
          placeholder="name@company.com"
          required
          value={values.emails}
          onChange={(emails) => patch({ emails })}
          error={fieldError(errors, 'emails')}
        />
        <Group grow align="flex-start">
          <NumberInput
            label="Valid for (days)"
            min={1}
            max={90}
            allowDecimal={false}
            value={values.valid_days}
            onChange={(v) => patch({ valid_days: typeof v === 'number' ? v : Number(v) })}
            error={fieldError(errors, 'valid_days')}
          />
          <MultiSelectField
            label="Security groups"
            description="The groups their clients join"
            placeholder="None"
            options={securityGroups}
            value={values.security_groups}
            onChange={(security_groups) => patch({ security_groups })}
            error={fieldError(errors, 'security_groups')}
          />
        </Group>
        {formError && (
          <Text size="sm" c="red" role="alert">
            {formError}
          </Text>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={busy} leftSection={<IconMailForward size={16} />}>
            Send invites
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
