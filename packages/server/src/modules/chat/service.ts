import {
  CHAT_CHANNEL_LABELS,
  CHAT_LIMITS,
  SUPPORT_CHANNEL,
  SUPPORT_SENDER,
  chatChannelsFor,
  type ChatChannel,
  type ChatDocument,
  type ChatInboxEntry,
  type ChatMessage,
  type ChatSettings,
} from '@netloom/domain';
import type { EventBus } from '../../bus/event-bus';
import { topics } from '../../bus/topics';
import type { Db } from '../../db/client';
import { recordAudit } from '../../db/audit-log';
import type { Actor } from '../../http/access';
import { errors } from '../../http/errors';
import type { Principal } from '../../http/principal';
import * as repo from './repo';

const DAY_MS = 24 * 60 * 60_000;

function toApi(m: repo.StoredChatMessage): ChatMessage {
  return {
    id: m.id,
    channel: m.channel as ChatChannel,
    user: m.fromSupport ? SUPPORT_SENDER : m.authorName,
    email: m.fromSupport ? null : m.authorEmail,
    from: m.fromSupport ? 'Support' : 'user',
    body: m.body,
    timestamp: m.createdAt.toISOString(),
  };
}

/** Oldest first, as a chat reads. */
const chronological = (rows: repo.StoredChatMessage[]) => rows.map(toApi).reverse();

const displayName = (u: Principal['user']) => `${u.firstName} ${u.lastName}`.trim() || u.username;

/**
 * A tenant's live chat: its channels (who may read which is a rule of the domain), messages kept
 * in the database and told to every instance's consoles over the bus, read markers per person and
 * channel, and the provider's inbox of every tenant's product channel. The provider's support
 * writes as 'Support', never under a name.
 */
export class ChatService {
  constructor(
    private readonly db: Db,
    private readonly bus: EventBus,
  ) {}

  /** The channel, if this actor may use it; 403 otherwise (the tenant itself was already checked). */
  private allowed(actor: Actor, channel: ChatChannel): ChatChannel {
    if (!chatChannelsFor(actor.scope).includes(channel)) throw errors.forbidden('This chat channel is for the organisation’s owners and admins.');
    return channel;
  }

  async document(actor: Actor): Promise<ChatDocument> {
    const { tenantId, tenantName } = actor.scope;
    const channels = await Promise.all(
      chatChannelsFor(actor.scope).map(async (channel) => {
        const [page, unread] = await Promise.all([
          repo.latest(this.db, tenantId, channel, CHAT_LIMITS.page),
          repo.unread(this.db, tenantId, actor.userId, channel),
        ]);
        return { channel, label: CHAT_CHANNEL_LABELS[channel], messages: chronological(page.rows), has_more: page.hasMore, unread };
      }),
    );
    return { t_info: { t_name: tenantName, t_id: tenantId }, channels };
  }

  async history(actor: Actor, channel: ChatChannel, before: Date | undefined): Promise<{ messages: ChatMessage[]; has_more: boolean }> {
    const page = await repo.latest(this.db, actor.scope.tenantId, this.allowed(actor, channel), CHAT_LIMITS.page, before);
    return { messages: chronological(page.rows), has_more: page.hasMore };
  }

  async post(actor: Actor, user: Principal['user'], channel: ChatChannel, body: string): Promise<ChatMessage> {
    this.allowed(actor, channel);
    const support = actor.scope.isSuperAdmin;
    const stored = await repo.insertMessage(this.db, {
      id: crypto.randomUUID(),
      tenantId: actor.scope.tenantId,
      channel,
      authorId: user.id,
      authorName: support ? SUPPORT_SENDER : displayName(user),
      authorEmail: support ? null : user.email,
      fromSupport: support,
      body,
      createdAt: new Date(),
    });
    // What one wrote is read by them: it never counts as unread for its sender.
    await repo.markRead(this.db, actor.scope.tenantId, user.id, channel, stored.createdAt);
    const message = toApi(stored);
    await this.bus.publish(topics.tenantChat(actor.scope.tenantId), { kind: 'chat', tenant_id: actor.scope.tenantId, message });
    return message;
  }

  async markRead(actor: Actor, channel: ChatChannel): Promise<void> {
    await repo.markRead(this.db, actor.scope.tenantId, actor.userId, this.allowed(actor, channel), new Date());
  }

  /** The provider's inbox: every tenant's product channel, the latest conversation first. */
  async inbox(supportUserId: string): Promise<ChatInboxEntry[]> {
    const rows = await repo.inbox(this.db, SUPPORT_CHANNEL, supportUserId);
    return rows.map((r) => ({ tenant_id: r.tenantId, tenant_name: r.tenantName, last_message: toApi(r.last), unread: r.unread }));
  }

  async settings(): Promise<ChatSettings> {
    return { retention_days: (await repo.retentionDays(this.db)) ?? CHAT_LIMITS.defaultRetentionDays };
  }

  async changeSettings(by: Principal, ip: string, change: ChatSettings): Promise<ChatSettings> {
    await this.db.transaction(async (tx) => {
      await repo.setRetentionDays(tx, change.retention_days, new Date());
      await recordAudit(tx, {
        tenantId: null,
        actorId: by.user.id,
        actorEmail: by.user.email,
        action: 'chat.settings_changed',
        target: 'Live chat',
        details: { retention_days: change.retention_days },
        ip,
      });
    });
    return change;
  }

  /** Deletes messages older than the provider's retention; harmless on several instances at once. */
  async sweep(now = new Date()): Promise<number> {
    const { retention_days } = await this.settings();
    return repo.purgeBefore(this.db, new Date(now.getTime() - retention_days * DAY_MS));
  }
}
