import { access, tenantFromQuery } from '../../http/access';
import { routeDocs } from '../../http/route-kit';

/** What every IoT Gateway route shares: its tag, who may call it and the tenant it names (`tenant_id` in the query). */
export const { doc } = routeDocs('iot');

const tenantOf = tenantFromQuery('tenant_id');
export const read = access('read', tenantOf);
export const write = access('write', tenantOf);
