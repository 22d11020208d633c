import { useState } from 'react';
import { ActionIcon, Button, FileInput, Group, MultiSelect, NumberInput, SegmentedControl, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { wafApplicationInputSchema, wafDomainSchema, type WafApplication, type WafApplicationInput, type WafEdge } from '@netloom/domain';
import { ChipInput } from '@/components/inputs/chip-input';
import { ModalFooter } from '@/components/dialogs/modal-footer';
import { ModalHeader } from '@/components/dialogs/modal-header';
import { FieldAlert } from '@/components/field-alert';
import { fieldError } from '@/lib/forms';
import { useFormSubmit } from '@/lib/use-form-submit';
import { applicationFormValues, applicationInput, EMPTY_APPLICATION, type ApplicationFormValues } from './application-form-values';

const DOMAIN_RULE = { test: (v: string) => wafDomainSchema.safeParse(v).success, message: 'Should be a domain name (www.example.com or *.example.com)' };
const TLS_CHOICES = [
  { value: 'none', label: 'None (HTTP)' },
  { value: 'upload', label: 'Upload certificate' },
  { value: 'self_signed', label: 'Self-signed (lab)' },
];

export interface ApplicationFormProps {
  application: WafApplication | null;
  edges: readonly WafEdge[];
  onSave: (input: WafApplicationInput) => Promise<unknown>;
  onCancel: () => void;
}

/** Onboarding of a protected application: its domains, origins, health check, TLS, serving edges and whether it is an API. */
export function ApplicationForm({ application, edges, onSave, onCancel }: ApplicationFormProps) {
  const initial = application ? applicationFormValues(application) : EMPTY_APPLICATION;
  const [v, setV] = useState<ApplicationFormValues>(initial);
  const { errors, formError, busy, submit } = useFormSubmit(wafApplicationInputSchema, onSave);
  const set = <K extends keyof ApplicationFormValues>(key: K, value: ApplicationFormValues[K]) => setV((p) => ({ ...p, [key]: value }));
  const setOrigin = (i: number, change: Partial<ApplicationFormValues['origins'][number]>) =>
    set(
      'origins',
      v.origins.map((o, j) => (j === i ? { ...o, ...change } : o)),
    );
  const readFile = (key: 'certificate' | 'key') => (file: File | null) => {
    if (file) void file.text().then((text) => set(key, text));
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void submit(applicationInput(v));
      }}
      noValidate
    >
      <ModalHeader title={application ? `Edit ${application.name}` : 'Onboard an application'} onClose={onCancel} loading={busy} />
      <Stack gap="sm">
        <TextInput label="Name" required value={v.name} onChange={(e) => set('name', e.currentTarget.value)} error={fieldError(errors, 'name')} />
        <ChipInput
          type="url"
          rule={DOMAIN_RULE}
          label="Domains"
          description="The host names the edges serve for this application"
          placeholder="www.example.com"
          required
          value={v.domains}
          onChange={(d) => set('domains', d)}
          error={fieldError(errors, 'domains')}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            Origins
          </Text>
          {v.origins.map((o, i) => (
            <Group key={i} align="flex-start" wrap="nowrap">
              <TextInput
                aria-label={`Origin ${i + 1} URL`}
                placeholder="https://origin.example.com:8443"
                flex={1}
                value={o.url}
                onChange={(e) => setOrigin(i, { url: e.currentTarget.value })}
                error={errors[`origins.${i}.url`] ?? (i === 0 ? fieldError(errors, 'origins') : undefined)}
              />
              <NumberInput
                aria-label={`Origin ${i + 1} weight`}
                w={110}
                min={1}
                max={100}
                value={o.weight}
                onChange={(n) => setOrigin(i, { weight: Number(n) || 1 })}
                prefix="weight "
              />
              <ActionIcon
                variant="subtle"
                color="red"
                mt={6}
                aria-label={`Remove origin ${i + 1}`}
                disabled={v.origins.length === 1}
                onClick={() =>
                  set(
                    'origins',
                    v.origins.filter((_, j) => j !== i),
                  )
                }
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ))}
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconPlus size={14} />}
            w="fit-content"
            onClick={() => set('origins', [...v.origins, { url: '', weight: 1 }])}
            disabled={v.origins.length >= 16}
          >
            Add origin
          </Button>
        </Stack>
        <Group grow>
          <TextInput
            label="Health check path"
            value={v.health_check.path}
            onChange={(e) => set('health_check', { ...v.health_check, path: e.currentTarget.value })}
            error={fieldError(errors, 'health_check')}
          />
          <NumberInput
            label="Health check interval (s)"
            min={5}
            max={300}
            value={v.health_check.interval_s}
            onChange={(n) => set('health_check', { ...v.health_check, interval_s: Number(n) || 30 })}
          />
        </Group>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="waf-tls-label">
            TLS
          </Text>
          <SegmentedControl
            aria-labelledby="waf-tls-label"
            data={TLS_CHOICES}
            value={v.tls_mode}
            onChange={(m) => set('tls_mode', m as ApplicationFormValues['tls_mode'])}
          />
          {v.tls_mode === 'upload' && (
            <>
              {application?.certificate && (
                <Text size="xs" c="dimmed">
                  Current certificate: {application.certificate.subject}, valid until {application.certificate.not_after}. Leave both fields empty to keep it.
                </Text>
              )}
              <Textarea
                label="Certificate (PEM)"
                autosize
                minRows={3}
                maxRows={8}
                ff="monospace"
                value={v.certificate}
                onChange={(e) => set('certificate', e.currentTarget.value)}
                error={fieldError(errors, 'certificate')}
              />
              <FileInput label="…or the certificate file" accept=".pem,.crt,.cer" clearable onChange={readFile('certificate')} />
              <Textarea
                label="Private key (PEM)"
                autosize
                minRows={3}
                maxRows={8}
                ff="monospace"
                value={v.key}
                onChange={(e) => set('key', e.currentTarget.value)}
                error={fieldError(errors, 'key')}
              />
              <FileInput label="…or the key file" accept=".pem,.key" clearable onChange={readFile('key')} />
            </>
          )}
          {v.tls_mode === 'self_signed' && (
            <Text size="xs" c="dimmed">
              The server makes a certificate for the domains: browsers will warn, so use it for a lab only.
            </Text>
          )}
        </Stack>
        <MultiSelect
          label="Edges"
          description="The WAF edges and POPs that serve this application"
          data={edges.map((e) => ({ value: e.id, label: e.shared ? `${e.name} (shared POP)` : e.name }))}
          value={v.edge_ids}
          onChange={(ids) => set('edge_ids', ids)}
          searchable
          nothingFoundMessage="No Matching Result(s)."
          error={fieldError(errors, 'edge_ids')}
        />
        <Switch label="API application (DPoP and API security apply)" checked={v.api} onChange={(e) => set('api', e.currentTarget.checked)} />
        <FieldAlert message={formError ?? errors.form} />
      </Stack>
      <ModalFooter mode={application ? 'edit' : 'add'} loading={busy} submitType="submit" onCancel={onCancel} onReset={() => setV(initial)} />
    </form>
  );
}
