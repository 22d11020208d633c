import type { RouteObject } from 'react-router';
import { paths } from '@/paths';
import { redirectTo } from './redirect-route';

/**
 * Zero-trust access under /ztna: endpoint profiles, onboarding, inventory, DNS, overlay, policies,
 * NAC and client updates (spec 000 §2.15–2.16). Each section's bare path opens its first tab.
 */
export function ztnaAccessRoutes(): RouteObject[] {
  return [
    {
      path: 'device/configure/overlay-mesh-vpn',
      lazy: () => import('@/features/ztna-profiles/pages/endpoint-profiles-page').then((m) => ({ Component: m.EndpointProfilesPage })),
    },
    {
      path: 'device/configure/overlay-device',
      lazy: () => import('@/features/ztna-profiles/pages/profile-assignments-page').then((m) => ({ Component: m.ProfileAssignmentsPage })),
    },
    { path: 'device/configure', ...redirectTo(paths.ztna.profiles) },
    { path: 'mza/status/*', lazy: () => import('@/features/ztna-profiles/pages/mza-status-page').then((m) => ({ Component: m.MzaStatusPage })) },
    { path: 'organization/onboarding', ...redirectTo(paths.ztna.onboarding('client')) },
    {
      path: 'organization/onboarding/:tab',
      lazy: () => import('@/features/ztna-onboarding/pages/onboarding-page').then((m) => ({ Component: m.OnboardingPage })),
    },
    { path: 'organization/inventory', ...redirectTo(paths.ztna.inventory('enrolled-inventory')) },
    {
      path: 'organization/inventory/:tab',
      lazy: () => import('@/features/ztna-onboarding/pages/ztna-inventory-page').then((m) => ({ Component: m.ZtnaInventoryPage })),
    },
    { path: 'organization/dns', lazy: () => import('@/features/ztna-dns/pages/dns-page').then((m) => ({ Component: m.DnsPage })) },
    { path: 'organization/overlay', ...redirectTo(paths.ztna.overlay('security-group')) },
    { path: 'organization/overlay/:tab', lazy: () => import('@/features/ztna-overlay/pages/overlay-page').then((m) => ({ Component: m.OverlayPage })) },
    {
      path: 'organization/policies',
      lazy: () => import('@/features/ztna-policies/pages/access-policies-page').then((m) => ({ Component: m.AccessPoliciesPage })),
    },
    {
      path: 'organization/systemtools/mza-update',
      lazy: () => import('@/features/ztna-updates/pages/client-updates-page').then((m) => ({ Component: m.ClientUpdatesPage })),
    },
    { path: 'nac', ...redirectTo(paths.ztna.nac) },
    { path: 'nac/nac-available-list', lazy: () => import('@/features/nac/pages/nac-page').then((m) => ({ Component: m.NacPage })) },
  ];
}
