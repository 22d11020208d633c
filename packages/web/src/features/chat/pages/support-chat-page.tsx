import { useEffect, useState } from 'react';
import { Badge, Button, Grid, Group, NavLink, NumberInput, Paper, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconMessages } from '@tabler/icons-react';
import { CHAT_LIMITS, SUPPORT_CHANNEL, formatDate, type ChatMessage } from '@netloom/domain';
import { EmptyState } from '@/components/empty-state';
import { ErrorPanel } from '@/components/error-panel';
import { toast } from '@/components/feedback/toast';
import { PageHeader } from '@/components/page-header';
import { formErrorMessage } from '@/lib/forms';
import { useCurrentUser } from '@/lib/session/session-store';
import { markChannelRead, refreshInbox, useChat, useChatInbox, useChatSettings, useSaveChatSettings } from '../api/chat';
import { useChatFeed } from '../hooks/use-chat-feed';
import { ChatThread } from '../components/chat-thread';

const isSupport = (m: ChatMessage) => m.from === 'Support';

/** One tenant's chat with the provider, live while it is open; what arrives is read at once. */
function Conversation({ tid, timezone }: { tid: string; timezone: string | null }) {
  const qc = useQueryClient();
  const chat = useChat(tid);
  useChatFeed(tid, { me: { email: '', support: true }, viewing: () => SUPPORT_CHANNEL });
  const state = chat.data?.channels.find((c) => c.channel === SUPPORT_CHANNEL);
  const unread = state?.unread ?? 0;
  // Opening a conversation reads it: its count in the list goes too.
  useEffect(() => {
    if (unread === 0) return;
    markChannelRead(qc, tid, SUPPORT_CHANNEL);
    void refreshInbox(qc);
  }, [qc, tid, unread]);
  if (chat.isError) return <ErrorPanel onRetry={() => void chat.refetch()} />;
  if (!state) return null;
  return (
    <Stack h={480} gap={6}>
      <Text fw={600}>{chat.data!.t_info.t_name}</Text>
      <ChatThread tid={tid} state={state} isMine={isSupport} timezone={timezone} />
    </Stack>
  );
}

/** How long chats are kept, for every tenant. */
function RetentionForm() {
  const settings = useChatSettings();
  const save = useSaveChatSettings();
  const [days, setDays] = useState<number | string>('');
  const value = days === '' ? (settings.data?.retention_days ?? '') : days;
  return (
    <Group align="flex-end" gap="xs">
      <NumberInput
        label="Keep chat messages for (days)"
        min={CHAT_LIMITS.minRetentionDays}
        max={CHAT_LIMITS.maxRetentionDays}
        value={value}
        onChange={setDays}
        w={220}
      />
      <Button
        variant="default"
        disabled={days === '' || days === settings.data?.retention_days}
        loading={save.isPending}
        onClick={() =>
          save.mutate(
            { retention_days: Number(days) },
            {
              onSuccess: () => {
                toast.edited('Chat retention');
                setDays('');
              },
              onError: (e) => toast.error(formErrorMessage(e)),
            },
          )
        }
      >
        Save
      </Button>
    </Group>
  );
}

/** Super Admin → Support Chat: every tenant's chat with the provider, the latest first, answered as Support. */
export function SupportChatPage() {
  const user = useCurrentUser();
  const inbox = useChatInbox();
  const [tid, setTid] = useState<string | null>(null);
  const timezone = user?.timezone ?? null;
  return (
    <>
      <PageHeader
        title="Support Chat"
        subtitle="Organisations' owners and admins talking to support; your answers show as Support"
        actions={<RetentionForm />}
      />
      <Grid>
        <Grid.Col span={4}>
          <Paper withBorder p="xs">
            {inbox.isError ? (
              <ErrorPanel onRetry={() => void inbox.refetch()} />
            ) : inbox.data?.length === 0 ? (
              <EmptyState
                icon={<IconMessages size={32} stroke={1.5} />}
                title="No conversations"
                description="Messages organisations send to support show here."
              />
            ) : (
              <nav aria-label="Conversations">
                {(inbox.data ?? []).map((e) => (
                  <NavLink
                    key={e.tenant_id}
                    component="button"
                    active={e.tenant_id === tid}
                    onClick={() => setTid(e.tenant_id)}
                    label={e.tenant_name}
                    description={`${e.last_message.from === 'Support' ? 'Support' : e.last_message.user}: ${e.last_message.body.slice(0, 60)} · ${formatDate(e.last_message.timestamp, { timezone, format: 'DD MMM HH:mm' })}`}
                    rightSection={
                      e.unread > 0 ? (
                        <Badge color="red" size="sm" circle aria-label={`${e.unread} unread`}>
                          {e.unread}
                        </Badge>
                      ) : null
                    }
                  />
                ))}
              </nav>
            )}
          </Paper>
        </Grid.Col>
        <Grid.Col span={8}>
          <Paper withBorder p="sm">
            {tid ? <Conversation key={tid} tid={tid} timezone={timezone} /> : <Text c="dimmed">Choose a conversation.</Text>}
          </Paper>
        </Grid.Col>
      </Grid>
    </>
  );
}
