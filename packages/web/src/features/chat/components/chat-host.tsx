import { useCallback, useRef, useState } from 'react';
import { chatChannelsFor, type ChatChannel, type ChatMessage, type User } from '@netloom/domain';
import { useTenantScope } from '@/lib/tenant-scope';
import { useChat } from '../api/chat';
import { useChatBoxOpen } from '../chat-box-state';
import { useChatFeed } from '../hooks/use-chat-feed';
import { ChatBox } from './chat-box';

/**
 * The tenant's chat for as long as the console is open: live (unread counts in the side menu,
 * desktop notifications while the tab is hidden) and the box when Live Chat opens it.
 */
export function ChatHost({ user }: { user: User }) {
  const tid = useTenantScope();
  const mayChat = tid !== null && chatChannelsFor(user).length > 0;
  return mayChat ? <TenantChat tid={tid} user={user} /> : null;
}

function TenantChat({ tid, user }: { tid: string; user: User }) {
  const open = useChatBoxOpen();
  const chat = useChat(tid);
  const [picked, setPicked] = useState<ChatChannel | null>(null);
  const channel = picked ?? chat.data?.channels[0]?.channel ?? null;
  // The feed asks at each message which channel is in front of the reader.
  const viewing = useRef<ChatChannel | null>(null);
  viewing.current = open ? channel : null;
  const support = user.isSuperAdmin;
  useChatFeed(tid, { me: { email: user.email, support }, viewing: () => viewing.current });
  const isMine = useCallback((m: ChatMessage) => (support ? m.from === 'Support' : m.email === user.email), [support, user.email]);
  if (!open) return null;
  return (
    <ChatBox
      tid={tid}
      doc={chat.data}
      failed={chat.isError}
      onRetry={() => void chat.refetch()}
      channel={channel}
      onChannel={setPicked}
      isMine={isMine}
      timezone={user.timezone}
    />
  );
}
