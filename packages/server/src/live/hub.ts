import type { FastifyPluginAsync } from 'fastify';
import type { FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import {
  LIVE_ANNOUNCEMENTS_FEED,
  LIVE_CHAT_FEED,
  LIVE_CONFIG_FEED,
  LIVE_DIAGNOSTICS_FEED,
  LIVE_NOTIFICATIONS_FEED,
  LIVE_PATH,
  LIVE_REPORTS_FEED,
} from '@netloom/domain';
import { topics } from '../bus/topics';
import { PreAuthGuard } from '../http/socket-guard';
import { AccessWatch } from './access-watch';
import { LIVE_CLOSE, LiveSocket, type FeedKind, type LiveContext, type LiveServices } from './live-socket';
import { LiveQuota } from './live-quota';
import { checkOrigin } from './origin';
import { publicRoute } from '../http/route-kit';
import { TenantFeed, type FeedListener } from './tenant-feed';

const uuid = z.string().uuid();

/** `?feed=` names a feed other than the fleet's (device rows and tiles, the default). */
const FEEDS: Record<string, FeedKind> = {
  [LIVE_NOTIFICATIONS_FEED]: 'notifications',
  [LIVE_ANNOUNCEMENTS_FEED]: 'announcements',
  [LIVE_REPORTS_FEED]: 'reports',
  [LIVE_CONFIG_FEED]: 'config',
  [LIVE_DIAGNOSTICS_FEED]: 'diagnostics',
  [LIVE_CHAT_FEED]: 'chat',
};
const feedOf = (name: string | undefined): FeedKind => (name !== undefined && Object.hasOwn(FEEDS, name) ? FEEDS[name]! : 'fleet');

/** The browsers' live channel: /ws/status/{tenant} and /ws/status/{tenant}/{device}; `?feed=notifications` for the bell, `?feed=announcements`, `?feed=reports`, `?feed=config`, `?feed=diagnostics`, `?feed=chat`. */
export const liveHub: FastifyPluginAsync<{ services: LiveServices }> = async (app, { services }) => {
  const feeds = new Map<string, Promise<TenantFeed>>();
  const registry = {
    acquire(tenantId: string): Promise<TenantFeed> {
      let feed = feeds.get(tenantId);
      if (!feed) {
        const created = new TenantFeed(tenantId, services.bus, services.db, app.log);
        feed = created.start().then(() => created);
        feeds.set(tenantId, feed);
      }
      return feed;
    },
    async release(feed: TenantFeed, listener: FeedListener): Promise<void> {
      if (feed.remove(listener) && (await feeds.get(feed.tenantId)) === feed) {
        feeds.delete(feed.tenantId);
        await feed.stop();
      }
    },
  };

  // Announced changes of a user or session recheck that user's or session's sockets here, on every instance.
  const watch = new AccessWatch();
  const unsubscribe = await services.bus.subscribe(topics.sessions(), (event) => watch.changed(event.id));

  const { sockets } = services.config;
  const quota = new LiveQuota({ perSession: sockets.livePerSession, perUser: sockets.livePerUser });
  const ctx: LiveContext = { services, log: app.log, feeds: registry, watch, quota, authTimeoutMs: sockets.authTimeoutMs };
  const guard = new PreAuthGuard(sockets.preAuthPerAddress);
  const preValidation = [checkOrigin([services.config.publicUrl, ...sockets.allowedOrigins]), guard.admit];

  const open = (socket: WebSocket, req: FastifyRequest<{ Params: { tenantId: string; deviceId?: string }; Querystring: { feed?: string } }>) => {
    guard.opened(socket, req);
    const { tenantId, deviceId } = req.params;
    if (!uuid.safeParse(tenantId).success || (deviceId && !uuid.safeParse(deviceId).success)) {
      socket.close(LIVE_CLOSE.notFound.code, LIVE_CLOSE.notFound.reason);
      return;
    }
    new LiveSocket(socket, tenantId, deviceId ?? null, ctx, feedOf(req.query.feed));
  };

  // Public to the authentication hook: a console signs in over the socket itself (its first message, within authTimeoutMs).
  const handshake = publicRoute;
  app.get<{ Params: { tenantId: string }; Querystring: { feed?: string } }>(
    `${LIVE_PATH}/:tenantId`,
    { websocket: true, preValidation, config: handshake },
    open,
  );
  app.get<{ Params: { tenantId: string; deviceId: string }; Querystring: { feed?: string } }>(
    `${LIVE_PATH}/:tenantId/:deviceId`,
    { websocket: true, preValidation, config: handshake },
    open,
  );

  app.addHook('onClose', async () => {
    await unsubscribe();
    for (const feed of feeds.values()) await (await feed).stop();
    feeds.clear();
  });
};
