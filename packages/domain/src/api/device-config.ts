import { z } from 'zod';
import { configDocumentSchema } from '../config/document';
import { CONFIG_SYNC_STATES } from '../config/sync-state';
import { storableText } from '../validators/storable-text';
import { paginated, pageQuerySchema } from './pagination';

/** A device's configuration: the document, its revisions and rollback (REST, under /api/v1/). */
export const CONFIG_PATHS = {
  document: (deviceId: string) => `device/config/${deviceId}/`,
  revisions: (deviceId: string) => `device/config/${deviceId}/revisions/`,
  revision: (deviceId: string, revisionId: string) => `device/config/${deviceId}/revisions/${revisionId}/`,
  rollback: (deviceId: string, revisionId: string) => `device/config/${deviceId}/revisions/${revisionId}/rollback/`,
} as const;

/** Where a revision came from: an edit in the console, a rollback, a template, an import. */
export const CONFIG_REVISION_SOURCES = ['edit', 'rollback', 'template', 'import'] as const;
export type ConfigRevisionSource = (typeof CONFIG_REVISION_SOURCES)[number];

export const configRevisionSummarySchema = z.object({
  id: z.string(),
  number: z.number().int(),
  hash: z.string(),
  source: z.enum(CONFIG_REVISION_SOURCES),
  message: z.string().nullable(),
  author_email: z.string().nullable(),
  created_at: z.string(),
});
export type ConfigRevisionSummary = z.infer<typeof configRevisionSummarySchema>;

export const configRevisionSchema = configRevisionSummarySchema.extend({ document: configDocumentSchema });
export const configRevisionListSchema = paginated(configRevisionSummarySchema);

/** What the console shows of a device's configuration: the desired document and how the device stands to it. */
export const deviceConfigSchema = z.object({
  device_id: z.string(),
  /** The desired revision; null before the first save (the document is then empty). */
  revision: configRevisionSummarySchema.nullable(),
  document: configDocumentSchema,
  sync: z.object({
    state: z.enum(CONFIG_SYNC_STATES),
    desired_hash: z.string().nullable(),
    /** What the device last said it runs. */
    reported_hash: z.string().nullable(),
    /** The device's refusal of the desired revision, in its words. */
    error: z.string().nullable(),
  }),
});
export type DeviceConfig = z.infer<typeof deviceConfigSchema>;

export const configSaveBodySchema = z.strictObject({
  document: configDocumentSchema,
  message: storableText().trim().max(200).optional(),
});
export type ConfigSaveBody = z.infer<typeof configSaveBodySchema>;

export const configRollbackBodySchema = z.strictObject({ message: storableText().trim().max(200).optional() });

export const deviceConfigParamsSchema = z.object({ deviceId: z.string().uuid() });
export const configRevisionParamsSchema = z.object({ deviceId: z.string().uuid(), revisionId: z.string().uuid() });
export const configRevisionQuerySchema = pageQuerySchema.extend({ tid: z.string().uuid().optional() });
