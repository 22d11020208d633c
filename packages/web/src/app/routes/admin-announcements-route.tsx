import { AdminAnnouncementsPage } from '@/features/announcements/pages/admin-announcements-page';
import { useTenants } from '@/features/tenants/api/get-tenants';

/** Super Admin → Announcements, with the tenant list of features/tenants as the audience's choices. */
export function AdminAnnouncementsRoute() {
  const tenants = useTenants();
  const options = (tenants.data?.results ?? []).map((t) => ({ value: t.id, label: t.tenantname }));
  return <AdminAnnouncementsPage tenants={options} />;
}
