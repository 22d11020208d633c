import { useState } from 'react';
import { Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { User } from '@netloom/domain';
import { TimeZoneSelect } from '@/components/inputs/time-zone-select';
import { toast } from '@/components/feedback/toast';
import { formErrorMessage, serverFieldErrors, validateForm, type FormErrors } from '@/lib/forms';
import { profileFormSchema, useUpdateProfile } from '@/features/profile/api/update-profile';

/** Names, company and time zone of the signed-in user. */
export function ProfileForm({ user }: { user: User }) {
  const start = { first_name: user.firstName, last_name: user.lastName, company_name: user.companyName, timezone: user.timezone };
  const [v, setV] = useState(start);
  const [errors, setErrors] = useState<FormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const update = useUpdateProfile();

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const checked = validateForm(profileFormSchema, v);
    if ('errors' in checked) return setErrors(checked.errors);
    setErrors({});
    setFormError(null);
    update.mutate(checked.data, {
      onSuccess: () => toast.edited('Profile'),
      onError: (err) => {
        setErrors(serverFieldErrors(err));
        setFormError(formErrorMessage(err));
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="First name" value={v.first_name} error={errors.first_name} onChange={(e) => setV({ ...v, first_name: e.currentTarget.value })} />
          <TextInput label="Last name" value={v.last_name} error={errors.last_name} onChange={(e) => setV({ ...v, last_name: e.currentTarget.value })} />
          <TextInput label="Company" value={v.company_name} error={errors.company_name} onChange={(e) => setV({ ...v, company_name: e.currentTarget.value })} />
          <TimeZoneSelect
            label="Time zone"
            description="Every date in the console is shown in this zone"
            value={v.timezone}
            error={errors.timezone}
            onChange={(timezone) => setV({ ...v, timezone })}
          />
        </SimpleGrid>
        {formError && (
          <Text size="sm" c="red" role="alert">
            {formError}
          </Text>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            Save profile
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
