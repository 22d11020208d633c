import { canReadBrowsingData } from '@netloom/domain';
import { EmptyState } from '@/components/empty-state';
import { toast } from '@/components/feedback/toast';
import { LogToolbar } from '@/components/logs/log-toolbar';
import { logFilterBody } from '@/components/logs/log-filter-body';
import { useLogView } from '@/components/logs/use-log-view';
import { formErrorMessage } from '@/lib/forms';
import { useCurrentUser } from '@/lib/session/session-store';
import { useTenantScope } from '@/lib/tenant-scope';
import { useDownloadSessionLogs } from '@/features/ztna-sessions/api/download-session-logs';
import { SessionLogResults } from '@/features/ztna-sessions/components/session-log-results';
import { filtersFromDialog, SESSION_FILTER_FIELDS, sessionFilterDefinitions } from '@/features/ztna-sessions/components/session-log-filters';

/**
 * The ZTNA logs' session tab: every connection attempt an endpoint decided. Search, date range,
 * filters, page and size live in the URL; the server filters and pages with the table filter
 * payload, and its CSV has every row of the filter.
 */
export function SessionLogsPage() {
  const user = useCurrentUser();
  const timezone = user?.timezone ?? null;
  const tid = useTenantScope();
  const { view, update, setFilters } = useLogView(SESSION_FILTER_FIELDS);
  const body = logFilterBody(view, tid, SESSION_FILTER_FIELDS);
  const download = useDownloadSessionLogs();
  // Who reached what, from where, is personal browsing data: owners and admins only, as the server decides.
  if (user && !canReadBrowsingData(user)) return <EmptyState title="Permission Denied" description="Only owners and admins can read the logs." />;

  return (
    <>
      <LogToolbar
        view={view}
        searchPlaceholder="Search user, endpoint, server, policy, connector"
        timezone={timezone}
        filterDefinitions={sessionFilterDefinitions()}
        update={update}
        onFilters={(values) => setFilters(filtersFromDialog(values))}
        onDownload={() => download.mutate(body, { onError: (e) => toast.error(formErrorMessage(e)) })}
        downloading={download.isPending}
      />
      <SessionLogResults body={body} timezone={timezone} onPage={(p) => update({ page: String(p) })} onSize={(s) => update({ size: s })} />
    </>
  );
}
