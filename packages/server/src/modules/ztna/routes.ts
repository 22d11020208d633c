import type { FastifyPluginAsync } from 'fastify';
import type { EndpointProfileService } from './profile-service';
import type { ResourceService } from './resource-service';
import type { OverlayService } from './overlay-service';
import type { PolicyService } from './policy-service';
import type { OnboardingService } from './onboarding-service';
import type { InventoryService } from './inventory-service';
import type { ClientEnrolmentService } from './client-enrolment-service';
import { profileRoutes } from './profile-routes';
import { serverRoutes } from './server-routes';
import { connectorRoutes } from './connector-routes';
import { relayRoutes } from './relay-routes';
import { dnsRoutes } from './dns-routes';
import { securityGroupRoutes } from './security-group-routes';
import { settingsRoutes } from './settings-routes';
import { policyRoutes } from './policy-routes';
import { onboardingRoutes } from './onboarding-routes';
import { inventoryRoutes } from './inventory-routes';
import { clientEnrolmentRoutes } from './client-enrolment-routes';

/** What the composition root hands the zero-trust routes. */
export interface ZtnaRoutesOptions {
  ztnaProfiles: EndpointProfileService;
  ztnaResources: ResourceService;
  ztnaOverlay: OverlayService;
  ztnaPolicies: PolicyService;
  ztnaOnboarding: OnboardingService;
  ztnaInventory: InventoryService;
  ztnaClientEnrolment: ClientEnrolmentService;
}

/**
 * Zero-trust access (spec 000 §2.15–2.16, 001 §7), a file per entity: endpoint profiles, servers
 * and their data protection, app connectors, relays, DNS, security groups, the overlay settings,
 * policies, onboarding, the inventory of clients and the clients' own enrolment. Every change is pushed to the devices it touches.
 */
export const ztnaRoutes: FastifyPluginAsync<ZtnaRoutesOptions> = async (app, services) => {
  await app.register(profileRoutes, { profiles: services.ztnaProfiles });
  await app.register(serverRoutes, { resources: services.ztnaResources });
  await app.register(connectorRoutes, { resources: services.ztnaResources });
  await app.register(relayRoutes, { resources: services.ztnaResources });
  await app.register(dnsRoutes, { overlay: services.ztnaOverlay });
  await app.register(securityGroupRoutes, { overlay: services.ztnaOverlay });
  await app.register(settingsRoutes, { overlay: services.ztnaOverlay });
  await app.register(policyRoutes, { policies: services.ztnaPolicies });
  await app.register(onboardingRoutes, { onboarding: services.ztnaOnboarding });
  await app.register(inventoryRoutes, { inventory: services.ztnaInventory });
  await app.register(clientEnrolmentRoutes, { clientEnrolment: services.ztnaClientEnrolment });
};
