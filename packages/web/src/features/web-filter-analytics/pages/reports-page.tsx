import { PageHeader } from '@/components/page-header';

export type ReportTab = 'url-rules' | 'custom-urls' | 'url-discovery';

export function ReportsPage({ tab }: { tab: ReportTab }) {
  return <PageHeader title="Reports" subtitle={tab} />;
}
