import type { ReactNode } from 'react';
import { Badge, NavLink } from '@mantine/core';
import { useTenantScope } from '@/lib/tenant-scope';
import { useChat } from '../api/chat';
import { chatBox, useChatBoxOpen } from '../chat-box-state';

/** Live Chat in the side menu: opens or closes the chat box, with the messages not read yet. */
export function LiveChatEntry({ className, label, icon, tour }: { className: string | undefined; label: string; icon: ReactNode; tour?: string | undefined }) {
  const tid = useTenantScope();
  const open = useChatBoxOpen();
  // The same query the chat host keeps live: no call of its own.
  const chat = useChat(tid);
  const unread = chat.data?.channels.reduce((n, c) => n + c.unread, 0) ?? 0;
  return (
    <NavLink
      className={className}
      component="button"
      onClick={chatBox.toggle}
      label={label}
      leftSection={icon}
      active={open}
      aria-expanded={open}
      data-tour={tour}
      rightSection={
        unread > 0 ? (
          <Badge size="sm" color="red" circle aria-label={`${unread} unread`}>
            {unread}
          </Badge>
        ) : null
      }
    />
  );
}
