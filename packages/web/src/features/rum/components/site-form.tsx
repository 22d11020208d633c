import { useState } from 'react';
import { NumberInput, Stack, Switch, Text, TextInput } from '@mantine/core';
import { rumOriginSchema, rumSiteInputSchema, type RumSite, type RumSiteInput, type RumSiteKind } from '@netloom/domain';
import { ChipInput } from '@/components/inputs/chip-input';
import { ModalFooter } from '@/components/dialogs/modal-footer';
import { ModalHeader } from '@/components/dialogs/modal-header';
import { FieldAlert } from '@/components/field-alert';
import { fieldError } from '@/lib/forms';
import { useFormSubmit } from '@/lib/use-form-submit';
import { KIND_LABEL } from './kind-label';

const ORIGIN_RULE = { test: (v: string) => rumOriginSchema.safeParse(v).success, message: 'An origin is a scheme and a host, like https://shop.example.com' };

interface Values {
  name: string;
  origins: string[];
  /** Percent of sessions, as people set it; the API takes a share (0..1). */
  sample_percent: number;
  honour_dnt: boolean;
}

export interface SiteFormProps {
  kind: RumSiteKind;
  site: RumSite | null;
  onSave: (input: RumSiteInput) => Promise<unknown>;
  onCancel: () => void;
}

/** A monitored site or app: its name, the origins its pages are served from (the only ones whose beacons count), sampling and Do Not Track. */
export function SiteForm({ kind, site, onSave, onCancel }: SiteFormProps) {
  const initial: Values = site
    ? { name: site.name, origins: site.origins, sample_percent: Math.round(site.sample_rate * 1000) / 10, honour_dnt: site.honour_dnt }
    : { name: '', origins: [], sample_percent: 100, honour_dnt: false };
  const [v, setV] = useState<Values>(initial);
  const { errors, formError, busy, submit } = useFormSubmit(rumSiteInputSchema, onSave);
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setV((p) => ({ ...p, [key]: value }));
  const noun = KIND_LABEL[kind].toLowerCase();
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void submit({ name: v.name, kind, origins: v.origins, sample_rate: v.sample_percent / 100, honour_dnt: v.honour_dnt });
      }}
      noValidate
    >
      <ModalHeader title={site ? `Edit ${site.name}` : `Add ${noun}`} onClose={onCancel} loading={busy} />
      <Stack gap="sm">
        <TextInput label="Name" required value={v.name} onChange={(e) => set('name', e.currentTarget.value)} error={fieldError(errors, 'name')} />
        <ChipInput
          type="url"
          rule={ORIGIN_RULE}
          label="Allowed origins"
          description="Where the pages are served from: beacons from any other origin are refused"
          placeholder="https://shop.example.com"
          required
          value={v.origins}
          onChange={(o) => set('origins', o)}
          error={fieldError(errors, 'origins')}
        />
        <NumberInput
          label="Sampling (% of sessions)"
          description="A session is measured whole or not at all"
          min={0}
          max={100}
          decimalScale={1}
          value={v.sample_percent}
          onChange={(n) => set('sample_percent', typeof n === 'number' ? n : Number(n) || 0)}
          error={fieldError(errors, 'sample_rate')}
        />
        <Switch label="Honour Do Not Track and Global Privacy Control" checked={v.honour_dnt} onChange={(e) => set('honour_dnt', e.currentTarget.checked)} />
        <Text size="xs" c="dimmed">
          The SDK sets no cookie: a random session id lives in the tab's session storage, and page URLs are kept without their query.
        </Text>
        <FieldAlert message={formError ?? errors.form} />
      </Stack>
      <ModalFooter mode={site ? 'edit' : 'add'} loading={busy} submitType="submit" onCancel={onCancel} onReset={() => setV(initial)} />
    </form>
  );
}
