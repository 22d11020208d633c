import { useState } from 'react';
import { Badge, Button, Divider, Group, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { formatDate, type RumSite, type RumSiteKind } from '@netloom/domain';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { FormModal } from '@/components/dialogs/form-modal';
import { ModalHeader } from '@/components/dialogs/modal-header';
import { NamedModal } from '@/components/dialogs/named-modal';
import { EmptyState } from '@/components/empty-state';
import { toast } from '@/components/feedback/toast';
import { formErrorMessage } from '@/lib/forms';
import { useDeleteRumSite, useSaveRumSite } from '@/features/rum/api/save-rum-site';
import { KIND_LABEL } from './kind-label';
import { SiteForm } from './site-form';
import { SnippetPanel } from './snippet-panel';
import { SourceMapsPanel } from './source-maps-panel';

interface SitesPanelProps {
  kind: RumSiteKind;
  sites: readonly RumSite[];
  loading: boolean;
  writer: boolean;
  timezone: string | null;
  /** A new site becomes the page's chosen one. */
  onCreated: (site: RumSite) => void;
}

/** The tab's sites: add, edit and delete them (editors), and each one's snippet and source maps. */
export function SitesPanel({ kind, sites, loading, writer, timezone, onCreated }: SitesPanelProps) {
  const save = useSaveRumSite();
  const remove = useDeleteRumSite();
  // undefined: closed; null: a new site.
  const [editing, setEditing] = useState<RumSite | null | undefined>(undefined);
  const [viewingId, setViewingId] = useState<string | null>(null);
  const viewing = sites.find((s) => s.id === viewingId) ?? null;
  const noun = KIND_LABEL[kind].toLowerCase();
  const columns: DataTableColumn<RumSite>[] = [
    { key: 'name', header: 'Name' },
    { key: 'origins', header: 'Origins', type: 'array' },
    { key: 'sample_rate', header: 'Sampling', render: (s) => `${Math.round(s.sample_rate * 1000) / 10}%` },
    {
      key: 'honour_dnt',
      header: 'Do Not Track',
      render: (s) => (
        <Badge variant="light" color={s.honour_dnt ? 'green' : 'gray'}>
          {s.honour_dnt ? 'Honoured' : 'Ignored'}
        </Badge>
      ),
    },
    { key: 'last_beacon_at', header: 'Last beacon', render: (s) => (s.last_beacon_at ? formatDate(s.last_beacon_at, { timezone }) : 'Never') },
  ];
  return (
    <>
      <Group justify="space-between" mb="xs">
        <Title order={2} fz="md">
          {KIND_LABEL[kind]}s
        </Title>
        {writer && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing(null)}>
            Add {noun}
          </Button>
        )}
      </Group>
      <DataTable
        label={`${KIND_LABEL[kind]}s`}
        columns={columns}
        rows={sites}
        loading={loading}
        options={{ sort: true, search: true }}
        onView={(s) => setViewingId(s.id)}
        onEdit={writer ? setEditing : undefined}
        onDelete={
          writer
            ? (s) =>
                remove.mutate(s.id, {
                  onSuccess: () => toast.deleted(KIND_LABEL[kind]),
                  onError: (e) => toast.error(formErrorMessage(e)),
                })
            : undefined
        }
        emptyState={<EmptyState title={`No ${noun} monitored yet`} description="Add one, then put its snippet in its pages." />}
      />
      <FormModal opened={editing !== undefined} onClose={() => setEditing(undefined)} label={editing ? `Edit ${editing.name}` : `Add ${noun}`} size="lg">
        {editing !== undefined && (
          <SiteForm
            kind={kind}
            site={editing}
            onCancel={() => setEditing(undefined)}
            onSave={async (input) => {
              const saved = await save.mutateAsync({ id: editing?.id, input });
              toast.success(KIND_LABEL[kind], editing ? 'edited' : 'added');
              setEditing(undefined);
              // A new site's next step is its snippet.
              if (!editing) {
                onCreated(saved);
                setViewingId(saved.id);
              }
            }}
          />
        )}
      </FormModal>
      <NamedModal name={viewing ? `Set up ${viewing.name}` : 'Set up'} opened={viewing !== null} onClose={() => setViewingId(null)} size="xl" centered>
        {viewing && (
          <>
            <ModalHeader title={`Set up ${viewing.name}`} subtitle={viewing.origins.join(', ')} onClose={() => setViewingId(null)} />
            <SnippetPanel siteId={viewing.id} app={kind === 'app'} />
            <Divider my="md" />
            <SourceMapsPanel siteId={viewing.id} writer={writer} timezone={timezone} />
            <Text size="xs" c="dimmed" mt="sm">
              Public key {viewing.public_key}
            </Text>
          </>
        )}
      </NamedModal>
    </>
  );
}
