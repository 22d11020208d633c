import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ASSISTANT_DRAFT_HEADER, ASSISTANT_PATH, WEBFILTER_PATHS, ZTNA_PATHS, assistantReplySchema, type AssistantAgentType } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery } from '@/lib/tenant-scope';

/** Sends the described request; the answer is what would be made, or the question to answer first. */
export function useAskAssistant(tid: string | null) {
  return useMutation({
    mutationFn: ({ prompt, agentType }: { prompt: string; agentType: AssistantAgentType }) =>
      api.post(ASSISTANT_PATH, { prompt, agent_type: agentType, ...(tid ? { tenant_id: tid } : {}) }, assistantReplySchema),
  });
}

/** Posts a confirmed draft through the forms' own API: the policy list or the profile list shows it like any other. */
export function useCreateFromDraft(tid: string | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ agentType, payload, draftId }: { agentType: AssistantAgentType; payload: Record<string, unknown>; draftId: string | null }) =>
      api.post(agentType === 'webfilter' ? WEBFILTER_PATHS.policies : ZTNA_PATHS.profiles, payload, null, {
        query: tenantIdQuery(tid),
        // The server audits what is made as made through the assistant, with the request it came from.
        headers: draftId ? { [ASSISTANT_DRAFT_HEADER]: draftId } : {},
      }),
    // Whatever lists show policies or profiles read again.
    onSuccess: () => qc.invalidateQueries(),
  });
}
