import { useState } from 'react';
import { Autocomplete, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { ztnaServerInputSchema, type ServerPort, type ZtnaServer, type ZtnaServerInput } from '@netloom/domain';
import { ModalFooter } from '@/components/dialogs/modal-footer';
import { toast } from '@/components/feedback/toast';
import { useFormSubmit } from '@/lib/use-form-submit';
import { useSaveZtnaServer } from '@/features/ztna-onboarding/api/save-ztna-server';
import { fieldError } from './field-error';
import { ServerPortsFields } from './server-ports-fields';

type ServerFormValues = Required<Omit<ZtnaServerInput, 'private_name' | 'ports'>> & { private_name: string; ports: ServerPort[] };

const valuesOf = (s?: ZtnaServer): ServerFormValues =>
  s
    ? { name: s.name, description: s.description, address: s.address, private_name: s.private_name ?? '', ports: s.ports, site: s.site, enabled: s.enabled }
    : { name: '', description: '', address: '', private_name: '', ports: [{ protocol: 'tcp', ports: [] }], site: '', enabled: true };

export interface ServerFormProps {
  server?: ZtnaServer;
  /** Sites already named by servers and app connectors; a new name makes a new site. */
  sites: string[];
  onDone: () => void;
}

/** Publishes a private application: where it is, what it answers on, and the site whose app connectors reach it. */
export function ServerForm({ server, sites, onDone }: ServerFormProps) {
  const start = valuesOf(server);
  const [values, setValues] = useState<ServerFormValues>(start);
  const save = useSaveZtnaServer();
  const { errors, formError, busy, submit } = useFormSubmit(ztnaServerInputSchema, async (checked) => {
    await save.mutateAsync({ id: server?.id, server: checked });
    toast.success('Server', server ? 'edited' : 'added');
    onDone();
  });
  const patch = (p: Partial<ServerFormValues>) => setValues((v) => ({ ...v, ...p }));
  return (
    <form
      aria-label={server ? 'Edit server' : 'Add server'}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        // An empty private name is none: clients resolve the address itself when it is a name.
        void submit({ ...values, private_name: values.private_name.trim() || null });
      }}
    >
      <Stack gap="sm">
        <TextInput
          label="Server name"
          required
          value={values.name}
          error={fieldError(errors, 'name')}
          onChange={(e) => patch({ name: e.currentTarget.value })}
        />
        <Textarea
          label="Description"
          autosize
          minRows={1}
          value={values.description}
          error={fieldError(errors, 'description')}
          onChange={(e) => patch({ description: e.currentTarget.value })}
        />
        <TextInput
          label="Address"
          required
          description="An IP (10.1.2.3), a subnet (10.1.0.0/16), an FQDN (wiki.corp.example) or *.domain"
          value={values.address}
          error={fieldError(errors, 'address')}
          onChange={(e) => patch({ address: e.currentTarget.value })}
        />
        <TextInput
          label="Private name"
          description="The name clients resolve for it (split DNS); empty: the address when it is a name"
          placeholder="wiki.corp.example"
          value={values.private_name}
          error={fieldError(errors, 'private_name')}
          onChange={(e) => patch({ private_name: e.currentTarget.value })}
        />
        <ServerPortsFields value={values.ports} onChange={(ports) => patch({ ports })} error={fieldError(errors, 'ports')} />
        <Autocomplete
          label="Site"
          required
          description="Where it lives: the app connectors of this site publish it. A new name makes a new site"
          placeholder="Choose or type a site"
          data={sites}
          value={values.site}
          error={fieldError(errors, 'site')}
          onChange={(site) => patch({ site })}
        />
        <Switch label="Enabled" checked={values.enabled} onChange={(e) => patch({ enabled: e.currentTarget.checked })} />
        {formError && (
          <Text size="sm" c="red" role="alert">
            {formError}
          </Text>
        )}
      </Stack>
      <ModalFooter mode={server ? 'edit' : 'add'} submitType="submit" loading={busy} onCancel={onDone} onReset={() => setValues(start)} />
    </form>
  );
}
