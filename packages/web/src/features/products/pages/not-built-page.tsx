import { Paper } from '@mantine/core';
import { IconBarrierBlock } from '@tabler/icons-react';
import { dashboardName, type ProductKey } from '@netloom/domain';
import { PageHeader } from '@/components/page-header';
import { EmptyState } from '@/components/empty-state';

export interface NotBuiltSpec {
  title: string;
  /** What the page will hold once it is built. */
  coming: string;
}

/** Pages of the spec that are not built yet (see ROUTES.md); each says what it will hold. */
export const NOT_BUILT = {
  configure: {
    title: 'Device Configuration',
    coming:
      'Link bonding, network acceleration, QoS, wireless, BGP, VRRP, content and URL filtering, netflow, IDS/IPS, user mapping, overlay mesh VPN and diagnostics. Interfaces, static routes, firewall, NAT, services, SD-WAN, IPsec and policy routing are ready (SD-WAN Gateway → Configure).',
  },
  endpointProfiles: { title: 'Endpoint Profiles', coming: 'Overlay mesh VPN and overlay device profiles, pushed to the MicroZAccess clients.' },
  gatewayMonitor: {
    title: 'Gateway Monitor',
    coming:
      'The remaining monitor pages of a gateway. Network, SD-WAN, IPsec, firewall, URL filter, SLA and WAN traffic, netflow, alarms, BGP and logs are ready (SD-WAN Gateway → Monitor).',
  },
  mzaStatus: { title: 'MicroZAccess Status', coming: 'The connection, overlay and policy status of each endpoint.' },
  organization: { title: 'Organization', coming: 'Monitoring across all gateways, system tools and reports for the organisation.' },
  ztnaOrganization: {
    title: 'Organization',
    coming:
      'Onboarding of clients, servers and app connectors, DNS, overlay, access policies and system tools. Inventory and web filtering are ready (Organization → Inventory, Web filter).',
  },
  monitor: {
    title: 'Organization Monitor',
    coming: 'Reports across all gateways. VPN status, Alarms, BGP and Interfaces are ready (Organization → VPN status, Alarms, BGP, Interfaces).',
  },
  configTemplates: { title: 'Config Templates', coming: 'Partial configurations with variables, applied to devices and device groups.' },
  nac: { title: 'NAC', coming: 'Network access control: the devices asking for access and the decisions about them.' },
  support: { title: 'Support', coming: 'Raising support tickets and following their status.' },
  userQueries: { title: 'User Queries', coming: 'Questions from your users and their answers.' },
} as const satisfies Record<string, NotBuiltSpec>;
export type NotBuiltKey = keyof typeof NOT_BUILT;

/**
 * A page that is not built yet says so plainly: no empty state inviting to create what cannot be
 * created here yet.
 */
export function NotBuiltPage({ page, product }: { page: NotBuiltSpec; product?: ProductKey }) {
  return (
    <>
      <PageHeader title={page.title} subtitle={product ? dashboardName(product) : undefined} />
      <Paper withBorder>
        <EmptyState icon={<IconBarrierBlock size={32} stroke={1.5} />} title={`${page.title} is not built yet`} description={`Coming here: ${page.coming}`} />
      </Paper>
    </>
  );
}
