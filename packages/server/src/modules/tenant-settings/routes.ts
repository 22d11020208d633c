import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq, sql } from 'drizzle-orm';
import {
  ORG_PATHS,
  canManageUsers,
  canReadTeams,
  configPreferenceBodySchema,
  configPreferenceSchema,
  organisationBodySchema,
  organisationSchema,
  tidQuerySchema,
  withSettingDefaults,
  type ConfigPreference,
  type Organisation,
} from '@netloom/domain';
import type { Db } from '../../db/client';
import { tenants, devices, type OrganisationProfile } from '../../db/schema/index';
import type { Services } from '../../services';
import { actorFor, audit } from '../../http/access';
import { errors } from '../../http/errors';
import { errorResponses } from '../../http/openapi';
import { findTenant, type TenantRow } from '../tenants/repo';

const tags = ['tenant settings'];
const security = [{ bearerAuth: [] }];
const p = (path: string) => `/${path}`;
const querystring = tidQuerySchema;

async function wan3Available(db: Db, tenantId: string): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(devices)
    .where(sql`${devices.tenantId} = ${tenantId} and ${devices.claimed} and jsonb_array_length(${devices.wanStatus}) >= 3`);
  return (row?.n ?? 0) > 0;
}

async function tenantRow(db: Db, id: string): Promise<TenantRow> {
  const row = await findTenant(db, id);
  if (!row) throw errors.notFound();
  return row;
}

function toOrganisation(row: TenantRow): Organisation {
  const o = row.organisation;
  return {
    tenant_id: row.id,
    tenantname: row.name,
    display_name: o.display_name || row.name,
    legal_name: o.legal_name ?? '',
    address: o.address ?? '',
    country: o.country ?? '',
    phone: o.phone ?? '',
    website: o.website ?? '',
    timezone: o.timezone ?? null,
  };
}

/** Tenant-wide settings: the dashboard toggles of spec §2.12 and the organisation's details. */
export const tenantSettingsRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db } = services;
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.addHook('onRequest', services.requireAuth);

  const preference = async (row: TenantRow): Promise<ConfigPreference> => ({
    ...withSettingDefaults(row.settings),
    wan3_available: await wan3Available(db, row.id),
  });

  api.get(p(ORG_PATHS.configPreference), {
    schema: { tags, security, summary: 'Dashboard settings of the tenant, with the defaults of spec §3', querystring, response: { 200: configPreferenceSchema, ...errorResponses(403, 404) } },
  }, async (request) => {
    const actor = await actorFor(db, request, request.query.tid, canReadTeams);
    return preference(await tenantRow(db, actor.scope.tenantId));
  });

  api.post(p(ORG_PATHS.configPreference), {
    schema: { tags, security, summary: 'Save dashboard settings {dashboard:{flags}, devReg_autoApprove}', querystring, body: configPreferenceBodySchema, response: { 200: configPreferenceSchema, ...errorResponses(403, 404) } },
  }, async (request) => {
    const actor = await actorFor(db, request, request.query.tid, canManageUsers);
    const row = await tenantRow(db, actor.scope.tenantId);
    const before = withSettingDefaults(row.settings);
    const body = request.body;
    const after = withSettingDefaults({
      dashboard: { ...before.dashboard, ...body.dashboard },
      devReg_autoApprove: body.devReg_autoApprove ?? before.devReg_autoApprove,
      pagination: { ...before.pagination, ...(body.pagination ?? {}) },
    });
    await db.transaction(async (tx) => {
      await tx.update(tenants).set({ settings: after }).where(eq(tenants.id, row.id));
      await audit(tx, actor, 'tenant.settings_changed', 'config-preference', { before, after });
    });
    return preference({ ...row, settings: after });
  });

  api.get(p(ORG_PATHS.organisation), {
    schema: { tags, security, summary: 'Organisation details and default time zone', querystring, response: { 200: organisationSchema, ...errorResponses(403, 404) } },
  }, async (request) => {
    const actor = await actorFor(db, request, request.query.tid, canReadTeams);
    return toOrganisation(await tenantRow(db, actor.scope.tenantId));
  });

  api.put(p(ORG_PATHS.organisation), {
    schema: { tags, security, summary: 'Change organisation details (owners and admins)', querystring, body: organisationBodySchema, response: { 200: organisationSchema, ...errorResponses(403, 404) } },
  }, async (request) => {
    const actor = await actorFor(db, request, request.query.tid, canManageUsers);
    const row = await tenantRow(db, actor.scope.tenantId);
    const organisation: OrganisationProfile = { ...row.organisation, ...request.body };
    const after = toOrganisation({ ...row, organisation });
    await db.transaction(async (tx) => {
      await tx.update(tenants).set({ organisation }).where(eq(tenants.id, row.id));
      await audit(tx, actor, 'tenant.organisation_changed', 'organisation', { before: toOrganisation(row), after });
    });
    return after;
  });
};
