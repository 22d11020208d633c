import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DEVICE_PATHS,
  commercialDataSchema,
  enrolmentKeySchema,
  tenantInfoBodySchema,
  tenantInfoQuerySchema,
  tenantInfoSchema,
  tenantQuerySchema,
  viewTypeKind,
  type DeviceViewType,
} from '@netloom/domain';
import type { Services } from '../../services';
import type { Db } from '../../db/client';
import { errors } from '../../http/errors';
import { findNetwork } from '../networks/repo';
import { actorFor } from '../../http/access';
import { errorResponses } from '../../http/openapi';
import { computeTenantInfo } from '../../fleet/tenant-info';
import { readCommercial, readEnrolmentKey, rotateEnrolmentKey, saveCommercial } from './tenant-data';

const tags = ['tenants'];
const security = [{ bearerAuth: [] }];
const p = (path: string) => `/${path}`;

async function tenantInfo(db: Db, tenantId: string, networkId: string | null | undefined, type: DeviceViewType | undefined) {
  if (networkId && !(await findNetwork(db, tenantId, networkId))) throw errors.notFound();
  return computeTenantInfo(db, tenantId, { networkId: networkId || null, kind: type ? viewTypeKind(type) : null });
}

/** Tenant data of the fleet: dashboard tiles, the commercial view and the enrolment key. */
export const tenantDataRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db } = services;
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.addHook('onRequest', services.requireAuth);

  api.post(
    p(DEVICE_PATHS.tenantInfo),
    {
      schema: {
        tags,
        security,
        summary: 'Dashboard tiles of the tenant or one device group',
        body: tenantInfoBodySchema,
        response: { 200: tenantInfoSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => {
      const actor = await actorFor(db, request, request.body.tenant_id, 'read');
      return tenantInfo(db, actor.scope.tenantId, request.body.network_id, request.body.type);
    },
  );

  api.get(
    p(DEVICE_PATHS.tenantInfo),
    {
      schema: {
        tags,
        security,
        summary: 'Dashboard tiles of the tenant or one device group',
        querystring: tenantInfoQuerySchema,
        response: { 200: tenantInfoSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => {
      const actor = await actorFor(db, request, request.query.tid, 'read');
      return tenantInfo(db, actor.scope.tenantId, request.query.network_id, request.query.type);
    },
  );

  api.get(
    p(DEVICE_PATHS.commercial),
    {
      schema: {
        tags,
        security,
        summary: 'Commercial data: per device and WAN name an amount and a date',
        querystring: tenantQuerySchema,
        response: { 200: commercialDataSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => readCommercial(db, (await actorFor(db, request, request.query.tid, 'read')).scope.tenantId),
  );

  api.post(
    p(DEVICE_PATHS.commercial),
    {
      schema: {
        tags,
        security,
        summary: 'Replace the commercial data (the whole map)',
        querystring: tenantQuerySchema,
        body: commercialDataSchema,
        response: { 200: commercialDataSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => saveCommercial(db, await actorFor(db, request, request.query.tid, 'write'), request.body),
  );

  api.get(
    p(DEVICE_PATHS.enrolmentKey),
    {
      schema: {
        tags,
        security,
        summary: 'The key devices enrol with (created on first read)',
        querystring: tenantQuerySchema,
        response: { 200: enrolmentKeySchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => ({ enrolment_key: await readEnrolmentKey(db, await actorFor(db, request, request.query.tid, 'manage')) }),
  );

  api.post(
    p(DEVICE_PATHS.enrolmentKeyRotate),
    {
      schema: {
        tags,
        security,
        summary: 'Replace the enrolment key; the old one stops working for new enrolments',
        querystring: tenantQuerySchema,
        response: { 200: enrolmentKeySchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => ({ enrolment_key: await rotateEnrolmentKey(db, await actorFor(db, request, request.query.tid, 'manage')) }),
  );
};
