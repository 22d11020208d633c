import { access } from '../../http/access';
import { routeDocs } from '../../http/route-kit';

/** What every RUM console route shares: its tag, and who may call it (viewers read, editors write) in the tenant of `tid`. */
export const { doc } = routeDocs('rum');
export const read = access('read');
export const write = access('write');
