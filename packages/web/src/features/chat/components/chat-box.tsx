import { useEffect, useState } from 'react';
import { Badge, CloseButton, Group, Loader, Paper, SegmentedControl, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { CHAT_TEXTS, type ChatChannel, type ChatDocument, type ChatMessage } from '@netloom/domain';
import { ErrorPanel } from '@/components/error-panel';
import { markChannelRead } from '../api/chat';
import { chatBox } from '../chat-box-state';
import { ChatThread } from './chat-thread';

export interface ChatBoxProps {
  tid: string | null;
  doc: ChatDocument | undefined;
  failed: boolean;
  onRetry: () => void;
  channel: ChatChannel | null;
  onChannel: (c: ChatChannel) => void;
  isMine: (m: ChatMessage) => boolean;
  timezone: string | null;
}

/** Whether the browser may show desktop notifications; 'unsupported' where it has none. */
function notificationPermission(): NotificationPermission | 'unsupported' {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

/**
 * The live chat box of spec 000 §2.20: 18.75rem by 28.125rem at the bottom right, the channel
 * switch for owners and admins, the open channel read as it is shown.
 */
export function ChatBox({ tid, doc, failed, onRetry, channel, onChannel, isMine, timezone }: ChatBoxProps) {
  const qc = useQueryClient();
  const [permission, setPermission] = useState(notificationPermission);
  // Asked once, when the box first opens (a click has just happened, as browsers want).
  useEffect(() => {
    if (permission === 'default') void Notification.requestPermission().then(setPermission, () => undefined);
  }, [permission]);
  const channels = doc?.channels ?? [];
  const state = channels.find((c) => c.channel === channel) ?? channels[0];
  const unread = state?.unread ?? 0;
  useEffect(() => {
    if (state && unread > 0) markChannelRead(qc, tid, state.channel);
  }, [qc, tid, state, unread]);

  return (
    <Paper
      role="dialog"
      aria-label="Live Chat"
      withBorder
      shadow="lg"
      p="xs"
      pos="fixed"
      bottom={16}
      right={16}
      w="18.75rem"
      h="28.125rem"
      style={{ zIndex: 300, display: 'flex', flexDirection: 'column', gap: 6 }}
    >
      <Group justify="space-between" wrap="nowrap">
        <Text fw={600} size="sm">
          Live Chat{doc ? ` · ${doc.t_info.t_name}` : ''}
        </Text>
        <CloseButton aria-label="Close chat" size="sm" onClick={chatBox.close} />
      </Group>
      {channels.length > 1 && (
        <SegmentedControl
          size="xs"
          fullWidth
          value={state?.channel}
          onChange={(v) => onChannel(v as ChatChannel)}
          data={channels.map((c) => ({
            value: c.channel,
            label: (
              <Group gap={4} justify="center" wrap="nowrap">
                <span>{c.label}</span>
                {c.unread > 0 && (
                  <Badge size="xs" circle color="red">
                    {c.unread}
                  </Badge>
                )}
              </Group>
            ),
          }))}
        />
      )}
      {permission === 'denied' && (
        <Text size="xs" c="orange.9">
          {CHAT_TEXTS.notificationsDisabled}
        </Text>
      )}
      {failed ? (
        <ErrorPanel onRetry={onRetry} />
      ) : !state ? (
        <Group justify="center" style={{ flex: 1 }}>
          <Loader size="sm" />
        </Group>
      ) : (
        <ChatThread tid={tid} state={state} isMine={isMine} timezone={timezone} />
      )}
    </Paper>
  );
}
