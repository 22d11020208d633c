import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ActionIcon, Alert, Box, Button, CloseButton, Group, List, Loader, Paper, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowDown } from '@tabler/icons-react';
import type { AssistantAgentType, AssistantReply } from '@netloom/domain';
import { formErrorMessage } from '@/lib/forms';
import { useAskAssistant, useCreateFromDraft } from '../api/assistant';

/** The spec's words (000 §2.21). */
const TEXTS = {
  greeting: 'Hi! I can create an endpoint profile or a web-filter policy from what you describe. What would you like to do?',
  describe: 'Please describe your request',
  again: 'Do you want to continue?',
} as const;
const OPTIONS: { type: AssistantAgentType; label: string }[] = [
  { type: 'mza_profile', label: 'Create MZA Profile' },
  { type: 'webfilter', label: 'Create WebFilter' },
];
/** The scroll-down button shows once the reader is this far above the newest message. */
const SCROLL_BUTTON_PX = 100;

type Message =
  | { from: 'bot'; text: string }
  | { from: 'user'; text: string }
  | { from: 'draft'; reply: AssistantReply; agentType: AssistantAgentType; state: 'open' | 'made' | 'dropped' }
  | { from: 'error'; text: string };

/**
 * The assistant's conversation: pick what to create, describe it, see exactly what it would make
 * (or answer its question), confirm; it is made through the same API as the forms.
 */
export function AssistantPanel({ tid, onClose }: { tid: string | null; onClose: () => void }) {
  const [messages, setMessages] = useState<Message[]>([{ from: 'bot', text: TEXTS.greeting }]);
  const [agentType, setAgentType] = useState<AssistantAgentType | null>(null);
  const [text, setText] = useState('');
  const [away, setAway] = useState(false);
  const ask = useAskAssistant(tid);
  const create = useCreateFromDraft(tid);
  const viewport = useRef<HTMLDivElement>(null);
  const toBottom = () => {
    const el = viewport.current;
    if (el) el.scrollTop = el.scrollHeight;
  };
  useEffect(toBottom, [messages.length, ask.isPending]);

  const add = (m: Message) => setMessages((all) => [...all, m]);
  const choose = (type: AssistantAgentType, label: string) => {
    setAgentType(type);
    add({ from: 'user', text: label });
    add({ from: 'bot', text: TEXTS.describe });
  };
  const send = (e: FormEvent) => {
    e.preventDefault();
    const prompt = text.trim();
    if (!prompt || !agentType || ask.isPending) return;
    setText('');
    add({ from: 'user', text: prompt });
    ask.mutate(
      { prompt, agentType },
      {
        onSuccess: (reply) => add(reply.final_payload ? { from: 'draft', reply, agentType, state: 'open' } : { from: 'bot', text: reply.text }),
        onError: (err) => add({ from: 'error', text: formErrorMessage(err) }),
      },
    );
  };
  const settle = (index: number, state: 'made' | 'dropped') =>
    setMessages((all) => all.map((m, i) => (i === index && m.from === 'draft' ? { ...m, state } : m)));
  const confirmDraft = (index: number, draft: Extract<Message, { from: 'draft' }>) =>
    create.mutate(
      { agentType: draft.agentType, payload: draft.reply.final_payload!, draftId: draft.reply.draft_id },
      {
        onSuccess: () => {
          settle(index, 'made');
          add({ from: 'bot', text: `${draft.agentType === 'webfilter' ? 'The web-filter policy' : 'The endpoint profile'} was created successfully.` });
          add({ from: 'bot', text: TEXTS.again });
          setAgentType(null);
        },
        onError: (err) => add({ from: 'error', text: `Error: ${formErrorMessage(err)}` }),
      },
    );

  // The options show at the start and again after each thing made; the input waits for a choice.
  const choosing = agentType === null;
  return (
    <Paper
      role="dialog"
      aria-label="Assistant"
      withBorder
      shadow="lg"
      p="xs"
      pos="fixed"
      bottom={80}
      right={16}
      w="22rem"
      h="32rem"
      style={{ zIndex: 150, display: 'flex', flexDirection: 'column', gap: 6 }}
    >
      <Group justify="space-between">
        <Text fw={600} size="sm">
          Assistant
        </Text>
        <CloseButton aria-label="Close assistant" size="sm" onClick={onClose} />
      </Group>
      <Box pos="relative" style={{ flex: 1, minHeight: 0 }}>
        <ScrollArea
          h="100%"
          viewportRef={viewport}
          role="log"
          aria-label="Assistant conversation"
          onScrollPositionChange={() => {
            const el = viewport.current;
            if (el) setAway(el.scrollHeight - el.scrollTop - el.clientHeight > SCROLL_BUTTON_PX);
          }}
        >
          <Stack gap={8} p={4}>
            {messages.map((m, i) =>
              m.from === 'draft' ? (
                <Draft key={i} draft={m} busy={create.isPending} onConfirm={() => confirmDraft(i, m)} onDrop={() => settle(i, 'dropped')} />
              ) : (
                <Text
                  key={i}
                  size="sm"
                  px={8}
                  py={4}
                  bdrs="md"
                  c={m.from === 'error' ? 'red.8' : undefined}
                  bg={m.from === 'user' ? 'var(--mantine-color-blue-light)' : 'var(--mantine-color-default-hover)'}
                  style={{ alignSelf: m.from === 'user' ? 'flex-end' : 'flex-start', whiteSpace: 'pre-wrap', maxWidth: '85%' }}
                >
                  {m.text}
                </Text>
              ),
            )}
            {ask.isPending && (
              <Group gap={6} aria-label="The assistant is typing">
                <Loader type="dots" size="sm" />
              </Group>
            )}
            {choosing && (
              <Group gap="xs">
                {OPTIONS.map((o) => (
                  <Button key={o.type} size="xs" variant="light" onClick={() => choose(o.type, o.label)}>
                    {o.label}
                  </Button>
                ))}
              </Group>
            )}
          </Stack>
        </ScrollArea>
        {away && (
          <ActionIcon aria-label="Scroll to the newest message" variant="filled" radius="xl" pos="absolute" bottom={8} right={8} onClick={toBottom}>
            <IconArrowDown size={16} />
          </ActionIcon>
        )}
      </Box>
      <form onSubmit={send}>
        <Group gap={6} wrap="nowrap">
          <TextInput
            aria-label="Describe your request"
            placeholder={choosing ? 'Choose what to create first' : TEXTS.describe}
            value={text}
            disabled={choosing}
            onChange={(e) => setText(e.currentTarget.value)}
            style={{ flex: 1 }}
            size="xs"
          />
          <Button type="submit" size="xs" disabled={choosing || !text.trim()} loading={ask.isPending}>
            Send
          </Button>
        </Group>
      </form>
    </Paper>
  );
}

