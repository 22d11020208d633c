import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZTNA_PATHS, ztnaSettingsSchema } from '@netloom/domain';
import { actorOf } from '../../http/access';
import { p, writeErrors } from '../../http/route-kit';
import type { OverlayService } from './overlay-service';
import { doc, querystring, read, write } from './route-access';

/** The overlay settings: identity-aware overlay and overlay access policy. */
export const settingsRoutes: FastifyPluginAsyncZod<{ overlay: OverlayService }> = async (app, { overlay }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    p(ZTNA_PATHS.settings),
    { config: read, schema: { ...doc('The identity-aware overlay and overlay access settings'), querystring, response: { 200: ztnaSettingsSchema } } },
    async (request) => overlay.settings(actorOf(request)),
  );
  api.put(
    p(ZTNA_PATHS.settings),
    {
      config: write,
      schema: { ...doc('Replace the overlay settings'), querystring, body: ztnaSettingsSchema, response: { 200: ztnaSettingsSchema, ...writeErrors } },
    },
    async (request) => overlay.saveSettings(actorOf(request), request.body),
  );
};
