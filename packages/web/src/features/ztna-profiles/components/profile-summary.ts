import type { EndpointProfile } from '@netloom/domain';

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** A profile's settings in a few words each, for its row. */
export const profileSummary = {
  relays: (p: EndpointProfile, names: ReadonlyMap<string, string>) =>
    p.relays.length === 0 ? 'Nearest healthy' : p.relays.map((id) => names.get(id) ?? 'Removed relay').join(', '),
  dns: (p: EndpointProfile) => {
    const own = p.dns.nameservers.join(', ');
    if (p.dns.use_tenant_dns) return own ? `Organisation, then ${own}` : 'Organisation';
    return own || 'The endpoint’s own';
  },
  split: (p: EndpointProfile) => {
    if (p.split_tunnel.mode === 'full') return 'All traffic';
    const routes = plural(p.split_tunnel.routes.length, 'route');
    return p.split_tunnel.mode === 'include' ? `Only ${routes}` : `All but ${routes}`;
  },
  resources: (p: EndpointProfile) => (p.resources.length === 0 ? 'All the policies allow' : plural(p.resources.length, 'server')),
  assigned: (p: EndpointProfile) => {
    if (p.is_default) return 'Everyone else';
    const parts = [
      ...(p.assigned.endpoints.length ? [plural(p.assigned.endpoints.length, 'endpoint')] : []),
      ...(p.assigned.groups.length ? [plural(p.assigned.groups.length, 'group')] : []),
    ];
    return parts.join(', ') || 'Nobody yet';
  },
};
