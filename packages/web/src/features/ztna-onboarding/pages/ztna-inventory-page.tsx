import { useNavigate, useParams } from 'react-router';
import { Tabs } from '@mantine/core';
import { PageHeader } from '@/components/page-header';
import { useCurrentUser } from '@/lib/session/session-store';
import { paths } from '@/paths';
import { ApproveInventory } from '@/features/ztna-onboarding/components/approve-inventory';
import { EnrolledInventory } from '@/features/ztna-onboarding/components/enrolled-inventory';

const TABS = [
  { route: 'enrolled-inventory', label: 'Enrolled' },
  { route: 'approve-inventory', label: 'Approve' },
] as const;
type TabRoute = (typeof TABS)[number]['route'];
const isTab = (v: string | undefined | null): v is TabRoute => TABS.some((t) => t.route === v);

/** Organization › Inventory (spec 000 §2.15): the enrolled clients, and those waiting for approval. */
export function ZtnaInventoryPage() {
  const user = useCurrentUser();
  const { tab: param } = useParams();
  const navigate = useNavigate();
  const tab: TabRoute = isTab(param) ? param : 'enrolled-inventory';
  if (!user) return null;
  return (
    <>
      <PageHeader title="Inventory" subtitle="The tenant's MicroZAccess clients: their posture, profile and client version" />
      <Tabs value={tab} onChange={(v) => isTab(v) && void navigate(paths.ztna.inventory(v))}>
        <Tabs.List mb="md">
          {TABS.map((t) => (
            <Tabs.Tab key={t.route} value={t.route}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {tab === 'enrolled-inventory' ? <EnrolledInventory user={user} /> : <ApproveInventory user={user} />}
    </>
  );
}
