import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { RoutedTabs } from '@/components/routed-tabs';
import { useCurrentUser } from '@/lib/session/session-store';
import { paths } from '@/paths';
import { ClientsTab } from '@/features/ztna-onboarding/components/clients-tab';
import { ConnectorsTab } from '@/features/ztna-onboarding/components/connectors-tab';
import { ServersTab } from '@/features/ztna-onboarding/components/servers-tab';

const TABS = [
  { route: 'client', label: 'Clients' },
  { route: 'server', label: 'Servers' },
  { route: 'app-connector', label: 'App connectors' },
] as const;
type TabRoute = (typeof TABS)[number]['route'];
const isTab = (v: string | undefined | null): v is TabRoute => TABS.some((t) => t.route === v);

/** Organization › Onboarding (spec 000 §2.15): clients (invites and enrolment keys), servers and app connectors. */
export function OnboardingPage() {
  const user = useCurrentUser();
  const { tab: param } = useParams();
  const navigate = useNavigate();
  const tab: TabRoute = isTab(param) ? param : 'client';
  if (!user) return null;
  return (
    <>
      <PageHeader title="Onboarding" subtitle="Bring clients, private servers and the app connectors that publish them into zero-trust access" />
      <RoutedTabs tabs={TABS} value={tab} onChange={(v) => isTab(v) && void navigate(paths.ztna.onboarding(v))}>
        {tab === 'client' && <ClientsTab user={user} />}
        {tab === 'server' && <ServersTab user={user} />}
        {tab === 'app-connector' && <ConnectorsTab user={user} />}
      </RoutedTabs>
    </>
  );
}
