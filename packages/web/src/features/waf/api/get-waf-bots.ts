import { queryOptions, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  WAF_PATHS,
  apiAbuseViewSchema,
  apiKeyBlockInputSchema,
  wafBotSettingsSchema,
  wafBotSettingsViewSchema,
  wafBotSummarySchema,
  type WafBotSettings,
} from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import type { WafWindowQuery } from './get-waf-summary';
import { wafKeys } from './waf-keys';

function wafBotsQueryOptions(tid: string | null, query: WafWindowQuery) {
  return queryOptions({
    queryKey: wafKeys.bots(tid, query),
    queryFn: tid ? ({ signal }) => api.get(WAF_PATHS.bots, wafBotSummarySchema, { query: { ...query, ...tenantIdQuery(tid) }, signal }) : skipToken,
  });
}

/** The edges' clients of a window by kind (human, verified bot, likely bot, automated), family and network. */
export function useWafBots(query: WafWindowQuery) {
  return useQuery(wafBotsQueryOptions(useTenantScope(), query));
}

/** Bot protection's settings: the good bots, the action per class, each class's list size. */
export function useWafBotSettings() {
  const tid = useTenantScope();
  return useQuery(
    queryOptions({
      queryKey: [...wafKeys.all(tid), 'bot-settings'] as const,
      queryFn: tid ? ({ signal }) => api.get(WAF_PATHS.botSettings, wafBotSettingsViewSchema, { query: tenantIdQuery(tid), signal }) : skipToken,
    }),
  );
}

/** Replaces the settings (owners and admins); the classes' lists reach the edges with the new actions. */
export function useSaveWafBotSettings() {
  const queryClient = useQueryClient();
  const tid = useTenantScope();
  return useMutation({
    mutationFn: (input: WafBotSettings) =>
      api.put(WAF_PATHS.botSettings, wafBotSettingsSchema.parse(input), wafBotSettingsViewSchema, { query: tenantIdQuery(tid) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: wafKeys.all(tid) }),
  });
}

/** API abuse protection: the window's API keys ranked by risk against their own baseline. */
export function useApiAbuse(query: WafWindowQuery) {
  const tid = useTenantScope();
  return useQuery(
    queryOptions({
      queryKey: [...wafKeys.all(tid), 'api-abuse', query] as const,
      queryFn: tid ? ({ signal }) => api.get(WAF_PATHS.apiAbuse, apiAbuseViewSchema, { query: { ...query, ...tenantIdQuery(tid) }, signal }) : skipToken,
    }),
  );
}

/** Refuses an API key at the edges by its fingerprint, or lifts that. */
export function useBlockApiKey() {
  const queryClient = useQueryClient();
  const tid = useTenantScope();
  return useMutation({
    mutationFn: (input: { key: string; blocked: boolean }) =>
      api.post(WAF_PATHS.apiAbuseBlock, apiKeyBlockInputSchema.parse(input), apiAbuseViewSchema.shape.blocked, { query: tenantIdQuery(tid) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...wafKeys.all(tid), 'api-abuse'] }),
  });
}
