import canonicalize from 'canonicalize';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { webFilterPolicyInputSchema } from '../webfilter/policy';
import { endpointProfileInputSchema } from '../ztna/profile';
import type { AssistantAgentType } from './api';

/**
 * What ties an object made through a form's API to the assistant's draft: the SHA-256 of the
 * payload's canonical JSON as the form's schema reads it (defaults filled, text trimmed), so the
 * draft and the posted body compare equal exactly when the admin posted the draft unchanged.
 * Null when the payload is not one the form would take.
 */
export function draftPayloadHash(agentType: AssistantAgentType, payload: unknown): string | null {
  const parsed = (agentType === 'webfilter' ? webFilterPolicyInputSchema : endpointProfileInputSchema).safeParse(payload);
  if (!parsed.success) return null;
  return bytesToHex(sha256(utf8ToBytes(canonicalize(parsed.data) ?? 'null')));
}
