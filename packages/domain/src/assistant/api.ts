import { z } from 'zod';
import { storableText } from '../validators/storable-text';

/**
 * The assistant's call (spec 001 "Chat assistant": `{prompt, tenant_id, agent_type}` answered
 * `{text, final_payload, validation_errors}`): it reads a request into what the console's forms
 * would send, shown before anything is made; the console posts it through the forms' own API.
 */
export const ASSISTANT_PATH = 'assistant/';
/** Create MZA Profile and Create WebFilter, the chatbot's two options. */
export const ASSISTANT_AGENT_TYPES = ['mza_profile', 'webfilter'] as const;
export type AssistantAgentType = (typeof ASSISTANT_AGENT_TYPES)[number];
export const INVALID_AGENT_TYPE = 'Invalid agent_type provided';
export const ASSISTANT_LIMITS = { promptLength: 1000, requestsPerMinute: 20 } as const;

export const assistantRequestSchema = z.strictObject({
  prompt: storableText()
    .trim()
    .min(1, 'Please describe your request')
    .max(ASSISTANT_LIMITS.promptLength, `At most ${ASSISTANT_LIMITS.promptLength} characters`),
  tenant_id: z.string().uuid().optional(),
  // An unknown one is refused with the spec's own words.
  agent_type: z.enum(ASSISTANT_AGENT_TYPES, { message: INVALID_AGENT_TYPE }).describe('mza_profile (an endpoint profile) or webfilter (a web-filter policy)'),
});
export type AssistantRequest = z.infer<typeof assistantRequestSchema>;

export const assistantReplySchema = z.object({
  text: z.string().describe('What the assistant says: the question it asks back, or what it will make'),
  final_payload: z
    .record(z.string(), z.unknown())
    .nullable()
    .describe('What the console posts on confirmation: a web-filter policy or an endpoint profile; null while a question is open'),
  validation_errors: z.array(z.string()),
  summary: z.array(z.string()).describe('The payload in readable lines (who, what, when), shown before it is made'),
  engine: z.enum(['built-in', 'model']).describe('Which engine read the request'),
  draft_id: z
    .string()
    .nullable()
    .describe(
      `Sent back in the ${'`'}X-Assistant-Draft${'`'} header when the payload is posted unchanged: the object made is audited as made through the assistant, with the prompt`,
    ),
});

/** The header a form's POST carries when it posts an assistant's draft unchanged. */
export const ASSISTANT_DRAFT_HEADER = 'x-assistant-draft';
export type AssistantReply = z.infer<typeof assistantReplySchema>;
