import { Tabs } from '@mantine/core';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { PageHeader } from '@/components/page-header';

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
      <Tabs value={open} onChange={(p) => p && p !== open && void navigate(p)} mb="md">
        <Tabs.List>
          {tabs.map((t) => (
            <Tabs.Tab key={t.path} value={t.path}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Outlet />
    </>
  );
}
