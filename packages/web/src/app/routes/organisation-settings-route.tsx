import { OrganisationSettingsPage } from '@/features/organisations/pages/organisation-settings-page';
import { ScimProvisioningCard } from '@/features/scim/components/scim-provisioning-card';

/** Organisation settings with user provisioning (SCIM) below the details. Composition only. */
export function OrganisationSettingsRoute() {
  return <OrganisationSettingsPage sections={<ScimProvisioningCard />} />;
}
