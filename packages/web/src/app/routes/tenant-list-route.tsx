import { TenantListPage } from '@/features/tenants/pages/tenant-list-page';
import { useTenantAdmin } from '@/features/organisations/components/use-tenant-admin';

/** The super admin's tenant list with the administration of features/organisations composed in. */
export function TenantListRoute() {
  const admin = useTenantAdmin();
  return (
    <TenantListPage headerActions={admin.createButton} rowActions={admin.rowActions}>
      {admin.dialogs}
    </TenantListPage>
  );
}
