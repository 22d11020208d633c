import { z } from 'zod';
import { ipField, subnetField, uniqueList, ZTNA_LIMITS, ztnaDescription, ztnaId, ztnaName } from './fields';

/** Classic ZTNA (the overlay to private servers) and Dev App profiles (a developer's app reached through the overlay). */
export const PROFILE_KINDS = ['classic', 'dev_app'] as const;
export type ProfileKind = (typeof PROFILE_KINDS)[number];
export const PROFILE_KIND_LABELS: Record<ProfileKind, string> = { classic: 'Classic ZTNA', dev_app: 'Dev App' };

/** The profile every new client gets (spec 000 §2.9: 'a default profile named mza appears'). */
export const DEFAULT_PROFILE_NAME = 'mza';

/** Which traffic goes through the overlay: all of it, only the listed routes, or all but them. */
export const SPLIT_TUNNEL_MODES = ['full', 'include', 'exclude'] as const;

const fields = {
  name: ztnaName(),
  description: ztnaDescription(),
  kind: z.enum(PROFILE_KINDS).default('classic'),
  /** Overlay servers (relays) the client connects to, in preference; empty: the nearest healthy one. */
  relays: uniqueList(ztnaId(), ZTNA_LIMITS.relays).default([]),
  dns: z
    .object({
      /** Use the tenant's nameserver groups (organisation › DNS). */
      use_tenant_dns: z.boolean().default(true),
      /** Fallback nameservers for names no group matches. */
      nameservers: uniqueList(ipField(), 8).default([]),
    })
    .default({ use_tenant_dns: true, nameservers: [] }),
  split_tunnel: z
    .object({ mode: z.enum(SPLIT_TUNNEL_MODES).default('include'), routes: uniqueList(subnetField(), 256).default([]) })
    .default({ mode: 'include', routes: [] }),
  /** Servers the profile offers; empty: every server the policies allow. */
  resources: uniqueList(ztnaId(), ZTNA_LIMITS.servers).default([]),
  auto_connect: z.boolean().default(true),
  /** Endpoints and groups (teams) the profile is for; the default profile covers the rest. */
  assigned: z.object({ endpoints: uniqueList(ztnaId()).default([]), groups: uniqueList(ztnaId(), 500).default([]) }).default({ endpoints: [], groups: [] }),
};

export const endpointProfileInputSchema = z.object(fields);
export type EndpointProfileInput = z.input<typeof endpointProfileInputSchema>;
export const endpointProfileSchema = z.object({ id: ztnaId(), is_default: z.boolean(), ...fields });
export type EndpointProfile = z.infer<typeof endpointProfileSchema>;

/** The assistant's MZA profile call (spec 001 §7 `device/movpn/{device_id}/movpns/`): a profile for that endpoint. */
export const movpnBodySchema = z.object({ final_payload: endpointProfileInputSchema.omit({ assigned: true }) });

/**
 * The profile an endpoint gets: one assigned to the endpoint itself, else the first (by name) assigned
 * to one of its user's groups, else the default. Equal names keep the list's order. One pass, no
 * sort: the server asks this for every endpoint of a tenant.
 */
export function profileFor(profiles: readonly EndpointProfile[], endpoint: { id: string; groups: readonly string[] }): EndpointProfile | null {
  let own: EndpointProfile | null = null;
  let group: EndpointProfile | null = null;
  let fallback: EndpointProfile | null = null;
  const first = (best: EndpointProfile | null, p: EndpointProfile) => (!best || p.name.localeCompare(best.name) < 0 ? p : best);
  for (const p of profiles) {
    if (p.assigned.endpoints.includes(endpoint.id)) own = first(own, p);
    if (!own && p.assigned.groups.some((g) => endpoint.groups.includes(g))) group = first(group, p);
    if (!own && !group && p.is_default) fallback = first(fallback, p);
  }
  return own ?? group ?? fallback;
}
