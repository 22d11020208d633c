import { tenantIdQuerySchema } from '@netloom/domain';
import { access, tenantFromQuery } from '../../http/access';
import { routeDocs } from '../../http/route-kit';

/** What every DEM route shares: its tag, who may call it and the tenant it names (`tenant_id` in the query). */
export const { doc } = routeDocs('dem');

const tenantOf = tenantFromQuery('tenant_id');
export const read = access('read', tenantOf);
export const write = access('write', tenantOf);

export const querystring = tenantIdQuerySchema;
