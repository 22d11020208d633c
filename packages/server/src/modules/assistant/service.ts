import { readProfileRequest, readWebFilterRequest, type AssistantAgentType, type AssistantReading, type AssistantReply } from '@netloom/domain';
import type { Db } from '../../db/client';
import type { Actor } from '../../http/access';
import * as repo from './repo';

function replyOf(reading: AssistantReading<object>, what: string): AssistantReply {
  if (reading.kind === 'question') return { text: reading.text, final_payload: null, validation_errors: [], summary: [], engine: 'built-in' };
  return {
    text: `Here is the ${what} I will create. Check it, then confirm.`,
    final_payload: reading.payload as Record<string, unknown>,
    validation_errors: [],
    summary: reading.summary,
    engine: 'built-in',
  };
}

/**
 * The assistant: reads an admin's request against the tenant's own names into the payload the
 * console's forms would send, or asks back what it cannot place. It makes nothing itself: the
 * console shows the payload and posts it through the forms' API when the admin confirms.
 */
export class AssistantService {
  constructor(private readonly db: Db) {}

  async ask(actor: Actor, body: { prompt: string; agent_type: AssistantAgentType }, timeZone: string | null): Promise<AssistantReply> {
    const tenantId = actor.scope.tenantId;
    if (body.agent_type === 'webfilter') {
      const vocab = await repo.webFilterVocabulary(this.db, tenantId, timeZone ?? 'UTC');
      return replyOf(readWebFilterRequest(body.prompt, vocab), 'web-filter policy');
    }
    return replyOf(readProfileRequest(body.prompt, await repo.profileVocabulary(this.db, tenantId)), 'endpoint profile');
  }
}
