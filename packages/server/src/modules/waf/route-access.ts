import { canReadLogs, tenantIdQuerySchema } from '@netloom/domain';
import { access, tenantFromQuery } from '../../http/access';
import { routeDocs } from '../../http/route-kit';

/** What every QShield route shares: its tag, who may call it and the tenant it names (`tenant_id` in the query, as the spec's WAAP calls do). */
export const { doc } = routeDocs('qshield');

const tenantOf = tenantFromQuery('tenant_id');
export const read = access('read', tenantOf);
export const write = access('write', tenantOf);
/** Settings only the organisation's owners and admins change (API discovery's). */
export const manage = access('manage', tenantOf);
/** The edges' logs name clients (addresses, user agents): whoever may read the organisation's logs. */
export const logs = access(canReadLogs, tenantOf);

export const querystring = tenantIdQuerySchema;
