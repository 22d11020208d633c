import { useState } from 'react';
import { Button, FileInput, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { formatDate, rumSourceMapInputSchema, type RumSourceMap } from '@netloom/domain';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { ErrorPanel } from '@/components/error-panel';
import { FieldAlert } from '@/components/field-alert';
import { toast } from '@/components/feedback/toast';
import { fieldError, formErrorMessage } from '@/lib/forms';
import { useFormSubmit } from '@/lib/use-form-submit';
import { useDeleteRumSourceMap, useRumSourceMaps, useUploadRumSourceMap } from '@/features/rum/api/rum-source-maps';

const EMPTY = { release: '', file_url: '', map: '' };

/** A release's source map for one minified file: errors whose stack names that file and release are resolved through it. */
function UploadForm({ siteId }: { siteId: string }) {
  const upload = useUploadRumSourceMap(siteId);
  const [v, setV] = useState(EMPTY);
  const [file, setFile] = useState<File | null>(null);
  const { errors, formError, busy, submit } = useFormSubmit(rumSourceMapInputSchema, async (input) => {
    await upload.mutateAsync(input);
    toast.success('Source map');
    setV(EMPTY);
    setFile(null);
  });
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void submit(v);
      }}
      noValidate
    >
      <Stack gap="xs">
        <Group grow align="flex-start">
          <TextInput
            label="Release"
            required
            value={v.release}
            onChange={(e) => setV({ ...v, release: e.currentTarget.value })}
            error={fieldError(errors, 'release')}
          />
          <TextInput
            label="Minified file URL"
            description="As it appears in stacks"
            placeholder="https://shop.example.com/assets/app.min.js"
            required
            value={v.file_url}
            onChange={(e) => setV({ ...v, file_url: e.currentTarget.value })}
            error={fieldError(errors, 'file_url')}
          />
        </Group>
        <FileInput
          label="Source map (.map)"
          required
          accept=".map,.json,application/json"
          value={file}
          clearable
          onChange={(f) => {
            setFile(f);
            if (f) void f.text().then((map) => setV((p) => ({ ...p, map })));
            else setV((p) => ({ ...p, map: '' }));
          }}
          error={fieldError(errors, 'map')}
        />
        <FieldAlert message={formError ?? errors.form} />
        <Button type="submit" leftSection={<IconUpload size={16} />} loading={busy} w="fit-content">
          Upload source map
        </Button>
      </Stack>
    </form>
  );
}

/** The source maps of a site, per release, with the upload form for editors. */
export function SourceMapsPanel({ siteId, writer, timezone }: { siteId: string; writer: boolean; timezone: string | null }) {
  const maps = useRumSourceMaps(siteId);
  const remove = useDeleteRumSourceMap(siteId);
  const columns: DataTableColumn<RumSourceMap>[] = [
    { key: 'release', header: 'Release' },
    { key: 'file_url', header: 'File', width: '20rem' },
    { key: 'size', header: 'Size', type: 'bytes' },
    { key: 'created_at', header: 'Uploaded', render: (m) => formatDate(m.created_at, { timezone }) },
  ];
  return (
    <Stack gap="sm">
      <Title order={3} fz="sm">
        Source maps
      </Title>
      {maps.isError ? (
        <ErrorPanel onRetry={() => void maps.refetch()} />
      ) : (
        <DataTable
          label="Source maps"
          columns={columns}
          rows={maps.data ?? []}
          loading={maps.isLoading}
          options={{ sort: true }}
          onDelete={
            writer
              ? (m) =>
                  remove.mutate(m.id, {
                    onSuccess: () => toast.deleted('Source map'),
                    onError: (e) => toast.error(formErrorMessage(e)),
                  })
              : undefined
          }
          emptyState={
            <Text size="sm" c="dimmed">
              No source map yet: stacks show the minified code.
            </Text>
          }
        />
      )}
      {writer && <UploadForm siteId={siteId} />}
    </Stack>
  );
}
