import { describe, expect, it } from 'vitest';
import { chatChannelsFor, chatMessageBodySchema, CHAT_LIMITS } from './chat';

describe('chat channels', () => {
  it("gives owners and admins both channels, other console users the users' channel, support the product channel only, guests none", () => {
    expect(chatChannelsFor({ isSuperAdmin: false, role: 'owner' })).toEqual(['user_admin_chat', 'admin_netloom_chat']);
    expect(chatChannelsFor({ isSuperAdmin: false, role: 'admin' })).toEqual(['user_admin_chat', 'admin_netloom_chat']);
    expect(chatChannelsFor({ isSuperAdmin: false, role: 'editor' })).toEqual(['user_admin_chat']);
    expect(chatChannelsFor({ isSuperAdmin: false, role: 'viewer' })).toEqual(['user_admin_chat']);
    expect(chatChannelsFor({ isSuperAdmin: true, role: null })).toEqual(['admin_netloom_chat']);
    expect(chatChannelsFor({ isSuperAdmin: false, role: 'guest-user' })).toEqual([]);
  });
});

describe('a chat message', () => {
  it('is trimmed, refused when blank or longer than the limit', () => {
    expect(chatMessageBodySchema.parse({ body: '  hello  ' }).body).toBe('hello');
    expect(chatMessageBodySchema.safeParse({ body: '   ' }).success).toBe(false);
    expect(chatMessageBodySchema.safeParse({ body: 'x'.repeat(CHAT_LIMITS.messageLength + 1) }).success).toBe(false);
    expect(chatMessageBodySchema.safeParse({ body: 'x'.repeat(CHAT_LIMITS.messageLength) }).success).toBe(true);
  });
});
