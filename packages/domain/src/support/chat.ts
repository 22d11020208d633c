import { z } from 'zod';
import { canManageTenant, canReadConsole, type Actor } from '../rules/roles';
import { filledText } from '../validators/storable-text';

/**
 * Live chat (spec 000 §2.20, 001 "Chat"): one chat per tenant with two channels. 'Chat with
 * Users' is the tenant's users with their admins; 'Chat with {product}' is the tenant's owners and
 * admins with the provider's support, whose messages are marked 'Support'.
 */
export const CHAT_PRODUCT = 'Netloom';
export const CHAT_CHANNELS = ['user_admin_chat', 'admin_netloom_chat'] as const;
export type ChatChannel = (typeof CHAT_CHANNELS)[number];
export const CHAT_CHANNEL_LABELS: Record<ChatChannel, string> = {
  user_admin_chat: 'Chat with Users',
  admin_netloom_chat: `Chat with ${CHAT_PRODUCT}`,
};
/** The channel the provider's support answers in. */
export const SUPPORT_CHANNEL: ChatChannel = 'admin_netloom_chat';
/** How support's messages are marked (the spec's `from` field). */
export const SUPPORT_SENDER = 'Support';

export const CHAT_TEXTS = {
  empty: 'start a Conversation',
  notificationsDisabled: 'You have disabled Desktop Notifications, Enable Them in browser settings if needed.',
} as const;

export const CHAT_LIMITS = {
  /** Characters in one message. */
  messageLength: 2000,
  /** Messages one person may send a minute, across channels. */
  messagesPerMinute: 20,
  /** Messages a channel's first read brings; older ones are paged with `before`. */
  page: 50,
  /** Retention the provider may set, in days. */
  minRetentionDays: 1,
  maxRetentionDays: 3650,
  defaultRetentionDays: 365,
} as const;

/**
 * The channels one may read and write in a tenant's chat: its owners and admins both, its other
 * console users 'Chat with Users' only, and the provider's support (a super admin) only the
 * product channel: the users' own channel is the organisation's, not the provider's.
 */
export function chatChannelsFor(actor: Actor): ChatChannel[] {
  if (actor.isSuperAdmin) return [SUPPORT_CHANNEL];
  if (canManageTenant(actor)) return [...CHAT_CHANNELS];
  return canReadConsole(actor) ? ['user_admin_chat'] : [];
}

/** The feed name of `/ws/status/{tenant}?feed=chat`: only `ChatLiveEvent` messages of the channels the socket's user may read. */
export const LIVE_CHAT_FEED = 'chat';

export const CHAT_PATHS = {
  /** GET: the tenant's chat (`?tid=`): its channels this user may read, their latest messages and unread counts. */
  chat: 'support/chat/',
  /** GET older messages (`before`), POST a message. */
  messages: (channel: string) => `support/chat/${channel}/messages/`,
  /** PUT: everything in the channel up to now is read by this user. */
  read: (channel: string) => `support/chat/${channel}/read/`,
  /** Super admins: every tenant's product channel with its last message and unread count. */
  inbox: 'support/chat-inbox/',
  /** Super admins: how long chats are kept. */
  settings: 'support/chat-settings/',
} as const;

export const chatChannelParamSchema = z.object({ channel: z.enum(CHAT_CHANNELS) });

export const chatMessageBodySchema = z.strictObject({
  body: filledText().min(1, 'Enter a message').max(CHAT_LIMITS.messageLength, `At most ${CHAT_LIMITS.messageLength} characters`),
});
export type ChatMessageBody = z.infer<typeof chatMessageBodySchema>;

/** One message as the spec shapes it ({user, body, timestamp}), with who sent it and whether support did. */
export const chatMessageSchema = z.object({
  id: z.string(),
  channel: z.enum(CHAT_CHANNELS),
  user: z.string().describe("The sender's name, or 'Support' for the provider's support"),
  email: z.string().nullable().describe("The sender's e-mail; null for support"),
  from: z.enum(['user', 'Support']),
  body: z.string(),
  timestamp: z.string().describe('ISO 8601'),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatChannelStateSchema = z.object({
  channel: z.enum(CHAT_CHANNELS),
  label: z.string(),
  messages: z.array(chatMessageSchema).describe('The latest messages, oldest first'),
  has_more: z.boolean().describe('Older messages exist (read them with `before`)'),
  unread: z.number().int().nonnegative(),
});
export type ChatChannelState = z.infer<typeof chatChannelStateSchema>;

/** The tenant's chat document: t_info as the spec names it, and the channels this user may see. */
export const chatDocumentSchema = z.object({
  t_info: z.object({ t_name: z.string(), t_id: z.string() }),
  channels: z.array(chatChannelStateSchema),
});
export type ChatDocument = z.infer<typeof chatDocumentSchema>;

export const chatHistoryQuerySchema = z.object({
  tid: z.string().uuid().optional().describe('The tenant (super admins choose one; others are in their own)'),
  before: z.string().datetime({ offset: true }).optional().describe('Only messages sent before this time (ISO 8601): the next older page'),
});

export const chatHistorySchema = z.object({ messages: z.array(chatMessageSchema), has_more: z.boolean() });

export const chatInboxEntrySchema = z.object({
  tenant_id: z.string(),
  tenant_name: z.string(),
  last_message: chatMessageSchema,
  unread: z.number().int().nonnegative(),
});
export type ChatInboxEntry = z.infer<typeof chatInboxEntrySchema>;
export const chatInboxSchema = z.array(chatInboxEntrySchema);

export const chatSettingsSchema = z.strictObject({
  retention_days: z.number().int().min(CHAT_LIMITS.minRetentionDays).max(CHAT_LIMITS.maxRetentionDays),
});
export type ChatSettings = z.infer<typeof chatSettingsSchema>;

/** The chat feed's first message: the socket hears every message from now on (read the chat again to catch up). */
export const CHAT_LIVE_READY = { kind: 'chat_live' } as const;

/** What the chat feed of the console's socket pushes. */
export interface ChatLiveEvent {
  kind: 'chat';
  tenant_id: string;
  message: ChatMessage;
}
