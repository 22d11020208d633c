import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { DATE_FORMATS, formatDate, type TicketAttachment, type TicketThread } from '@netloom/domain';

function Files({ files, onOpen }: { files: TicketAttachment[]; onOpen: (f: TicketAttachment) => void }) {
  if (files.length === 0) return null;
  return (
    <Group gap="sm">
      {files.map((f) => (
        <Anchor key={f.id} size="sm" component="button" type="button" onClick={() => onOpen(f)}>
          {f.filename} ({Math.ceil(f.size / 1024)} KB)
        </Anchor>
      ))}
    </Group>
  );
}

/**
 * The description and every message after it, oldest first, each with its author and time;
 * internal notes (the desk's only) stand out so they are never mistaken for a reply.
 */
export function TicketThreadView({
  ticket,
  timezone,
  onOpenFile,
}: {
  ticket: TicketThread;
  timezone: string | null;
  onOpenFile: (f: TicketAttachment) => void;
}) {
  const when = (iso: string) => formatDate(iso, { timezone, format: DATE_FORMATS.lastSeen });
  return (
    <Stack gap="sm" aria-label="Conversation">
      <Paper withBorder p="sm">
        <Text size="xs" c="dimmed">
          {ticket.requester.name} · {when(ticket.created_at)}
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {ticket.description}
        </Text>
        <Files files={ticket.attachments} onOpen={onOpenFile} />
      </Paper>
      {ticket.messages.map((m) => (
        <Paper
          key={m.id}
          withBorder
          p="sm"
          data-testid="ticket-message"
          bg={m.internal ? 'var(--mantine-color-yellow-light)' : m.author.side === 'provider' ? 'var(--mantine-color-blue-light)' : undefined}
        >
          <Group gap="xs">
            <Text size="xs" c="dimmed">
              {m.author.name} {m.author.side === 'provider' ? '(Support)' : ''} · {when(m.created_at)}
            </Text>
            {m.internal && (
              <Badge size="xs" color="yellow">
                Internal note
              </Badge>
            )}
          </Group>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {m.body}
          </Text>
          <Files files={m.attachments} onOpen={onOpenFile} />
        </Paper>
      ))}
    </Stack>
  );
}
