import {
  draftPayloadHash,
  readProfileRequest,
  readWebFilterRequest,
  type AssistantAgentType,
  type AssistantReading,
  type AssistantReply,
} from '@netloom/domain';
import type { Db } from '../../db/client';
import { recordAudit } from '../../db/audit-log';
import type { Actor } from '../../http/access';
import * as repo from './repo';

const DRAFT_KEEP_MS = 30 * 24 * 60 * 60_000;

/**
 * The assistant: reads an admin's request against the tenant's own names into the payload the
 * console's forms would send, or asks back what it cannot place. It makes nothing itself: the
 * console shows the payload and posts it through the forms' API when the admin confirms; the draft
 * then audits what was made as made through the assistant, with the prompt.
 */
export class AssistantService {
  constructor(private readonly db: Db) {}

  async ask(actor: Actor, body: { prompt: string; agent_type: AssistantAgentType }, timeZone: string | null): Promise<AssistantReply> {
    const tenantId = actor.scope.tenantId;
    const reading: AssistantReading<object> =
      body.agent_type === 'webfilter'
        ? readWebFilterRequest(body.prompt, await repo.webFilterVocabulary(this.db, tenantId, timeZone ?? 'UTC'))
        : readProfileRequest(body.prompt, await repo.profileVocabulary(this.db, tenantId));
    if (reading.kind === 'question') return { text: reading.text, final_payload: null, validation_errors: [], summary: [], engine: 'built-in', draft_id: null };
    const id = crypto.randomUUID();
    await repo.insertDraft(this.db, {
      id,
      tenantId,
      userId: actor.userId,
      agentType: body.agent_type,
      prompt: body.prompt,
      payloadHash: draftPayloadHash(body.agent_type, reading.payload) ?? '',
    });
    return {
      text: `Here is the ${body.agent_type === 'webfilter' ? 'web-filter policy' : 'endpoint profile'} I will create. Check it, then confirm.`,
      final_payload: reading.payload as Record<string, unknown>,
      validation_errors: [],
      summary: reading.summary,
      engine: 'built-in',
      draft_id: id,
    };
  }

  /**
   * A form's API made an object from a request naming a draft: if the body is the draft's payload
   * unchanged, the object is audited as made through the assistant, with the prompt (once per draft).
   */
  async made(actor: Actor, draftId: string, agentType: AssistantAgentType, body: unknown, created: { id?: string; name?: string }): Promise<void> {
    const hash = draftPayloadHash(agentType, body);
    if (!hash) return;
    const draft = await repo.spendDraft(this.db, { id: draftId, tenantId: actor.scope.tenantId, userId: actor.userId, payloadHash: hash }, new Date());
    if (!draft) return;
    await recordAudit(this.db, {
      tenantId: actor.scope.tenantId,
      actorId: actor.userId,
      actorEmail: actor.email,
      action: 'assistant.created',
      target: created.name ?? null,
      details: { agent_type: agentType, id: created.id ?? null, prompt: draft.prompt, draft: draft.id },
      ip: actor.ip,
    });
  }

  sweep(now = new Date()): Promise<number> {
    return repo.deleteDraftsBefore(this.db, new Date(now.getTime() - DRAFT_KEEP_MS));
  }
}
