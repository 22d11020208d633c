import type { WafProviderEdge } from '@netloom/domain';
import type { Db } from '../../db/client';
import { audit, type Actor } from '../../http/access';
import { errors } from '../../http/errors';
import * as repo from './repo';
import { edgeView } from './service';

/**
 * The provider's shared POPs: a super admin shares a WAF edge of any tenant with every
 * organisation, which may then name it to serve its applications. An edge that serves other
 * organisations' applications stays shared until they have moved off it: unsharing it would stop
 * serving their sites.
 */
export class WafPopService {
  constructor(private readonly db: Db) {}

  async list(): Promise<WafProviderEdge[]> {
    const edges = await repo.listAllEdges(this.db);
    const served = await Promise.all(edges.map((e) => repo.applicationTenantsOn(this.db, e.id)));
    return edges.map((e, i) => ({
      ...edgeView(e, served[i]!.size),
      organisation: e.organisation,
      foreign_applications: [...served[i]!.values()].filter((tenantId) => tenantId !== e.tenantId).length,
    }));
  }

  /** Shares an edge or stops; the edge's organisation's audit log says which super admin did (as the provider). */
  async share(by: { userId: string; email: string; ip: string }, deviceId: string, shared: boolean): Promise<WafProviderEdge> {
    await this.db.transaction(async (tx) => {
      const edge = (await repo.listAllEdges(tx)).find((e) => e.id === deviceId);
      if (!edge) throw errors.notFound();
      // The edge's tenant's WAF lock: an organisation naming it (under its own lock, then this edge's row) sees it shared or not, never half.
      await repo.lockTenantWaf(tx, edge.tenantId);
      const actor: Actor = { scope: { tenantId: edge.tenantId, tenantName: edge.organisation, role: null, isSuperAdmin: true }, ...by };
      if (shared) {
        await repo.sharePop(tx, deviceId, edge.tenantId, by.email);
      } else {
        const serving = await repo.foreignApplicationsOn(tx, deviceId, edge.tenantId);
        if (serving.length) {
          const message = `It serves ${serving.length} application(s) of other organisations: they must choose another edge first`;
          throw errors.conflict(message, { shared: [message] });
        }
        await repo.unsharePop(tx, deviceId);
      }
      await audit(tx, actor, shared ? 'waf_pop_shared' : 'waf_pop_unshared', deviceId, { name: edge.name, organisation: edge.organisation });
    });
    return (await this.list()).find((e) => e.id === deviceId)!;
  }
}
