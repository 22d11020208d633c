import { useEffect, useRef, useState } from 'react';
import { Badge, Button, Grid, Group, NavLink, NumberInput, Paper, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconMessages } from '@tabler/icons-react';
import { CHAT_LABEL_SUPPORT, CHAT_LIMITS, LIVE_DESK_PATH, SUPPORT_CHANNEL, formatDate, type ChatLiveEvent, type ChatMessage } from '@netloom/domain';
import { EmptyState } from '@/components/empty-state';
import { ErrorPanel } from '@/components/error-panel';
import { toast } from '@/components/feedback/toast';
import { PageHeader } from '@/components/page-header';
import { formErrorMessage } from '@/lib/forms';
import { usePathSocket } from '@/lib/live/use-feed-socket';
import { useCurrentUser } from '@/lib/session/session-store';
import {
  addToSupportThread,
  loadOlderSupport,
  markSupportRead,
  refreshInbox,
  useChatInbox,
  useChatSettings,
  useSaveChatSettings,
  useSupportReply,
  useSupportThread,
} from '../api/chat';
import { ChatThread } from '../components/chat-thread';

const isSupport = (m: ChatMessage) => m.from === 'Support';
const isChatEvent = (json: unknown): json is ChatLiveEvent =>
  typeof json === 'object' && json !== null && (json as { kind?: unknown }).kind === 'chat' && typeof (json as { message?: unknown }).message === 'object';

/** One tenant's chat with the provider; opening it (and each message arriving while open) reads it. */
function Conversation({ tenantId, tenantName, timezone }: { tenantId: string; tenantName: string; timezone: string | null }) {
  const qc = useQueryClient();
  const thread = useSupportThread(tenantId);
  const reply = useSupportReply(tenantId);
  const newest = thread.data?.messages.at(-1)?.id;
  useEffect(() => {
    if (newest) void markSupportRead(qc, tenantId);
  }, [qc, tenantId, newest]);
  if (thread.isError) return <ErrorPanel onRetry={() => void thread.refetch()} />;
  if (!thread.data) return null;
  return (
    <Stack h={480} gap={6}>
      <Text fw={600}>{tenantName}</Text>
      <ChatThread
        state={{ channel: SUPPORT_CHANNEL, label: CHAT_LABEL_SUPPORT, messages: thread.data.messages, has_more: thread.data.has_more, unread: 0 }}
        send={(body) => reply.mutateAsync(body)}
        older={(before) => loadOlderSupport(qc, tenantId, before)}
        isMine={isSupport}
        timezone={timezone}
      />
    </Stack>
  );
}

/** How long chats are kept, for every tenant (super admins). */
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

/**
 * Support Chat (super admins and support engineers): every tenant's chat with the provider, the
 * latest first, live over the desk's socket, answered as Support.
 */
export function SupportChatPage() {
  const user = useCurrentUser();
  const qc = useQueryClient();
  const inbox = useChatInbox();
  const [open, setOpen] = useState<{ id: string; name: string } | null>(null);
  const openId = useRef<string | null>(null);
  openId.current = open?.id ?? null;
  usePathSocket(LIVE_DESK_PATH, {
    onOpen: () => void refreshInbox(qc),
    onMessage: (json) => {
      if (!isChatEvent(json)) return;
      addToSupportThread(qc, json.tenant_id, json.message);
      void refreshInbox(qc);
    },
  });
  const timezone = user?.timezone ?? null;
  return (
    <>
      <PageHeader
        title="Support Chat"
        subtitle="Organisations' owners and admins talking to support; your answers show as Support"
        actions={user?.isSuperAdmin ? <RetentionForm /> : undefined}
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
                    active={e.tenant_id === open?.id}
                    onClick={() => setOpen({ id: e.tenant_id, name: e.tenant_name })}
                    label={e.tenant_name}
                    description={`${e.last_message.user}: ${e.last_message.body.slice(0, 60)} · ${formatDate(e.last_message.timestamp, { timezone, format: 'DD MMM HH:mm' })}`}
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
            {open ? (
              <Conversation key={open.id} tenantId={open.id} tenantName={open.name} timezone={timezone} />
            ) : (
              <Text c="dimmed">Choose a conversation.</Text>
            )}
          </Paper>
        </Grid.Col>
      </Grid>
    </>
  );
}
