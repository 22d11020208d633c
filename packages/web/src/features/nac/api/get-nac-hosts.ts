import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import { enforcedStateOf, nacHostPageSchema, ZTNA_PATHS, type NacDecision } from '@netloom/domain';
import type { z } from 'zod';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { nacKeys } from './nac-keys';

type NacHostPage = z.infer<typeof nacHostPageSchema>;
export type NacHostRow = NacHostPage['results'][number];

export interface NacHostQuery {
  search: string;
  decision: NacDecision | null;
  page: number;
  pageSize: number;
}

/** While a decision is on its way to a gateway, the hosts are asked for this often, so its enforcement shows. */
const WAITING_POLL_MS = 3_000;
const IDLE_POLL_MS = 30_000;

/** Whether the gateway does not enforce the host's decision yet. */
export const awaitingGateway = (h: Pick<NacHostRow, 'decision' | 'state'>) => enforcedStateOf(h.decision) !== h.state;

/** One page of the hosts the gateways saw, filtered by search and decision on the server. */
export function useNacHosts(q: NacHostQuery) {
  const tid = useTenantScope();
  return useQuery({
    queryKey: nacKeys.hosts(tid, q),
    queryFn: tid
      ? ({ signal }) =>
          api.get(ZTNA_PATHS.nacHosts, nacHostPageSchema, {
            query: {
              ...tenantIdQuery(tid),
              ...(q.search ? { search: q.search } : {}),
              ...(q.decision ? { decision: q.decision } : {}),
              page: q.page,
              page_size: q.pageSize,
            },
            signal,
          })
      : skipToken,
    placeholderData: keepPreviousData,
    refetchInterval: (query) => ((query.state.data as NacHostPage | undefined)?.results.some(awaitingGateway) ? WAITING_POLL_MS : IDLE_POLL_MS),
  });
}
