import { PageHeader } from '@/components/page-header';

export function LogsManagementPage() {
  return <PageHeader title="Logs management" />;
}
