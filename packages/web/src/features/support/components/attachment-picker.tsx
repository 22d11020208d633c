import { useState } from 'react';
import { Button, CloseButton, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { TICKET_ATTACHMENT_ACCEPT, TICKET_ATTACHMENTS_PER_MESSAGE, attachmentMessages, attachmentProblem, type TicketAttachment } from '@netloom/domain';
import { isApiError } from '@/lib/http/api-error';

/**
 * Files for a ticket or reply: each is checked here (type, size) and uploaded at once, so the
 * message only names their ids; what the server refuses shows its reason next to the button.
 */
export function AttachmentPicker({
  files,
  onChange,
  upload,
}: {
  files: TicketAttachment[];
  onChange: (files: TicketAttachment[]) => void;
  upload: (file: File) => Promise<TicketAttachment>;
}) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const add = async (picked: File[]) => {
    setError(null);
    if (files.length + picked.length > TICKET_ATTACHMENTS_PER_MESSAGE) return setError(attachmentMessages.tooMany);
    const refused = picked.map((f) => attachmentProblem(f.name, f.size) && `${f.name}: ${attachmentProblem(f.name, f.size)}`).find(Boolean);
    if (refused) return setError(refused);
    setBusy(true);
    try {
      const done: TicketAttachment[] = [];
      for (const f of picked) done.push(await upload(f));
      onChange([...files, ...done]);
    } catch (e) {
      setError(isApiError(e) ? (e.errors?.file?.[0] ?? e.detail) : 'The file could not be uploaded');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap={4}>
      <Group gap="xs">
        <FileButton multiple accept={TICKET_ATTACHMENT_ACCEPT} onChange={(picked) => void add(picked)}>
          {(props) => (
            <Button
              {...props}
              variant="default"
              size="xs"
              leftSection={<IconPaperclip size={14} />}
              loading={busy}
              disabled={files.length >= TICKET_ATTACHMENTS_PER_MESSAGE}
            >
              Attach files
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed">
          Up to {TICKET_ATTACHMENTS_PER_MESSAGE} files of 5 MB: images, PDF, text, logs, pcap
        </Text>
      </Group>
      {files.map((f) => (
        <Group key={f.id} gap={4}>
          <Text size="sm">{f.filename}</Text>
          <CloseButton size="sm" aria-label={`Remove ${f.filename}`} onClick={() => onChange(files.filter((x) => x.id !== f.id))} />
        </Group>
      ))}
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
