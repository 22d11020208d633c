import { Outlet, useLocation, useNavigate } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { RoutedTabs } from '@/components/routed-tabs';

export interface LogsTab {
  label: string;
  /** The tab's full path; a tab is open when the URL is at or under it. */
  path: string;
}

/**
 * The logs section's header and tab strip around the open tab's page. The tabs are pages of
 * different features (activity logs, web filter logs), so they are listed here, where the
 * features are composed, not inside one of them.
 */
export function LogsSectionRoute({ tabs, subtitle }: { tabs: readonly LogsTab[]; subtitle: string }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const open = tabs.find((t) => pathname === t.path || pathname.startsWith(`${t.path}/`))?.path ?? null;
  return (
    <>
      <PageHeader title="Logs" subtitle={subtitle} />
      {/* Another tab starts without this one's search and filters: they name other columns. */}
      <RoutedTabs tabs={tabs.map((t) => ({ route: t.path, label: t.label }))} value={open} onChange={(p) => void navigate(p)}>
        <Outlet />
      </RoutedTabs>
    </>
  );
}
