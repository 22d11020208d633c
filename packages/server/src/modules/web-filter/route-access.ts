import { canChangeWebFilterSettings, canReadLogs, tenantIdQuerySchema } from '@netloom/domain';
import { access, browsingDataAccess, type TenantSource } from '../../http/access';
import { routeDocs } from '../../http/route-kit';

/** What every web-filter route shares: its tag, who may call it and the tenant it names. */
export const { doc } = routeDocs('web filter');

/**
 * The tenant a web-filter call names: `tenant_id` in the query (spec 001 §7), else in the body,
 * else first in the table filter payload's filters ("filters always start with tenant_id").
 */
const tenantOf: TenantSource = (request) => {
  const q = (request.query as { tenant_id?: string } | undefined)?.tenant_id;
  const body = request.body as { tenant_id?: string; filters?: { key?: string; value?: string }[] } | undefined;
  return q ?? body?.tenant_id ?? body?.filters?.find((f) => f?.key === 'tenant_id')?.value;
};
export const read = access('read', tenantOf);
export const write = access('write', tenantOf);
export const logs = access(canReadLogs, tenantOf);
export const manage = access('manage', tenantOf);
/** The organisation's web-filter settings (on/off, default action, its own lists): owners and admins. */
export const settings = access(canChangeWebFilterSettings, tenantOf);
/** One user's browsing, the web-filter and proxy logs: personal browsing data. */
export const browsing = browsingDataAccess(tenantOf);

export const querystring = tenantIdQuerySchema;
