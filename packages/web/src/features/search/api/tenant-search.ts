import { skipToken, useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '@mantine/hooks';
import { CONSOLE_PATHS, SEARCH_DEBOUNCE_MS, SEARCH_SERVER_MIN_CHARS, searchResponseSchema } from '@netloom/domain';
import { api } from '@/lib/http/client';

/**
 * The tenant's devices, device groups, users, groups, templates and policies whose names hold the
 * typed text: asked once typing pauses and the text is long enough, so each key is not a request.
 */
export function useTenantSearch(text: string, tenantId: string | null) {
  const [settled] = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const ask = tenantId !== null && settled.length >= SEARCH_SERVER_MIN_CHARS;
  const query = useQuery({
    queryKey: ['tenant-search', tenantId, settled],
    queryFn: ask ? ({ signal }) => api.get(CONSOLE_PATHS.search, searchResponseSchema, { query: { q: settled, tenant_id: tenantId }, signal }) : skipToken,
    // A name found a moment ago is still there: typing back and forth does not ask again.
    staleTime: 30_000,
  });
  const typing = tenantId !== null && text.trim() !== settled && text.trim().length >= SEARCH_SERVER_MIN_CHARS;
  return {
    results: ask ? (query.data?.results ?? []) : [],
    /** Asking, or about to ask once typing pauses. */
    searching: typing || (ask && query.isFetching),
    failed: ask && query.isError,
  };
}
