import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Badge, Box, Button, Group, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import Linkify from 'linkify-react';
import { CHAT_LIMITS, CHAT_TEXTS, formatDate, type ChatChannelState, type ChatMessage } from '@netloom/domain';
import { toast } from '@/components/feedback/toast';
import { formErrorMessage } from '@/lib/forms';
import { loadOlder, useSendChatMessage } from '../api/chat';

/** Links open in a new tab and tell the linked site nothing; everything else stays text (never HTML). */
const LINKS = { target: '_blank', rel: 'noopener noreferrer nofollow' };

export interface ChatThreadProps {
  tid: string | null;
  state: ChatChannelState;
  /** Whether a message is the reader's own (drawn on the right). */
  isMine: (m: ChatMessage) => boolean;
  timezone: string | null;
}

/** One channel's messages, oldest first, scrolled to the newest, with the box to write the next. */
export function ChatThread({ tid, state, isMine, timezone }: ChatThreadProps) {
  const qc = useQueryClient();
  const send = useSendChatMessage(tid);
  const [text, setText] = useState('');
  const [loadingOlder, setLoadingOlder] = useState(false);
  const viewport = useRef<HTMLDivElement>(null);
  const newest = state.messages.at(-1)?.id;
  // A new message (or another channel) scrolls to the end; older pages put before do not.
  useEffect(() => {
    const el = viewport.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [newest, state.channel]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = text.trim();
    // An empty or blank message is not sent (spec 000 §2.20).
    if (!body) return;
    send.mutate({ channel: state.channel, body }, { onSuccess: () => setText(''), onError: (err) => toast.error(formErrorMessage(err)) });
  };
  const older = async () => {
    const first = state.messages[0];
    if (!first) return;
    setLoadingOlder(true);
    try {
      await loadOlder(qc, tid, state.channel, first.timestamp);
    } catch (err) {
      toast.error(formErrorMessage(err));
    } finally {
      setLoadingOlder(false);
    }
  };

  return (
    <Stack gap={6} style={{ flex: 1, minHeight: 0 }}>
      <ScrollArea viewportRef={viewport} style={{ flex: 1 }} aria-label={`${state.label} messages`} role="log">
        {state.has_more && (
          <Group justify="center" py={4}>
            <Button size="compact-xs" variant="subtle" onClick={() => void older()} loading={loadingOlder}>
              Earlier messages
            </Button>
          </Group>
        )}
        {state.messages.length === 0 ? (
          <Text c="dimmed" size="sm" ta="center" mt="xl">
            {CHAT_TEXTS.empty}
          </Text>
        ) : (
          <Stack gap={8} p={4}>
            {state.messages.map((m) => (
              <MessageBubble key={m.id} message={m} mine={isMine(m)} timezone={timezone} />
            ))}
          </Stack>
        )}
      </ScrollArea>
      <form onSubmit={submit}>
        <Group gap={6} wrap="nowrap">
          <TextInput
            aria-label="Message"
            placeholder="Type a message"
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            maxLength={CHAT_LIMITS.messageLength}
            style={{ flex: 1 }}
            size="xs"
          />
          <Button type="submit" size="xs" disabled={!text.trim()} loading={send.isPending}>
            Send
          </Button>
        </Group>
      </form>
    </Stack>
  );
}

function MessageBubble({ message, mine, timezone }: { message: ChatMessage; mine: boolean; timezone: string | null }) {
  const support = message.from === 'Support';
  return (
    <Box
      data-testid="chat-message"
      maw="85%"
      style={{ alignSelf: mine ? 'flex-end' : 'flex-start' }}
      bg={mine ? 'var(--mantine-color-blue-light)' : 'var(--mantine-color-default-hover)'}
      px={8}
      py={4}
      bdrs="md"
    >
      <Group gap={4} wrap="nowrap">
        {support ? (
          <Badge size="xs" color="teal" variant="filled">
            Support
          </Badge>
        ) : (
          <Text size="xs" fw={600} truncate>
            {message.user}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {formatDate(message.timestamp, { timezone, format: 'DD MMM HH:mm' })}
        </Text>
      </Group>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        <Linkify options={LINKS}>{message.body}</Linkify>
      </Text>
    </Box>
  );
}
