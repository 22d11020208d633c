import { z } from 'zod';
import { CONFIG_FAMILIES, configDocumentSchema, deviceDocumentSchema, type ConfigDocument, type ConfigFamily } from '../config/document';
import { CONFIG_SYNC_STATES } from '../config/sync-state';
import { storableText } from '../validators/storable-text';
import { statingRules } from '../validators/documented';
import { CONFIG_DOCUMENT_RULES } from '../config/stated-rules';
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
  /** The configuration as a JSON file (GET), and such a file made the device's next revision (POST). */
  export: (deviceId: string) => `device/config/${deviceId}/export/`,
  import: (deviceId: string) => `device/config/${deviceId}/import/`,
  /** Sends the desired configuration whole again now (auto-sync off, or an admin who will not wait). */
  resync: (deviceId: string) => `device/config/${deviceId}/resync/`,
} as const;

/** Where a revision came from in the console: an edit, a rollback, a template, an import. */
export const CONFIG_REVISION_SOURCES = ['edit', 'rollback', 'template', 'import'] as const;
/**
 * A revision's source: one of the console's, or the product whose sections changed (its section
 * provider's name: web_filter, ztna, and whatever product comes next).
 */
export const configRevisionSourceSchema = z.union([
  z.enum(CONFIG_REVISION_SOURCES),
  z
    .string()
    .regex(/^[a-z][a-z0-9_]*$/)
    .max(40),
]);
export type ConfigRevisionSource = z.infer<typeof configRevisionSourceSchema>;

export const configRevisionSummarySchema = z.object({
  id: z.string(),
  number: z.number().int(),
  hash: z.string(),
  source: configRevisionSourceSchema,
  message: z.string().nullable(),
  author_email: z.string().nullable(),
  created_at: z.string(),
});
export type ConfigRevisionSummary = z.infer<typeof configRevisionSummarySchema>;

export const configRevisionSchema = configRevisionSummarySchema
  .extend({ document: deviceDocumentSchema })
  .meta({ id: 'ConfigRevision', description: 'A revision of the configuration of a device, with its whole document' });
export const configRevisionListSchema = paginated(configRevisionSummarySchema);

/** What the console shows of a device's configuration: the desired document and how the device stands to it. */
/**
 * The last change made on the box (within a day): when, what it ran then (its document as it
 * reported it, for the diff against the desired one; null when the device sent only its hash), and
 * how often the desired configuration was sent whole again in the last 24 hours, so a device that
 * keeps drifting and being re-synced shows it.
 */
export const configDriftSchema = z.object({
  at: z.string(),
  reported_hash: z.string(),
  box_document: z.record(z.string(), z.unknown()).nullable(),
  resyncs_24h: z.number().int().min(0),
});
export type ConfigDrift = z.infer<typeof configDriftSchema>;

export const deviceConfigSchema = z.object({
  device_id: z.string(),
  /** The desired revision; null before the first save (the document is then empty). */
  revision: configRevisionSummarySchema.nullable(),
  document: deviceDocumentSchema,
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
  drift: configDriftSchema.nullable().default(null),
});
export type DeviceConfig = z.infer<typeof deviceConfigSchema>;

/**
 * A device's configuration moved on (a push queued, answered or undone, drift repaired), pushed
 * over the browser socket (`?feed=config`): a console reads again what it shows of that device's
 * configuration instead of asking every few seconds.
 */
export const configSyncEventSchema = z.object({ kind: z.literal('config'), device_id: z.string(), state: z.enum(CONFIG_SYNC_STATES) });
export type ConfigSyncEvent = z.infer<typeof configSyncEventSchema>;
/** The feed name of `/ws/status/{tenant}?feed=config`: only `configSyncEventSchema` messages. */
export const LIVE_CONFIG_FEED = 'config';

export const configSaveBodySchema = z.strictObject({
  /** A document read from the server may come back with its products' sections: the server keeps only the families of it. */
  document: deviceDocumentSchema,
  message: storableText().trim().max(200).optional(),
});
export type ConfigSaveBody = z.infer<typeof configSaveBodySchema>;

export const configRollbackBodySchema = z.strictObject({ message: storableText().trim().max(200).optional() });
/** Re-sync takes nothing: the desired configuration is what goes. */
export const resyncBodySchema = z.strictObject({});

export const deviceConfigParamsSchema = z.object({ deviceId: z.string().uuid() });
export const configRevisionParamsSchema = z.object({ deviceId: z.string().uuid(), revisionId: z.string().uuid() });
export const configRevisionQuerySchema = pageQuerySchema.extend({ tid: z.string().uuid().optional() });

export const configFamilyParamsSchema = z.object({ deviceId: z.string().uuid(), family: z.enum(CONFIG_FAMILIES) });

