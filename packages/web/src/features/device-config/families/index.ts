import type { FamilyPageSpec } from '@/features/device-config/engine/types';
import { accelerationPage } from './acceleration';
import { idsIpsPage } from './ids-ips';
import { bgpPage } from './bgp';
import { contentFilterPage } from './content-filter';
import { firewallPage } from './firewall';
import { interfacesPage } from './interfaces';
import { ipsecPage } from './ipsec';
import { linkBondingPage } from './link-bonding';
import { natPage } from './nat';
import { netflowPage } from './netflow';
import { policyRoutingPage } from './policy-routing';
import { qosPage } from './qos';
import { sdwanPage } from './sdwan';
import { servicesPage } from './services';
import { staticRoutesPage } from './static-routes';
import { urlFilterPage } from './url-filter';
import { userMappingPage } from './user-mapping';
import { overlayMeshPage } from './overlay-mesh';
import { vrrpPage } from './vrrp';
import { wirelessPage } from './wireless';

/** Every family page, in the order the configure menu lists them; a new family is a description added here. */
export const FAMILY_PAGES: readonly FamilyPageSpec[] = [
  interfacesPage,
  staticRoutesPage,
  firewallPage,
  natPage,
  servicesPage,
  sdwanPage,
  ipsecPage,
  policyRoutingPage,
  qosPage,
  vrrpPage,
  bgpPage,
  linkBondingPage,
  netflowPage,
  wirelessPage,
  accelerationPage,
  contentFilterPage,
  urlFilterPage,
  userMappingPage,
  overlayMeshPage,
  idsIpsPage,
];

export const familyPage = (route: string | undefined) => FAMILY_PAGES.find((p) => p.route === route);
