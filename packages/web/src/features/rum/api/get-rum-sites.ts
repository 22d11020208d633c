import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { RUM_PATHS, rumSiteSchema, rumSnippetSchema } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tidQuery, useTenantScope } from '@/lib/tenant-scope';
import { rumKeys } from './rum-keys';

const sitesSchema = z.array(rumSiteSchema);

function rumSitesQueryOptions(tid: string | null) {
  return queryOptions({
    queryKey: rumKeys.sites(tid),
    queryFn: ({ signal }) => api.get(RUM_PATHS.sites, sitesSchema, { query: tidQuery(tid), signal }),
  });
}

/** The tenant's monitored sites and apps, both kinds. */
export function useRumSites() {
  return useQuery(rumSitesQueryOptions(useTenantScope()));
}

/** The script tag a site's pages include, with where the SDK and the beacons go. */
export function useRumSnippet(siteId: string | null) {
  const tid = useTenantScope();
  return useQuery({
    queryKey: rumKeys.snippet(tid, siteId ?? ''),
    queryFn: siteId ? ({ signal }) => api.get(RUM_PATHS.snippet(siteId), rumSnippetSchema, { query: tidQuery(tid), signal }) : skipToken,
  });
}
