import { useState } from 'react';
import { Group, MultiSelect, SegmentedControl, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import dayjs from 'dayjs';
import { announcementBodySchema, textInputMessages, type AdminAnnouncement, type AnnouncementBody } from '@netloom/domain';
import { ModalFooter } from '@/components/dialogs/modal-footer';
import { useFormSubmit } from '@/lib/use-form-submit';

export interface TenantOption {
  value: string;
  label: string;
}

interface Values {
  title: string;
  body: string;
  audience: AnnouncementBody['audience'];
  tenant_ids: string[];
  /** The pickers' local 'YYYY-MM-DD HH:mm:ss'; sent as instants. */
  starts_at: string | null;
  ends_at: string | null;
}

const PICKED = 'YYYY-MM-DD HH:mm:ss';
const toPicked = (iso: string | null) => (iso ? dayjs(iso).format(PICKED) : null);
const toInstant = (picked: string | null) => (picked ? dayjs(picked).toISOString() : null);

const valuesOf = (a?: AdminAnnouncement): Values => ({
  title: a?.title ?? '',
  body: a?.body ?? '',
  audience: a?.audience ?? 'all',
  tenant_ids: a?.tenants.map((t) => t.id) ?? [],
  // A new one starts now, unless the admin schedules it.
  starts_at: toPicked(a?.starts_at ?? dayjs().second(0).toISOString()),
  ends_at: toPicked(a?.ends_at ?? null),
});

/** An announcement: title, text, who sees it (every tenant or chosen ones) and when. */
export function AnnouncementForm({
  announcement,
  tenants,
  onSubmit,
  onCancel,
}: {
  announcement?: AdminAnnouncement;
  tenants: TenantOption[];
  onSubmit: (body: AnnouncementBody) => Promise<unknown>;
  onCancel: () => void;
}) {
  const [values, setValues] = useState<Values>(() => valuesOf(announcement));
  const { errors, setErrors, formError, busy, submit } = useFormSubmit(announcementBodySchema, onSubmit);
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));
  // A tenant that was chosen and since deleted still shows by its name from the announcement.
  const options = [
    ...tenants,
    ...(announcement?.tenants ?? []).filter((t) => !tenants.some((o) => o.value === t.id)).map((t) => ({ value: t.id, label: t.name })),
  ];

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!values.starts_at) return setErrors({ starts_at: textInputMessages.required });
        void submit({
          ...values,
          tenant_ids: values.audience === 'tenants' ? values.tenant_ids : [],
          starts_at: toInstant(values.starts_at) ?? '',
          ends_at: toInstant(values.ends_at),
        });
      }}
    >
      <Stack gap="sm">
        <TextInput label="Title" required data-autofocus value={values.title} error={errors.title} onChange={(e) => set('title', e.currentTarget.value)} />
        <Textarea
          label="Text"
          required
          autosize
          minRows={4}
          maxRows={12}
          value={values.body}
          error={errors.body}
          onChange={(e) => set('body', e.currentTarget.value)}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            Audience
          </Text>
          <SegmentedControl
            aria-label="Audience"
            value={values.audience}
            onChange={(v) => set('audience', v as Values['audience'])}
            data={[
              { value: 'all', label: 'All tenants' },
              { value: 'tenants', label: 'Chosen tenants' },
            ]}
          />
        </Stack>
        {values.audience === 'tenants' && (
          <MultiSelect
            label="Tenants"
            required
            searchable
            placeholder={values.tenant_ids.length ? undefined : 'Choose tenants'}
            nothingFoundMessage="No tenant found"
            data={options}
            value={values.tenant_ids}
            error={errors.tenant_ids}
            onChange={(ids) => set('tenant_ids', ids)}
            comboboxProps={{ withinPortal: true }}
          />
        )}
        <Group grow align="flex-start">
          <DateTimePicker
            label="Start"
            required
            valueFormat="DD MMM YY, hh:mm A"
            value={values.starts_at}
            error={errors.starts_at}
            onChange={(v) => set('starts_at', v)}
            popoverProps={{ withinPortal: true }}
          />
          <DateTimePicker
            label="End"
            description="Empty: until withdrawn"
            clearable
            valueFormat="DD MMM YY, hh:mm A"
            value={values.ends_at}
            error={errors.ends_at}
            onChange={(v) => set('ends_at', v)}
            popoverProps={{ withinPortal: true }}
          />
        </Group>
        {formError && (
          <Text size="sm" c="red" role="alert">
            {formError}
          </Text>
        )}
      </Stack>
      <ModalFooter
        mode={announcement ? 'edit' : 'add'}
        submitType="submit"
        loading={busy}
        onCancel={onCancel}
        onReset={() => setValues(valuesOf(announcement))}
      />
    </form>
  );
}
