import { canReadBrowsingData } from '@netloom/domain';
import { EmptyState } from '@/components/empty-state';
import { toast } from '@/components/feedback/toast';
import { LogToolbar } from '@/components/logs/log-toolbar';
import { logFilterBody } from '@/components/logs/log-filter-body';
import { useLogView } from '@/components/logs/use-log-view';
import { formErrorMessage } from '@/lib/forms';
import { useCurrentUser } from '@/lib/session/session-store';
import { useTenantScope } from '@/lib/tenant-scope';
import { useAvailableCategories } from '@/features/web-filter-analytics/api/get-available-categories';
import { useDownloadWebFilterLogs } from '@/features/web-filter-analytics/api/download-webfilter-logs';
import type { WebFilterLogKind } from '@/features/web-filter-analytics/api/get-webfilter-logs';
import { filtersFromDialog, logFilterDefinitions, logFilterFields } from '@/features/web-filter-analytics/components/log-filters';
import { SquidLogResults, WebFilterLogResults } from '@/features/web-filter-analytics/components/log-results';

const SEARCH_PLACEHOLDERS: Record<WebFilterLogKind, string> = {
  webfilter: 'Search user, device, URL, category, policy',
  squid: 'Search user, client, URL, result',
};

/**
 * The ZTNA logs' web filter tab (every decision) and squid tab (the proxy's access log). Search,
 * date range, filters, page and size live in the URL; the server filters and pages with the table
 * filter payload, and its CSV has every row of the filter.
 */
export function WebFilterLogsPage({ kind }: { kind: WebFilterLogKind }) {
  const user = useCurrentUser();
  const timezone = user?.timezone ?? null;
  const tid = useTenantScope();
  const fields = logFilterFields(kind);
  const { view, update, setFilters } = useLogView(fields);
  const body = logFilterBody(view, tid, fields);
  // Only the web filter tab filters by category; the squid tab does not ask for the catalogue.
  const categories = useAvailableCategories(kind === 'webfilter' && user !== null && canReadBrowsingData(user));
  const download = useDownloadWebFilterLogs(kind);
  // What people browsed is personal browsing data: owners and admins only, as the server decides.
  if (user && !canReadBrowsingData(user)) return <EmptyState title="Permission Denied" description="Only owners and admins can read the logs." />;
  const results = { body, timezone, onPage: (p: number) => update({ page: String(p) }), onSize: (s: string) => update({ size: s }) };

  return (
    <>
      <LogToolbar
        view={view}
        searchPlaceholder={SEARCH_PLACEHOLDERS[kind]}
        timezone={timezone}
        filterDefinitions={logFilterDefinitions(kind, categories.data ?? [])}
        update={update}
        onFilters={(values) => setFilters(filtersFromDialog(kind, values))}
        onDownload={() => download.mutate(body, { onError: (e) => toast.error(formErrorMessage(e)) })}
        downloading={download.isPending}
      />
      {kind === 'webfilter' ? <WebFilterLogResults {...results} /> : <SquidLogResults {...results} />}
    </>
  );
}
