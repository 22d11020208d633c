import { EmptyState } from '@/components/empty-state';
import { ErrorPanel } from '@/components/error-panel';
import { isApiError } from '@/lib/http/api-error';

/** The edges' logs name clients: the server lets only owners and admins read them, and a refusal reads as such. */
export function LogFailure({ error, retry }: { error: unknown; retry: () => void }) {
  if (isApiError(error) && error.status === 403) return <EmptyState title="Permission Denied" description="Only owners and admins can read the edges' logs." />;
  return <ErrorPanel onRetry={retry} />;
}