/**
 * A family's section, checked by the family's schema once the path has named the family. The API
 * document says what any family takes: an object, or a list (static routes, policy routing).
 */
export const familySection = z.unknown().meta({
  anyOf: [{ type: 'object' }, { type: 'array' }],
  description: 'The family’s section: an object, or a list for static_routes and policy_routing; checked by that family’s schema',
});

/**
 * One family's section as the API document states it: that family's own schema, so a client can
 * build one from the document. Still checked by the service (its errors name `section.…`, as the
 * console's forms read them); only the server's routes call this (it renders the JSON Schema).
 */
export function familySectionOf(family: ConfigFamily): z.ZodType {
  return statingRules(z.unknown().meta(familyJsonSchema(family)), CONFIG_DOCUMENT_RULES);
}

function familyJsonSchema(family: ConfigFamily): Record<string, unknown> {
  const { $schema: _dialect, ...json } = z.toJSONSchema(configDocumentSchema.shape[family] as z.ZodType, { io: 'input', unrepresentable: 'any' });
  return json;
}

/** A family's section; checked by the family's schema and then with the whole document it makes. */
export const configSectionBodySchema = z.strictObject({
  section: familySection,
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

/** What an export holds: the whole desired document the device runs, or only the device's own sections (not its templates'). */
export const CONFIG_EXPORT_PARTS = ['document', 'own'] as const;
export type ConfigExportPart = (typeof CONFIG_EXPORT_PARTS)[number];
export const CONFIG_EXPORT_FORMAT = 'netloom-device-config';

export const configExportQuerySchema = z.object({
  tid: z.string().uuid().optional(),
  part: z.enum(CONFIG_EXPORT_PARTS).default('document'),
});

/**
 * An exported configuration file. Its `document` is imported back as it is; the other fields say
 * where it came from. Own sections alone may name what a template brings, so `document` is
 * checked family by family here and as a whole when rendered for a device.
 */
export const configExportSchema = z.object({
  format: z.literal(CONFIG_EXPORT_FORMAT),
  version: z.literal(1),
  part: z.enum(CONFIG_EXPORT_PARTS),
  device: z.object({ id: z.string(), name: z.string() }),
  revision: z.object({ number: z.number().int(), hash: z.string() }).nullable(),
  exported_at: z.string(),
  document: z.record(z.string(), z.unknown()),
});
export type ConfigExport = z.infer<typeof configExportSchema>;

const notAFamily = `Not a configuration family (one of ${CONFIG_FAMILIES.join(', ')}).`;

/** An uploaded document (an export's `document`): its families replace the device's own sections, as one revision. */
export const configImportBodySchema = z.strictObject({
  document: z.record(z.string(), z.unknown()),
  message: storableText().trim().max(200).optional(),
});

/**
 * The uploaded document as the API document states it: each family as its own schema says, sections
 * the server makes taken and dropped, any other key refused. Checked by the service, which names every
 * bad field at once; only the server's routes call this (it renders the JSON Schema).
 */
export function importedDocumentOf(): z.ZodRecord<z.ZodString, z.ZodUnknown> {
  const properties = Object.fromEntries(CONFIG_FAMILIES.map((f) => [f, familyJsonSchema(f)]));
  return statingRules(z.record(z.string(), z.unknown()).meta({ properties }), [...CONFIG_DOCUMENT_RULES, notAFamily]);
}
export type ConfigImportBody = z.infer<typeof configImportBodySchema>;

/**
 * Checks an imported document family by family with the families' own schemas: every issue at
 * its path (`static_routes.0.gateway`), an unknown key named. Server-made sections (`serverMade`:
 * those the products' section providers make) are dropped: the tenant's settings make them. Rules
 * across families are checked when the device's document is rendered with it.
 */
export function parseImportedSections(
  document: Record<string, unknown>,
  serverMade: readonly string[],
): { ok: true; own: Partial<ConfigDocument> } | { ok: false; issues: { path: (string | number)[]; message: string }[] } {
  const own: Record<string, unknown> = {};
  const issues: { path: (string | number)[]; message: string }[] = [];
  for (const [key, section] of Object.entries(document)) {
    if (serverMade.includes(key)) continue;
    if (!(CONFIG_FAMILIES as readonly string[]).includes(key)) {
      issues.push({ path: [key], message: notAFamily });
      continue;
    }
    const parsed = (configDocumentSchema.shape[key as ConfigFamily] as z.ZodType).safeParse(section);
    if (parsed.success) own[key] = parsed.data;
    else issues.push(...parsed.error.issues.map((i) => ({ path: [key, ...(i.path as (string | number)[])], message: i.message })));
  }
  return issues.length ? { ok: false, issues } : { ok: true, own: own as Partial<ConfigDocument> };
}
