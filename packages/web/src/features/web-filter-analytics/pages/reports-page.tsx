import { useNavigate } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { RoutedTabs, type RoutedTab } from '@/components/routed-tabs';
import { useCurrentUser } from '@/lib/session/session-store';
import { paths } from '@/paths';
import { CustomUrlsReport } from '@/features/web-filter-analytics/components/custom-urls-report';
import { UrlDiscoveryReport } from '@/features/web-filter-analytics/components/url-discovery-report';
import { UrlRulesReport } from '@/features/web-filter-analytics/components/url-rules-report';

export type ReportTab = 'url-rules' | 'custom-urls' | 'url-discovery';

const TABS: readonly (RoutedTab & { route: ReportTab })[] = [
  { route: 'url-rules', label: 'URL rules' },
  { route: 'custom-urls', label: 'Custom URLs' },
  { route: 'url-discovery', label: 'URL discovery' },
];

/** ZTNA → Reports: what the web filter's rules did, the custom URLs and the domains no category knows yet. */
export function ReportsPage({ tab }: { tab: ReportTab }) {
  const timezone = useCurrentUser()?.timezone ?? null;
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title="Reports" subtitle="What the web filter's rules did over the last days" />
      {/* Each tab has its own route; another tab starts without this one's search and page. */}
      <RoutedTabs tabs={TABS} value={tab} onChange={(route) => void navigate(paths.ztnaReports(route))}>
        {tab === 'url-rules' ? (
          <UrlRulesReport timezone={timezone} />
        ) : tab === 'custom-urls' ? (
          <CustomUrlsReport />
        ) : (
          <UrlDiscoveryReport timezone={timezone} />
        )}
      </RoutedTabs>
    </>
  );
}
