import { access, tenantFromQuery } from '../../http/access';
import { routeDocs } from '../../http/route-kit';

/** What every NDR route shares: its tag, who may call it (viewers read, editors triage and respond) and the tenant it names (`tenant_id`). */
export const { doc } = routeDocs('ndr');

const tenantOf = tenantFromQuery('tenant_id');
export const read = access('read', tenantOf);
export const write = access('write', tenantOf);