/** What the assistant would make, line by line, with Create and Discard until it is settled. */
function Draft({ draft, busy, onConfirm, onDrop }: { draft: Extract<Message, { from: 'draft' }>; busy: boolean; onConfirm: () => void; onDrop: () => void }) {
  return (
    <Alert variant="light" color={draft.state === 'dropped' ? 'gray' : 'blue'} title={draft.reply.text} data-testid="assistant-draft">
      {draft.reply.engine === 'model' && (
        <Text size="xs" c="dimmed" mb={4}>
          Drafted by the language model and checked like a form: read it before you create it.
        </Text>
      )}
      <List size="sm" spacing={2}>
        {draft.reply.summary.map((line) => (
          <List.Item key={line}>{line}</List.Item>
        ))}
      </List>
      {draft.reply.validation_errors.length > 0 && (
        <Text size="sm" c="red.8" mt={4}>
          {draft.reply.validation_errors.join('; ')}
        </Text>
      )}
      {draft.state === 'open' && (
        <Group gap="xs" mt="xs">
          <Button size="xs" onClick={onConfirm} loading={busy} disabled={draft.reply.validation_errors.length > 0}>
            Create
          </Button>
          <Button size="xs" variant="default" onClick={onDrop}>
            Discard
          </Button>
        </Group>
      )}
      {draft.state === 'made' && (
        <Text size="xs" c="dimmed" mt={4}>
          Created.
        </Text>
      )}
      {draft.state === 'dropped' && (
        <Text size="xs" c="dimmed" mt={4}>
          Discarded.
        </Text>
      )}
    </Alert>
  );
}
