import { z } from 'zod';
import { tenantIdQuerySchema } from '@netloom/domain';
import { access, type TenantSource } from '../../http/access';
import { routeDocs } from '../../http/route-kit';

/** What every zero-trust route shares: its tag, who may call it and the tenant it names. */
export const { doc } = routeDocs('zero trust');

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
