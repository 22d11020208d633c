import type { FastifyPluginAsync } from 'fastify';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import { LIVE_PATH } from '@netloom/domain';
import type { Services } from '../services';
import { LIVE_CLOSE, LiveSocket } from './live-socket';
import { TenantFeed, type FeedListener } from './tenant-feed';

const uuid = z.string().uuid();

/** The browsers' live channel: /ws/status/{tenant} and /ws/status/{tenant}/{device}. */
export const liveHub: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
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

  const open = (params: { tenantId: string; deviceId?: string }) => (socket: WebSocket) => {
    if (!uuid.safeParse(params.tenantId).success || (params.deviceId && !uuid.safeParse(params.deviceId).success)) {
      socket.close(LIVE_CLOSE.notFound.code, LIVE_CLOSE.notFound.reason);
      return;
    }
    new LiveSocket(socket, params.tenantId, params.deviceId ?? null, services, registry);
  };

  app.get<{ Params: { tenantId: string } }>(`${LIVE_PATH}/:tenantId`, { websocket: true }, (socket, req) => open(req.params)(socket));
  app.get<{ Params: { tenantId: string; deviceId: string } }>(`${LIVE_PATH}/:tenantId/:deviceId`, { websocket: true }, (socket, req) =>
    open(req.params)(socket),
  );

  app.addHook('onClose', async () => {
    for (const feed of feeds.values()) await (await feed).stop();
    feeds.clear();
  });
};
