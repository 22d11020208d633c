import { z } from 'zod';
import { storableText } from '../validators/storable-text';
import { checkedWafPolicySchema } from './policy';

/** The version of QShield's policy-as-code documents: a later format gets a new one, and this one stays readable. */
export const WAF_PAC_API_VERSION = 'netloom.io/qshield/v1';

/**
 * Policy as code: an application's whole WAF policy as a versioned document (YAML in the
 * customer's Git), checked by the same schema as the console's editor. `metadata` says whose it
 * is; importing it into another application is allowed (a policy shared between sites).
 */
export const wafPolicyDocumentSchema = z.strictObject({
  apiVersion: z.literal(WAF_PAC_API_VERSION),
  kind: z.literal('WafPolicy'),
  metadata: z
    .object({
      application: storableText().max(64).optional(),
      domains: z.array(storableText().max(253)).max(20).optional(),
      revision: z.number().int().optional(),
      exported_at: z.string().optional(),
    })
    .default({}),
  spec: checkedWafPolicySchema,
});
export type WafPolicyDocument = z.infer<typeof wafPolicyDocumentSchema>;
