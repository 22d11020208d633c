import { z } from 'zod';
import { storableText } from '../validators/storable-text';
import { ENDPOINT_OSES } from './posture';
import { NAC_DECISIONS } from './nac';
import { nacHostRowSchema } from './api';

/** A client release as `tenant/ztna/client-releases/` lists it: newest first per OS, the newest flagged. */
export const clientReleaseRowSchema = z.object({
  os: z.enum(ENDPOINT_OSES),
  os_label: z.string(),
  version: z.string(),
  released: z.string(),
  url: z.string(),
  notes: z.string(),
  latest: z.boolean(),
});
export type ClientReleaseRow = z.infer<typeof clientReleaseRowSchema>;

/** `tenant/nac/hosts/`: the hosts seen, newest first, by what they match and the decision about them. */
export const nacHostQuerySchema = z.object({
  tenant_id: z.string().uuid().optional(),
  /** MAC, address, hostname, vendor, system or gateway. */
  search: storableText().trim().max(200).optional(),
  decision: z.enum(NAC_DECISIONS).optional(),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(0).max(1000).default(25),
});

/** What `tenant/nac/hosts/decide/` answers: the hosts as they are now, and the gateways given the decision. */
export const nacDecisionResultSchema = z.object({
  hosts: z.array(nacHostRowSchema),
  /** Gateways whose configuration changed (a new revision pushed to each). */
  gateways_updated: z.number(),
});
