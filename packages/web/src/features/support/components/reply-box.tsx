import { useState, type ReactNode } from 'react';
import { Button, Group, Stack, Textarea } from '@mantine/core';
import type { TicketAttachment } from '@netloom/domain';
import { isApiError } from '@/lib/http/api-error';
import { AttachmentPicker } from './attachment-picker';

/** A message with its files; `extra` holds the desk's own choices (internal note, status after). */
export function ReplyBox({
  label = 'Reply',
  submitLabel = 'Send reply',
  upload,
  onSend,
  extra,
  pending,
}: {
  label?: string;
  submitLabel?: string;
  upload: (file: File) => Promise<TicketAttachment>;
  onSend: (body: string, attachmentIds: string[]) => Promise<unknown>;
  extra?: ReactNode;
  pending: boolean;
}) {
  const [body, setBody] = useState('');
  const [files, setFiles] = useState<TicketAttachment[]>([]);
  const [error, setError] = useState<string | null>(null);
  const send = () => {
    setError(null);
    onSend(
      body,
      files.map((f) => f.id),
    ).then(
      () => {
        setBody('');
        setFiles([]);
      },
      (e: unknown) => setError(isApiError(e) ? (e.errors ? (Object.values(e.errors)[0]?.[0] ?? e.detail) : e.detail) : 'The message could not be sent'),
    );
  };
  return (
    <Stack gap="xs">
      <Textarea label={label} autosize minRows={3} maxRows={12} value={body} onChange={(e) => setBody(e.currentTarget.value)} error={error} />
      <AttachmentPicker files={files} onChange={setFiles} upload={upload} />
      <Group justify="space-between">
        <Group gap="sm">{extra}</Group>
        <Button onClick={send} loading={pending} disabled={body.trim() === ''}>
          {submitLabel}
        </Button>
      </Group>
    </Stack>
  );
}
