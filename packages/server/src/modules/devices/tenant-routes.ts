import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DEVICE_PATHS,
  commercialDataSchema,
  enrolmentKeySchema,
  tenantInfoBodySchema,
  tenantInfoQuerySchema,
  tenantInfoSchema,
  tenantQuerySchema,
} from '@netloom/domain';
import { access, actorOf, tenantFromBody } from '../../http/access';
import { errorResponses } from '../../http/openapi';
import { p, routeDocs } from '../../http/route-kit';
import type { TenantDataService } from './tenant-data';

const { tags, security } = routeDocs('tenants');

/** What the composition root hands this plugin. */
export interface TenantDataRoutesOptions {
  tenantData: TenantDataService;
}

/** Tenant data of the fleet: dashboard tiles, the commercial view and the enrolment key. */
export const tenantDataRoutes: FastifyPluginAsyncZod<TenantDataRoutesOptions> = async (app, { tenantData }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    p(DEVICE_PATHS.tenantInfo),
    {
      config: access('read', tenantFromBody),
      schema: {
        tags,
        security,
        summary: 'Dashboard tiles of the tenant or one device group',
        body: tenantInfoBodySchema,
        response: { 200: tenantInfoSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => tenantData.tiles(actorOf(request), request.body.network_id, request.body.type),
  );

  api.get(
    p(DEVICE_PATHS.tenantInfo),
    {
      config: access('read'),
      schema: {
        tags,
        security,
        summary: 'Dashboard tiles of the tenant or one device group',
        querystring: tenantInfoQuerySchema,
        response: { 200: tenantInfoSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => tenantData.tiles(actorOf(request), request.query.network_id, request.query.type),
  );

  api.get(
    p(DEVICE_PATHS.commercial),
    {
      config: access('read'),
      schema: {
        tags,
        security,
        summary: 'Commercial data: per device and WAN name an amount and a date',
        querystring: tenantQuerySchema,
        response: { 200: commercialDataSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => tenantData.commercial(actorOf(request)),
  );

  api.post(
    p(DEVICE_PATHS.commercial),
    {
      config: access('write'),
      schema: {
        tags,
        security,
        summary: 'Replace the commercial data (the whole map)',
        querystring: tenantQuerySchema,
        body: commercialDataSchema,
        response: { 200: commercialDataSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => tenantData.saveCommercial(actorOf(request), request.body),
  );

  api.get(
    p(DEVICE_PATHS.enrolmentKey),
    {
      config: access('manage'),
      schema: {
        tags,
        security,
        summary: 'The key devices enrol with (created on first read)',
        querystring: tenantQuerySchema,
        response: { 200: enrolmentKeySchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => ({ enrolment_key: await tenantData.enrolmentKey(actorOf(request)) }),
  );

  api.post(
    p(DEVICE_PATHS.enrolmentKeyRotate),
    {
      config: access('manage'),
      schema: {
        tags,
        security,
        summary: 'Replace the enrolment key; the old one stops working for new enrolments',
        querystring: tenantQuerySchema,
        response: { 200: enrolmentKeySchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => ({ enrolment_key: await tenantData.rotateEnrolmentKey(actorOf(request)) }),
  );
};
