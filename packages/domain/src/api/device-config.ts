import { z } from 'zod';
import { CONFIG_FAMILIES, configDocumentSchema, type ConfigFamily } from '../config/document';
import { CONFIG_SYNC_STATES } from '../config/sync-state';
import { storableText } from '../validators/storable-text';
import { paginated, pageQuerySchema } from './pagination';

/** A device's configuration: the document, its revisions and rollback (REST, under /api/v1/). */
export const CONFIG_PATHS = {
  document: (deviceId: string) => `device/config/${deviceId}/`,
  revisions: (deviceId: string) => `device/config/${deviceId}/revisions/`,
  revision: (deviceId: string, revisionId: string) => `device/config/${deviceId}/revisions/${revisionId}/`,
  rollback: (deviceId: string, revisionId: string) => `device/config/${deviceId}/revisions/${revisionId}/rollback/`,
  /** One family's section of the device's own configuration (PUT replaces it; DELETE hands it back to the templates). */
  section: (deviceId: string, family: string) => `device/config/${deviceId}/sections/${family}/`,
  /** Which families the device runs, and whether local changes are undone by themselves (spec 001 §7 enable-configs). */
  enableConfigs: (deviceId: string) => `device/config/${deviceId}/enable-configs/`,
  /** Edits kept aside, pushed together as one revision or discarded. */
  draft: (deviceId: string) => `device/config/${deviceId}/draft/`,
  draftPush: (deviceId: string) => `device/config/${deviceId}/draft/push/`,
} as const;

/** Where a revision came from: an edit in the console, a rollback, a template, an import. */
export const CONFIG_REVISION_SOURCES = ['edit', 'rollback', 'template', 'import', 'web_filter', 'ztna'] as const;
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
  /** Each family the document holds and the template it comes from (null: the device's own). */
  sections: z.array(z.object({ family: z.enum(CONFIG_FAMILIES), template: z.object({ id: z.string(), name: z.string() }).nullable() })),
  /** The families the device has turned off: never pushed. */
  disabled_families: z.array(z.enum(CONFIG_FAMILIES)),
  auto_sync: z.boolean(),
  /** Why the device's templates cannot be rendered now (a variable without a value); its last revision stays desired. */
  render_error: z.string().nullable(),
  /** Edits kept aside; `document` above is the draft's when there is one. */
  draft: z.object({ author_email: z.string().nullable(), updated_at: z.string() }).nullable(),
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

export const configFamilyParamsSchema = z.object({ deviceId: z.string().uuid(), family: z.enum(CONFIG_FAMILIES) });

/** A family's section; checked by the family's schema and then with the whole document it makes. */
export const configSectionBodySchema = z.strictObject({
  section: z.unknown(),
  message: storableText().trim().max(200).optional(),
  /** Keep the change in the device's draft instead of pushing it now. */
  draft: z.boolean().optional(),
});
export type ConfigSectionBody = z.infer<typeof configSectionBodySchema>;

/** One flag per family, spelled out so the OpenAPI document names each. */
const familyFlags = z.object(Object.fromEntries(CONFIG_FAMILIES.map((f) => [f, z.boolean()])) as Record<ConfigFamily, z.ZodBoolean>);

export const enableConfigsSchema = z.object({
  families: familyFlags,
  auto_sync: z.boolean(),
});
export type EnableConfigs = z.infer<typeof enableConfigsSchema>;

export const enableConfigsBodySchema = z.strictObject({
  families: z.partialRecord(z.enum(CONFIG_FAMILIES), z.boolean()).optional(),
  auto_sync: z.boolean().optional(),
});

export const draftPushBodySchema = z.strictObject({ message: storableText().trim().max(200).optional() });
