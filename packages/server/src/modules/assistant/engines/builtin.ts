import { readProfileRequest, readWebFilterRequest } from '@netloom/domain';
import type { AssistantEngine } from './engine';

/** The built-in engine: the grammar in packages/domain, offline and deterministic. */
export const builtInEngine: AssistantEngine = {
  read: async (q) => ({
    reading: q.agentType === 'webfilter' ? readWebFilterRequest(q.prompt, q.vocabulary) : readProfileRequest(q.prompt, q.vocabulary),
    engine: 'built-in',
  }),
};
