import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import type { ChatChannel, ChatDocument, ChatMessage } from '@netloom/domain';
import { renderWithProviders } from '@/test/render';
import { signIn, withQueryClient } from '@/test/query-wrapper';
import { fakeApi } from '@/test/fake-api';
import { sessionStore } from '@/lib/session/session-store';
import { useChat } from './api/chat';
import { ChatBox } from './components/chat-box';

const TID = '22222222-2222-4222-8222-222222222222';
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const message = (over: Partial<ChatMessage>): ChatMessage => ({
  id: crypto.randomUUID(),
  channel: 'admin_netloom_chat',
  user: 'Olivia Owner',
  email: 'owner@acme.test',
  from: 'user',
  body: '',
  timestamp: '2026-11-30T08:00:00.000Z',
  ...over,
});
const documentWith = (product: ChatMessage[]): ChatDocument => ({
  t_info: { t_name: 'Acme', t_id: TID },
  channels: [
    { channel: 'user_admin_chat', label: 'Chat with Users', messages: [], has_more: false, unread: 0 },
    { channel: 'admin_netloom_chat', label: 'Chat with Netloom', messages: product, has_more: false, unread: 0 },
  ],
});

/** The box as the chat host draws it: the chat read from the API, the picked channel kept. */
function Box() {
  const chat = useChat(TID);
  const [channel, setChannel] = useState<ChatChannel | null>(null);
  return (
    <ChatBox
      tid={TID}
      doc={chat.data}
      failed={chat.isError}
      onRetry={() => undefined}
      channel={channel}
      onChannel={setChannel}
      isMine={(m) => m.email === 'owner@acme.test'}
      timezone="UTC"
    />
  );
}

describe('the live chat box', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it("starts on 'Chat with Users' with 'start a Conversation', sends nothing blank, and sends a typed message into the thread", async () => {
    signIn('owner', { tenantId: TID });
    const sent = message({ channel: 'user_admin_chat', body: 'Anyone seeing the Paris outage?' });
    const api = fakeApi({ 'GET support/chat/': () => json(documentWith([])), 'POST support/chat/user_admin_chat/messages/': () => json(sent, 201) });
    const { user } = renderWithProviders(withQueryClient(<Box />));
    const box = await screen.findByRole('dialog', { name: 'Live Chat' });
    expect(await within(box).findByText('start a Conversation')).toBeTruthy();
    expect(within(box).getByRole('radio', { name: 'Chat with Users' })).toHaveProperty('checked', true);

    const input = within(box).getByRole('textbox', { name: 'Message' });
    fireEvent.change(input, { target: { value: '   ' } });
    expect(within(box).getByRole('button', { name: 'Send' })).toHaveProperty('disabled', true);
    fireEvent.submit(input.closest('form')!);
    expect(api.writes()).toHaveLength(0);

    fireEvent.change(input, { target: { value: '  Anyone seeing the Paris outage?  ' } });
    await user.click(within(box).getByRole('button', { name: 'Send' }));
    await vi.waitFor(() => expect(api.writes()[0]!.body).toEqual({ body: 'Anyone seeing the Paris outage?' }));
    expect(await within(box).findByText('Anyone seeing the Paris outage?')).toBeTruthy();
    expect((input as HTMLInputElement).value).toBe('');
  });

  it("marks support's answers 'Support', shows links as links that open apart, and text never as HTML", async () => {
    signIn('owner', { tenantId: TID });
    fakeApi({
      'GET support/chat/': () =>
        json(
          documentWith([
            message({ body: 'Our VPN is down <img src=x onerror=alert(1)>' }),
            message({
              user: 'Support',
              email: null,
              from: 'Support',
              body: 'Fixed, see https://status.example.com/incident/7',
              timestamp: '2026-11-30T08:05:00.000Z',
            }),
          ]),
        ),
      'PUT support/chat/admin_netloom_chat/read/': () => new Response(null, { status: 204 }),
    });
    const { user } = renderWithProviders(withQueryClient(<Box />));
    const box = await screen.findByRole('dialog', { name: 'Live Chat' });
    await user.click(await within(box).findByRole('radio', { name: 'Chat with Netloom' }));
    const [mine, support] = await within(box).findAllByTestId('chat-message');
    expect(mine!.textContent).toContain('Our VPN is down <img src=x onerror=alert(1)>');
    expect(box.querySelector('img')).toBeNull();
    expect(within(support!).getByText('Support')).toBeTruthy();
    const link = within(support!).getByRole('link', { name: 'https://status.example.com/incident/7' });
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });
});
