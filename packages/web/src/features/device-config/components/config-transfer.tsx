import { useState } from 'react';
import { Button, FileInput, Group, List, Menu, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconDownload, IconUpload } from '@tabler/icons-react';
import { ModalHeader } from '@/components/dialogs/modal-header';
import { toast } from '@/components/feedback/toast';
import { isApiError } from '@/lib/http/api-error';
import { useExportConfig, useImportConfig } from '@/features/device-config/api/device-config';

/** Export: the whole desired document the gateway runs, or only its own sections (not what its templates bring). */
export function ExportMenu({ deviceId }: { deviceId: string }) {
  const exporter = useExportConfig(deviceId);
  const run = (part: 'document' | 'own') => void exporter.mutateAsync(part).catch(() => toast.error());
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" leftSection={<IconDownload size={16} />} loading={exporter.isPending}>
          Export
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => run('document')}>Whole configuration</Menu.Item>
        <Menu.Item onClick={() => run('own')}>Own sections only</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** An export file's document, or a bare document: what the file holds to import. */
function documentOf(parsed: unknown): Record<string, unknown> | null {
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (!isObject(parsed)) return null;
  return isObject(parsed.document) ? parsed.document : parsed;
}

export interface ImportDialogProps {
  deviceId: string;
  opened: boolean;
  onClose: () => void;
  /** The revision number before the import: an unchanged one means the file held what the gateway already has. */
  currentRevision: number | null;
}

/**
 * Import: a JSON file (an export, or a bare document) checked by the server with the families'
 * schemas; its families become the gateway's own sections as one revision, pushed like any edit.
 * A refused file lists each bad field by its place in the document, and nothing is stored.
 */
export function ImportDialog({ deviceId, opened, onClose, currentRevision }: ImportDialogProps) {
  const importer = useImportConfig(deviceId);
  const [file, setFile] = useState<File | null>(null);
  const [message, setMessage] = useState('');
  const [problems, setProblems] = useState<string[]>([]);
  const close = () => {
    setFile(null);
    setMessage('');
    setProblems([]);
    onClose();
  };
  const submit = async () => {
    if (!file) return setProblems(['Choose a configuration file.']);
    let parsed: unknown;
    try {
      parsed = JSON.parse(await file.text());
    } catch {
      return setProblems(['This file is not JSON.']);
    }
    const document = documentOf(parsed);
    if (!document) return setProblems(['This file holds no configuration document.']);
    try {
      const state = await importer.mutateAsync({ document, message: message.trim() || `Imported from ${file.name}` });
      const number = state.revision?.number ?? null;
      toast.info(
        number !== null && number !== currentRevision
          ? `Configuration imported as revision ${number}`
          : 'The imported configuration is already the current one',
      );
      close();
    } catch (e) {
      if (isApiError(e) && e.errors)
        setProblems(Object.entries(e.errors).map(([field, messages]) => `${field.replace(/^document\./, '')}: ${messages.join(' ')}`));
      else if (isApiError(e)) setProblems([e.detail]);
      else toast.error();
    }
  };
  return (
    <Modal opened={opened} onClose={close} withCloseButton={false} size="lg" centered>
      <ModalHeader title="Import configuration" onClose={close} loading={importer.isPending} />
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          The families in the file become this gateway&apos;s own sections; the others keep following its templates. It is saved as a new revision and pushed.
        </Text>
        <FileInput
          label="Configuration file"
          placeholder="Choose a JSON file"
          accept="application/json,.json"
          leftSection={<IconUpload size={16} />}
          value={file}
          onChange={(f) => {
            setFile(f);
            setProblems([]);
          }}
          clearable
        />
        <TextInput label="Message" placeholder="Why this configuration" value={message} onChange={(e) => setMessage(e.currentTarget.value)} maxLength={200} />
        {problems.length > 0 && (
          <Stack gap={4} role="alert" aria-label="Import problems">
            <Text size="sm" c="red" fw={600}>
              The file was not imported:
            </Text>
            <List size="sm" c="red">
              {problems.map((p) => (
                <List.Item key={p}>{p}</List.Item>
              ))}
            </List>
          </Stack>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={importer.isPending}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} loading={importer.isPending}>
            Import
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
