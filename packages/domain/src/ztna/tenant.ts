import type { DnsGroup } from './dns';
import type { Relay, ZtnaSettings } from './overlay';
import type { EndpointProfile } from './profile';
import type { ZtnaPolicy } from './policy';
import type { ZtnaServer } from './resources';
import type { SecurityGroup } from './security-groups';
import type { EndpointOs, Posture } from './posture';
import type { NacSection } from './nac';

/** An endpoint as its section depends on it. */
export interface ZtnaEndpoint {
  id: string;
  /** Lower-case e-mail of the user signed in. */
  user: string | null;
  /** The user's groups (teams). */
  groups: string[];
  posture: Posture;
}

export interface ZtnaRollout {
  id: string;
  os: EndpointOs;
  version: string;
  securityGroup: string | null;
  percentage: number;
}

/** The tenant's zero-trust settings as the server loads them: what every device's sections are made from. */
export interface TenantZtna {
  profiles: EndpointProfile[];
  servers: ZtnaServer[];
  /** App connectors: gateways publishing the servers of a site. */
  connectors: { deviceId: string; site: string }[];
  dnsGroups: DnsGroup[];
  securityGroups: SecurityGroup[];
  relays: Relay[];
  settings: ZtnaSettings;
  /** In order, first first. */
  policies: ZtnaPolicy[];
  /** Newest first: an endpoint follows the newest rollout of its OS that reaches it. */
  rollouts: ZtnaRollout[];
  /** Hosts blocked or quarantined on the tenant's networks. */
  nac: NacSection['hosts'];
  endpoints: Map<string, ZtnaEndpoint>;
}
