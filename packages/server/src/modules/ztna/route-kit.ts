import { z } from 'zod';
import { apiErrorSchema, tenantIdQuerySchema } from '@netloom/domain';
import { access, type TenantSource } from '../../http/access';
import { errorResponses } from '../../http/openapi';

/** What every zero-trust route shares: its tag, who may call it, the tenant it names and the errors it can answer. */

const tags = ['zero trust'];
const security = [{ bearerAuth: [] }];
export const p = (path: string) => `/${path}`;
export const doc = (summary: string) => ({ tags, security, summary });

/** The tenant a call names: `tenant_id` in the query (spec 001 §7 'tid' for the connector and SASE lists). */
const tenantOf: TenantSource = (request) => {
  const q = request.query as { tenant_id?: string; tid?: string } | undefined;
  return q?.tenant_id ?? q?.tid;
};
/** Viewers read; editors and up change; keys, invitations and inventory decisions are owners' and admins'. */
export const read = access('read', tenantOf);
export const write = access('write', tenantOf);
export const manage = access('manage', tenantOf);

export const querystring = tenantIdQuerySchema;
export const tidQuerystring = tenantIdQuerySchema.extend({ tid: z.string().uuid().optional() });
export const idParams = z.object({ id: z.string().uuid() });

/** A write's answers besides success: 403, 404, 409 (a name taken, still used) and 422 (a referenced id not the organisation's). */
export const writeErrors = {
  ...errorResponses(403, 404, 409),
  422: apiErrorSchema.describe("A referenced id is not the organisation's own: `errors` names each field"),
};
export const deleted = { 204: z.null(), ...errorResponses(403, 404, 409) };
