import { OrganisationSettingsPage } from '@/features/organisations/pages/organisation-settings-page';
import { ScimProvisioningCard } from '@/features/scim/components/scim-provisioning-card';
import { HelpdeskIntegrationCard } from '@/features/helpdesk-integration/components/helpdesk-integration-card';

/** Organisation settings with user provisioning (SCIM) and the support tickets' helpdesk below the details. Composition only. */
export function OrganisationSettingsRoute() {
  return (
    <OrganisationSettingsPage
      sections={
        <>
          <ScimProvisioningCard />
          <HelpdeskIntegrationCard />
        </>
      }
    />
  );
}
