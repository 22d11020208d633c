/** The zero-trust module as the composition root, the configuration engine and the ztna-activity module see it. */
export { ztnaRoutes, type ZtnaRoutesOptions } from './routes';
export { EndpointProfileService } from './profile-service';
export { ResourceService } from './resource-service';
export { OverlayService } from './overlay-service';
export { PolicyService } from './policy-service';
export { OnboardingService, clientDownloads } from './onboarding-service';
export { InventoryService } from './inventory-service';
export { ClientEnrolmentService } from './client-enrolment-service';
export { recordClientEnrolment, shareSettingsLock, takeKeyUse } from './client-keys-repo';
export { ZtnaRecommit } from './recommit';
export { loadTenantZtna } from './load';
export { ztnaSections } from './sections';
export { type CountryPort, type DeviceConfigPort, type DeviceInventoryPort } from './ports';
export { listEndpoints, postureOf, type EndpointFacts } from './endpoints-repo';
export { connectorHealthOf, type ConnectorHealth } from './connector-health';
