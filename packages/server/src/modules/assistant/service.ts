import { draftPayloadHash, type AssistantAgentType, type AssistantReply } from '@netloom/domain';
import type { Db } from '../../db/client';
import { recordAudit } from '../../db/audit-log';
import type { Actor } from '../../http/access';
import * as repo from './repo';
import type { AssistantEngine, AssistantQuery } from './engines/engine';

const DRAFT_KEEP_MS = 30 * 24 * 60 * 60_000;

/**
 * The assistant: reads an admin's request against the tenant's own names into the payload the
 * console's forms would send, or asks back what it cannot place. It makes nothing itself: the
 * console shows the payload and posts it through the forms' API when the admin confirms; the draft
 * then audits what was made as made through the assistant, with the prompt.
 */
export class AssistantService {
  /** `engine`: the built-in one, or a language model with the built-in one behind it (composition). */
  constructor(
    private readonly db: Db,
    private readonly engine: AssistantEngine,
  ) {}

  async ask(actor: Actor, body: { prompt: string; agent_type: AssistantAgentType }, timeZone: string | null): Promise<AssistantReply> {
    const tenantId = actor.scope.tenantId;
    // Only this tenant's names: whichever engine reads the request sees nothing else.
    const query: AssistantQuery =
      body.agent_type === 'webfilter'
        ? { agentType: 'webfilter', prompt: body.prompt, vocabulary: await repo.webFilterVocabulary(this.db, tenantId, timeZone ?? 'UTC') }
        : { agentType: 'mza_profile', prompt: body.prompt, vocabulary: await repo.profileVocabulary(this.db, tenantId) };
    const { reading, engine, note } = await this.engine.read(query);
    const said = (text: string) => (note ? `${note} ${text}` : text);
    if (reading.kind === 'question') return { text: said(reading.text), final_payload: null, validation_errors: [], summary: [], engine, draft_id: null };
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
      text: said(`Here is the ${body.agent_type === 'webfilter' ? 'web-filter policy' : 'endpoint profile'} I will create. Check it, then confirm.`),
      final_payload: reading.payload as Record<string, unknown>,
      validation_errors: [],
      summary: reading.summary,
      engine,
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
