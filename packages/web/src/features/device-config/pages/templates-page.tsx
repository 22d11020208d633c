import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button, Modal, Paper, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { canWriteConfig, configTemplateBodySchema, type ConfigTemplate } from '@netloom/domain';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { ModalFooter } from '@/components/dialogs/modal-footer';
import { ModalHeader } from '@/components/dialogs/modal-header';
import { EmptyState } from '@/components/empty-state';
import { ErrorPanel } from '@/components/error-panel';
import { toast } from '@/components/feedback/toast';
import { PageHeader } from '@/components/page-header';
import { useFormSubmit } from '@/lib/use-form-submit';
import { useCurrentUser } from '@/lib/session/session-store';
import { paths } from '@/paths';
import { useCreateTemplate, useDeleteTemplate, useTemplates } from '@/features/device-config/api/templates';
import { RecentOperations } from '@/features/device-config/components/recent-operations';
import { FAMILY_PAGES } from '@/features/device-config/families';

const familyTitle = (family: string) => FAMILY_PAGES.find((p) => p.family === family)?.title ?? family;

const columns: DataTableColumn<ConfigTemplate>[] = [
  { key: 'name', header: 'Name' },
  { key: 'description', header: 'Description' },
  { key: 'families', header: 'Families', render: (t) => Object.keys(t.sections).map(familyTitle).join(', ') || '—' },
  { key: 'variables', header: 'Variables', type: 'array' },
  { key: 'networks', header: 'Device groups' },
  { key: 'devices', header: 'Devices' },
  { key: 'updated_at', header: 'Updated', type: 'date' },
];

/** Config Templates (spec 000 §2.16 `configtemp`): reusable configuration, assigned to device groups and devices. */
export function TemplatesPage() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const templates = useTemplates();
  const remove = useDeleteTemplate();
  const [creating, setCreating] = useState(false);
  // The push opened below the list, kept in the URL like a template's apply.
  const [params, setParams] = useSearchParams();
  if (!user) return null;
  const writer = canWriteConfig(user);
  const createButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
      Create config template
    </Button>
  );
  return (
    <>
      <PageHeader
        title="Config Templates"
        subtitle="Families of configuration with {{variables}}, applied to device groups and devices"
        actions={writer && createButton}
      />
      <Paper withBorder p="md">
        {templates.isError ? (
          <ErrorPanel onRetry={() => void templates.refetch()} />
        ) : (
          <DataTable
            label="Config templates"
            columns={columns}
            rows={templates.data?.results ?? []}
            loading={templates.isLoading}
            timezone={user.timezone}
            options={{ search: true, sort: true, paging: true }}
            onView={(t) => void navigate(paths.product.configTemplate('sdwan', t.id))}
            onDelete={
              writer
                ? (t) =>
                    void remove.mutateAsync(t.id).then(
                      () => toast.deleted('Config template'),
                      () => toast.error(),
                    )
                : undefined
            }
            emptyState={
              writer ? (
                <EmptyState title="Create your First Config Template" description="Configure once, apply to many gateways." action={createButton} />
              ) : (
                <EmptyState title="No config templates yet" description="Editors, admins and owners create them." />
              )
            }
          />
        )}
      </Paper>
      <Paper withBorder p="md" mt="md">
        <RecentOperations timezone={user.timezone} selected={params.get('operation')} onSelect={(id) => setParams(id ? { operation: id } : {})} />
      </Paper>
      <Modal opened={creating} onClose={() => setCreating(false)} withCloseButton={false} centered>
        <ModalHeader title="Create config template" onClose={() => setCreating(false)} />
        {creating && <CreateTemplateForm onCreated={(id) => void navigate(paths.product.configTemplate('sdwan', id))} onCancel={() => setCreating(false)} />}
      </Modal>
    </>
  );
}

function CreateTemplateForm({ onCreated, onCancel }: { onCreated: (id: string) => void; onCancel: () => void }) {
  const create = useCreateTemplate();
  const [v, setV] = useState({ name: '', description: '' });
  const { errors, formError, busy, submit } = useFormSubmit(configTemplateBodySchema, async (body) => {
    const t = await create.mutateAsync(body);
    toast.success('Config template');
    onCreated(t.id);
  });
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit({ name: v.name, ...(v.description.trim() && { description: v.description }) });
      }}
    >
      <Stack gap="sm">
        <TextInput label="Name" required data-autofocus value={v.name} error={errors.name} onChange={(e) => setV({ ...v, name: e.currentTarget.value })} />
        <Textarea label="Description" value={v.description} error={errors.description} onChange={(e) => setV({ ...v, description: e.currentTarget.value })} />
        {formError && (
          <Text size="sm" c="red" role="alert">
            {formError}
          </Text>
        )}
      </Stack>
      <ModalFooter mode="add" submitType="submit" loading={busy} onCancel={onCancel} />
    </form>
  );
}
