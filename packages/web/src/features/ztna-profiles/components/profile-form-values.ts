import type { EndpointProfile } from '@netloom/domain';

/** What the profile dialog edits: a profile without its id and default flag. */
export type ProfileFormValues = Omit<EndpointProfile, 'id' | 'is_default'>;

export const emptyProfile = (kind: EndpointProfile['kind'] = 'classic'): ProfileFormValues => ({
  name: '',
  description: '',
  kind,
  relays: [],
  dns: { use_tenant_dns: true, nameservers: [] },
  split_tunnel: { mode: 'include', routes: [] },
  resources: [],
  auto_connect: true,
  assigned: { endpoints: [], groups: [] },
});

export function formValuesOf(profile: EndpointProfile): ProfileFormValues {
  const { id: _id, is_default: _default, ...values } = profile;
  return values;
}
