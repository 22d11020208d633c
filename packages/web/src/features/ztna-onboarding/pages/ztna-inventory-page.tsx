import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { RoutedTabs } from '@/components/routed-tabs';
import { useCurrentUser } from '@/lib/session/session-store';
import { paths } from '@/paths';
import { ApproveInventory } from '@/features/ztna-onboarding/components/approve-inventory';
import { EnrolledInventory } from '@/features/ztna-onboarding/components/enrolled-inventory';
import { RejectedInventory } from '@/features/ztna-onboarding/components/rejected-inventory';

const TABS = [
  { route: 'enrolled-inventory', label: 'Enrolled' },
  { route: 'approve-inventory', label: 'Approve' },
  { route: 'rejected-inventory', label: 'Rejected' },
] as const;
type TabRoute = (typeof TABS)[number]['route'];
const isTab = (v: string | undefined | null): v is TabRoute => TABS.some((t) => t.route === v);

/** Organization › Inventory (spec 000 §2.15): the enrolled clients, those waiting for approval, and those kept out. */
export function ZtnaInventoryPage() {
  const user = useCurrentUser();
  const { tab: param } = useParams();
  const navigate = useNavigate();
  const tab: TabRoute = isTab(param) ? param : 'enrolled-inventory';
  if (!user) return null;
  return (
    <>
      <PageHeader title="Inventory" subtitle="The tenant's MicroZAccess clients: their posture, profile and client version" />
      <RoutedTabs tabs={TABS} value={tab} onChange={(v) => isTab(v) && void navigate(paths.ztna.inventory(v))}>
        {tab === 'enrolled-inventory' ? (
          <EnrolledInventory user={user} />
        ) : tab === 'approve-inventory' ? (
          <ApproveInventory user={user} />
        ) : (
          <RejectedInventory user={user} />
        )}
      </RoutedTabs>
    </>
  );
}
