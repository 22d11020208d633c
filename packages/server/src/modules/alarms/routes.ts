import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ALARM_PATHS,
  INTERFACE_ALARM_KINDS,
  alarmDefaultsBodySchema,
  alarmDefaultsSchema,
  alarmHistoryParamsSchema,
  alarmHistoryQuerySchema,
  alarmHistorySchema,
  alarmInterfacesParamsSchema,
  alarmInterfacesSchema,
  alarmNotificationListSchema,
  notificationsQuerySchema,
  notificationsReadBodySchema,
  tenantQuerySchema,
} from '@netloom/domain';
import { access, actorOf } from '../../http/access';
import { errorResponses } from '../../http/openapi';
import { pageWindow, paginate } from '../../http/pagination';
import { p, routeDocs } from '../../http/route-kit';
import type { AlarmService } from './service';

const { tags, security } = routeDocs('alarms');

/** What the composition root hands this plugin. */
export interface AlarmRoutesOptions {
  alarms: AlarmService;
}

/** Alert history by device (device, wan, performance, ipsec), the interface lists, the bell, the tenant's default thresholds. */
export const alarmRoutes: FastifyPluginAsyncZod<AlarmRoutesOptions> = async (app, { alarms }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  // One path per kind, as the spec names them (wan_alarms_interfaces, performance_alarms_interfaces).
  for (const kind of INTERFACE_ALARM_KINDS) {
    api.get(
      p(ALARM_PATHS.interfaces(':deviceId', kind)),
      {
        config: access('read'),
        schema: {
          tags,
          security,
          summary: `Names for the interface filter of a device's ${kind === 'wan' ? 'WAN' : 'performance'} alarms`,
          params: alarmInterfacesParamsSchema,
          querystring: tenantQuerySchema,
          response: { 200: alarmInterfacesSchema, ...errorResponses(403, 404) },
        },
      },
      async (request) => alarms.interfaces(actorOf(request), request.params.deviceId, kind),
    );
  }

  api.get(
    p(ALARM_PATHS.history(':deviceId', ':kind')),
    {
      config: access('read'),
      schema: {
        tags,
        security,
        summary: "A device's alarm history of one kind, newest first (optionally one interface's)",
        params: alarmHistoryParamsSchema,
        querystring: alarmHistoryQuerySchema,
        response: { 200: alarmHistorySchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => {
      const { rows, total } = await alarms.history(actorOf(request), request.params.deviceId, request.params.kind, {
        interface: request.query.interface,
        ...pageWindow(request.query),
      });
      return paginate(request, request.query, total, rows);
    },
  );

  api.get(
    p(ALARM_PATHS.notifications),
    {
      config: access('read'),
      schema: {
        tags,
        security,
        summary: "The bell: the tenant's newest alarms, which of them the user has read, and how many are unread",
        querystring: notificationsQuerySchema,
        response: { 200: alarmNotificationListSchema, ...errorResponses(403) },
      },
    },
    async (request) => alarms.notifications(actorOf(request)),
  );

  api.post(
    p(ALARM_PATHS.notificationsRead),
    {
      config: access('read'),
      schema: {
        tags,
        security,
        summary: 'Mark the bell read, up to a notification or all of it',
        querystring: notificationsQuerySchema,
        body: notificationsReadBodySchema,
        response: { 200: alarmNotificationListSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => alarms.markRead(actorOf(request), request.body.up_to),
  );

  api.get(
    p(ALARM_PATHS.defaults),
    {
      config: access('read'),
      schema: {
        tags,
        security,
        summary: "The tenant's default thresholds for performance alarms (devices without alarm settings of their own), or the built-in ones",
        querystring: tenantQuerySchema,
        response: { 200: alarmDefaultsSchema, ...errorResponses(403) },
      },
    },
    async (request) => alarms.defaults(actorOf(request)),
  );

  api.put(
    p(ALARM_PATHS.defaults),
    {
      config: access('manage'),
      schema: {
        tags,
        security,
        summary: "Set the tenant's default thresholds for performance alarms (owners and admins)",
        querystring: tenantQuerySchema,
        body: alarmDefaultsBodySchema,
        response: { 200: alarmDefaultsSchema, ...errorResponses(400, 403) },
      },
    },
    async (request) => alarms.saveDefaults(actorOf(request), request.body),
  );
};
