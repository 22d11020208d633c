import { SEARCH_RESULTS_PER_KIND, type SearchResult } from '@netloom/domain';
import type { Db } from '../../db/client';
import type { Actor } from '../../http/access';
import * as repo from './repo';

const DEVICE_KIND_LABELS = { gateway: 'Gateway', endpoint: 'Endpoint' } as const;

/**
 * The header search's server half: the tenant's objects whose name (a device's serial, a user's
 * e-mail) holds the text, at most SEARCH_RESULTS_PER_KIND of each kind, names starting with it
 * first. Only the tenant in scope is ever read.
 */
export class SearchService {
  constructor(private readonly db: Db) {}

  async search(actor: Actor, text: string): Promise<{ results: SearchResult[] }> {
    const tenantId = actor.scope.tenantId;
    const n = repo.needleOf(text);
    const limit = SEARCH_RESULTS_PER_KIND;
    const [devices, networks, users, groups, templates, webFilter, access] = await Promise.all([
      repo.devicesNamed(this.db, tenantId, n, limit),
      repo.deviceGroups(this.db, tenantId, n, limit),
      repo.tenantUsers(this.db, tenantId, n, limit),
      repo.userGroupsNamed(this.db, tenantId, n, limit),
      repo.templates(this.db, tenantId, n, limit),
      repo.webFilterPoliciesNamed(this.db, tenantId, n, limit),
      repo.accessPolicies(this.db, tenantId, n, limit),
    ]);
    const named = (kind: SearchResult['kind'], product: SearchResult['product']) => (r: repo.NamedRow) => ({
      kind,
      id: r.id,
      name: r.name,
      detail: r.detail,
      product,
    });
    return {
      results: [
        // A gateway is SD-WAN's, an endpoint (a ZTNA client) zero trust's.
        ...devices.map((d) => ({
          kind: 'device' as const,
          id: d.id,
          name: d.name,
          detail: `${d.serial} · ${DEVICE_KIND_LABELS[d.kind]}`,
          product: d.kind === 'gateway' ? ('sdwan' as const) : ('ztna' as const),
        })),
        ...networks.map(named('device_group', null)),
        // An invited user without a name yet is found, and shown, by address.
        ...users.map((u) => ({ kind: 'user' as const, id: u.id, name: u.name || u.email, detail: u.email, product: null })),
        ...groups.map(named('group', null)),
        ...templates.map(named('template', null)),
        // Web filtering and access policies are pages of zero trust.
        ...webFilter.map(named('webfilter_policy', 'ztna')),
        ...access.map(named('access_policy', 'ztna')),
      ],
    };
  }
}
