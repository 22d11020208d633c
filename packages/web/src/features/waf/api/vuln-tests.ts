import { queryOptions, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { WAF_PATHS, wafTestedVulnerabilitySchema, wafVulnRunDetailSchema, wafVulnRunSchema, wafVulnTestInputSchema, type WafVulnRun } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { wafKeys } from './waf-keys';

/** Runs still going are followed until they end. */
const RUNNING_POLL_MS = 3_000;
const open = (r: Pick<WafVulnRun, 'state'>) => r.state === 'queued' || r.state === 'running';

const keys = {
  runs: (tid: string | null) => [...wafKeys.all(tid), 'vuln-tests'] as const,
  run: (tid: string | null, id: string | null) => [...wafKeys.all(tid), 'vuln-tests', id] as const,
  tested: (tid: string | null) => [...wafKeys.all(tid), 'vulnerabilities-tested'] as const,
};

/** The organisation's vulnerability tests, newest first, followed while one runs. */
export function useVulnTests() {
  const tid = useTenantScope();
  return useQuery(
    queryOptions({
      queryKey: keys.runs(tid),
      queryFn: tid ? ({ signal }) => api.get(WAF_PATHS.vulnTests, z.array(wafVulnRunSchema), { query: tenantIdQuery(tid), signal }) : skipToken,
      refetchInterval: (q) => (q.state.data?.some(open) ? RUNNING_POLL_MS : false),
    }),
  );
}

/** One test with its findings, followed while it runs. */
export function useVulnTest(id: string | null) {
  const tid = useTenantScope();
  return useQuery(
    queryOptions({
      queryKey: keys.run(tid, id),
      queryFn: tid && id ? ({ signal }) => api.get(WAF_PATHS.vulnTest(id), wafVulnRunDetailSchema, { query: tenantIdQuery(tid), signal }) : skipToken,
      refetchInterval: (q) => (q.state.data && open(q.state.data) ? RUNNING_POLL_MS : false),
    }),
  );
}

/** Starts a test (owners and admins). */
export function useStartVulnTest() {
  const queryClient = useQueryClient();
  const tid = useTenantScope();
  return useMutation({
    mutationFn: (input: z.input<typeof wafVulnTestInputSchema>) =>
      api.post(WAF_PATHS.vulnTests, wafVulnTestInputSchema.parse(input), wafVulnRunDetailSchema, { query: tenantIdQuery(tid) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.runs(tid) }),
  });
}

/** Cancels a test that has not ended. */
export function useCancelVulnTest() {
  const queryClient = useQueryClient();
  const tid = useTenantScope();
  return useMutation({
    mutationFn: (id: string) => api.post(WAF_PATHS.vulnTestCancel(id), {}, wafVulnRunDetailSchema, { query: tenantIdQuery(tid) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.runs(tid) }),
  });
}

/** The weaknesses found by testing (each application's newest finished test), for events/vulnerabilities. */
export function useTestedVulnerabilities() {
  const tid = useTenantScope();
  return useQuery(
    queryOptions({
      queryKey: keys.tested(tid),
      queryFn: tid
        ? ({ signal }) => api.get(WAF_PATHS.testedVulnerabilities, z.array(wafTestedVulnerabilitySchema), { query: tenantIdQuery(tid), signal })
        : skipToken,
    }),
  );
}
