import { z } from 'zod';
import { CONFIG_FAMILIES } from '../config/document';
import { MAX_TEMPLATE_VARIABLES, VARIABLE_NAME, tooManyVariablesMessage } from '../config/templates';
import { filledText, storableText } from '../validators/storable-text';
import { textInputMessages } from '../validators/messages';
import { paginated, pageQuerySchema } from './pagination';
import { familySection } from './device-config';

/** Config Templates (spec 000 §2.16 `configtemp`; spec 001 §7 "templates under template/"). */
export const TEMPLATE_PATHS = {
  list: 'template/config/',
  one: (id: string) => `template/config/${id}/`,
  section: (id: string, family: string) => `template/config/${id}/sections/${family}/`,
  preview: (id: string) => `template/config/${id}/preview/`,
  previewDevice: (id: string, deviceId: string) => `template/config/${id}/preview/${deviceId}/`,
  apply: (id: string) => `template/config/${id}/apply/`,
  operation: (id: string) => `template/operations/${id}/`,
  /** The tenant's bulk pushes, newest first. */
  operations: 'template/operations/',
  binding: (kind: string, id: string) => `template/bindings/${kind}/${id}/`,
} as const;

export const variableValuesSchema = z
  .record(z.string().regex(VARIABLE_NAME, 'Lower-case letters, digits and underscore, starting with a letter'), storableText().max(200))
  .refine((values) => Object.keys(values).length <= MAX_TEMPLATE_VARIABLES, tooManyVariablesMessage);

export const configTemplateSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    /** The families it holds, as they are edited (variables not rendered). */
    sections: z.partialRecord(z.enum(CONFIG_FAMILIES), z.unknown()),
    defaults: z.record(z.string(), z.string()),
    /** The variables its sections use. */
    variables: z.array(z.string()),
    version: z.number().int(),
    /** Device groups and devices it is assigned to. */
    networks: z.number().int(),
    devices: z.number().int(),
    updated_at: z.string(),
  })
  .meta({ id: 'ConfigTemplate', description: 'A configuration template: partial sections with variables, applied to devices and groups' });
export type ConfigTemplate = z.infer<typeof configTemplateSchema>;
export const configTemplateListSchema = paginated(configTemplateSchema);

export const configTemplateBodySchema = z.strictObject({
  name: filledText().min(1, textInputMessages.required).max(64),
  description: storableText().trim().max(500).optional(),
  defaults: variableValuesSchema.optional(),
});
export const configTemplatePatchSchema = configTemplateBodySchema.partial();

export const templateParamsSchema = z.object({ templateId: z.string().uuid() });
export const templateSectionParamsSchema = z.object({ templateId: z.string().uuid(), family: z.enum(CONFIG_FAMILIES) });
export const templatePreviewDeviceParamsSchema = z.object({ templateId: z.string().uuid(), deviceId: z.string().uuid() });
export const templateSectionBodySchema = z.strictObject({ section: familySection });
export const templateListQuerySchema = pageQuerySchema.extend({ tid: z.string().uuid().optional(), search: storableText().max(100).optional() });

/** What applying a template would do to one device. */
export const PREVIEW_OUTCOMES = ['changed', 'unchanged', 'invalid'] as const;
export const templatePreviewSchema = z.object({
  template_version: z.number().int(),
  changed: z.number().int(),
  unchanged: z.number().int(),
  invalid: z.number().int(),
  devices: z.array(z.object({ device_id: z.string(), name: z.string(), outcome: z.enum(PREVIEW_OUTCOMES), error: z.string().nullable() })),
});
export type TemplatePreview = z.infer<typeof templatePreviewSchema>;

/** One device's document now and as the template would make it, for the diff. */
export const templateDevicePreviewSchema = z.object({
  device_id: z.string(),
  name: z.string(),
  current: z.record(z.string(), z.unknown()),
  rendered: z.record(z.string(), z.unknown()).nullable(),
  error: z.string().nullable(),
});

/** Where each device of a bulk push stands. */
export const OPERATION_DEVICE_STATES = ['queued', 'offline', 'syncing', 'synced', 'failed', 'superseded', 'unchanged', 'invalid'] as const;
export type OperationDeviceState = (typeof OPERATION_DEVICE_STATES)[number];
export const configOperationSchema = z.object({
  id: z.string(),
  title: z.string(),
  template_id: z.string().nullable(),
  author_email: z.string().nullable(),
  created_at: z.string(),
  counts: z.object(Object.fromEntries(OPERATION_DEVICE_STATES.map((st) => [st, z.number().int()])) as Record<OperationDeviceState, z.ZodNumber>),
  /** True once no device has a push on its way. */
  done: z.boolean(),
  devices: z.array(z.object({ device_id: z.string(), name: z.string(), state: z.enum(OPERATION_DEVICE_STATES), error: z.string().nullable() })),
});
export type ConfigOperation = z.infer<typeof configOperationSchema>;
export const operationParamsSchema = z.object({ operationId: z.string().uuid() });

/** A bulk push in a list: its counts without the devices. */
export const configOperationSummarySchema = configOperationSchema.omit({ devices: true });
export type ConfigOperationSummary = z.infer<typeof configOperationSummarySchema>;
export const configOperationListSchema = paginated(configOperationSummarySchema);
export const operationListQuerySchema = pageQuerySchema.extend({ tid: z.string().uuid().optional() });

export const bindingParamsSchema = z.object({ kind: z.enum(['device', 'network']), targetId: z.string().uuid() });
export const configBindingSchema = z.object({
  template_ids: z.array(z.string()),
  variables: z.record(z.string(), z.string()),
  /** A device's: the templates it gets from its device group, before its own; their variables take the device's values too. */
  inherited_template_ids: z.array(z.string()).default([]),
});
export const configBindingBodySchema = z.strictObject({
  template_ids: z.array(z.string().uuid()).max(16),
  variables: variableValuesSchema,
});
export type ConfigBinding = z.infer<typeof configBindingSchema>;
/** Saving a binding re-renders and pushes the devices it touches: the answer names that push. */
export const configBindingSavedSchema = configBindingSchema.extend({ operation_id: z.string().nullable() });
