import { useNavigate, useParams } from 'react-router';
import { canWriteConfig } from '@netloom/domain';
import { PageHeader } from '@/components/page-header';
import { RoutedTabs, type RoutedTab } from '@/components/routed-tabs';
import { useCurrentUser } from '@/lib/session/session-store';
import { paths } from '@/paths';
import { DpcTab } from '@/features/ztna-overlay/components/dpc-tab';
import { GroupMembershipTab } from '@/features/ztna-overlay/components/group-membership-tab';
import { IaoForm } from '@/features/ztna-overlay/components/iao-form';
import { OverlayAccessForm } from '@/features/ztna-overlay/components/overlay-access-form';
import { RelaysTab } from '@/features/ztna-overlay/components/relays-tab';
import { SecurityGroupsTab } from '@/features/ztna-overlay/components/security-groups-tab';

type OverlayTab = 'security-group' | 'iao' | 'overlay-mesh-server' | 'group-membership' | 'overlay-access-policy' | 'dpc';

const TABS: readonly (RoutedTab & { route: OverlayTab })[] = [
  { route: 'security-group', label: 'Security groups' },
  { route: 'iao', label: 'Identity-aware overlay' },
  { route: 'overlay-mesh-server', label: 'Overlay mesh servers' },
  { route: 'group-membership', label: 'Group membership' },
  { route: 'overlay-access-policy', label: 'Overlay access policy' },
  { route: 'dpc', label: 'Data protection' },
];

/** ZTNA › Organization › Overlay: security groups, identity-aware overlay, relays, group membership, peer access and data protection. */
export function OverlayPage() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const { tab: param } = useParams();
  const tab = TABS.find((t) => t.route === param)?.route ?? 'security-group';
  if (!user) return null;
  const writer = canWriteConfig(user);
  return (
    <>
      <PageHeader title="Overlay" subtitle="Who is grouped with whom, how users sign in, where clients meet, and what they may do with the data" />
      <RoutedTabs tabs={TABS} value={tab} onChange={(route) => void navigate(paths.ztna.overlay(route as OverlayTab))}>
        {tab === 'security-group' && <SecurityGroupsTab writer={writer} />}
        {tab === 'iao' && <IaoForm writer={writer} />}
        {tab === 'overlay-mesh-server' && <RelaysTab writer={writer} timezone={user.timezone ?? null} />}
        {tab === 'group-membership' && <GroupMembershipTab />}
        {tab === 'overlay-access-policy' && <OverlayAccessForm writer={writer} />}
        {tab === 'dpc' && <DpcTab writer={writer} />}
      </RoutedTabs>
    </>
  );
}
