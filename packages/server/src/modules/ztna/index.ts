/** The zero-trust module as the composition root, the configuration engine and the ztna-activity module see it. */
export { ztnaRoutes } from './routes';
export { EndpointProfileService } from './profile-service';
export { ResourceService } from './resource-service';
export { OverlayService } from './overlay-service';
export { PolicyService } from './policy-service';
export { OnboardingService } from './onboarding-service';
export { InventoryService } from './inventory-service';
export { ClientEnrolmentService } from './client-enrolment-service';
export { recordClientEnrolment, shareSettingsLock, takeKeyUse } from './client-keys-repo';
export { ZtnaRecommit } from './recommit';
export { loadTenantZtna } from './load';
export { ztnaSections } from './sections';
