import { z } from 'zod';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  maskSecrets,
  TEMPLATE_PATHS,
  CONFIG_FAMILIES,
  familySectionOf,
  bindingParamsSchema,
  configBindingBodySchema,
  configBindingSavedSchema,
  configBindingSchema,
  configOperationListSchema,
  configOperationSchema,
  configTemplateBodySchema,
  configTemplateListSchema,
  configTemplatePatchSchema,
  configTemplateSchema,
  operationListQuerySchema,
  operationParamsSchema,
  templateDevicePreviewSchema,
  templateListQuerySchema,
  templateParamsSchema,
  templatePreviewDeviceParamsSchema,
  templatePreviewSchema,
  templateSectionBodySchema,
  templateSectionParamsSchema,
  tenantQuerySchema,
} from '@netloom/domain';
import { access, actorOf } from '../../http/access';
import { errors } from '../../http/errors';
import { errorResponses } from '../../http/openapi';
import { paginate, pageWindow } from '../../http/pagination';
import { p, routeDocs } from '../../http/route-kit';
import type { TemplateService } from './templates-service';

const { doc } = routeDocs('configuration templates');

/** What the composition root hands this plugin. */
export interface TemplateRoutesOptions {
  configTemplates: TemplateService;
}

/** Config Templates: CRUD, their families, preview, apply with progress, and what devices and groups are bound to. */
export const templateRoutes: FastifyPluginAsyncZod<TemplateRoutesOptions> = async (app, { configTemplates }) => {
  // Secrets (pre-shared keys, passwords) go to devices, never back to a person: every answer here shows them masked.
  app.addHook('preSerialization', async (_request, _reply, payload) => maskSecrets(payload));
  const templates = configTemplates;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    p(TEMPLATE_PATHS.list),
    {
      config: access('read'),
      schema: {
        ...doc("The tenant's config templates"),
        querystring: templateListQuerySchema,
        response: { 200: configTemplateListSchema, ...errorResponses(403) },
      },
    },
    async (request) => {
      const { rows, total } = await templates.list(actorOf(request), { search: request.query.search, ...pageWindow(request.query) });
      return paginate(request, request.query, total, rows);
    },
  );

  api.post(
    p(TEMPLATE_PATHS.list),
    {
      config: access('write'),
      schema: {
        ...doc('Create a config template'),
        querystring: tenantQuerySchema,
        body: configTemplateBodySchema,
        response: { 201: configTemplateSchema, ...errorResponses(403) },
      },
    },
    async (request, reply) => reply.status(201).send(await templates.create(actorOf(request), request.body)),
  );

  api.get(
    p(TEMPLATE_PATHS.one(':templateId')),
    {
      config: access('read'),
      schema: {
        ...doc('One config template'),
        params: templateParamsSchema,
        querystring: tenantQuerySchema,
        response: { 200: configTemplateSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => templates.get(actorOf(request), request.params.templateId),
  );

  api.put(
    p(TEMPLATE_PATHS.one(':templateId')),
    {
      config: access('write'),
      schema: {
        ...doc("Rename a template, change its description or its variables' defaults (nothing is pushed)"),
        params: templateParamsSchema,
        querystring: tenantQuerySchema,
        body: configTemplatePatchSchema,
        response: { 200: configTemplateSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => templates.update(actorOf(request), request.params.templateId, request.body),
  );

  api.delete(
    p(TEMPLATE_PATHS.one(':templateId')),
    {
      config: access('write'),
      schema: {
        ...doc('Delete a template (devices keep what they run)'),
        params: templateParamsSchema,
        querystring: tenantQuerySchema,
        response: { 204: z.null(), ...errorResponses(403, 404) },
      },
    },
    async (request, reply) => {
      await templates.remove(actorOf(request), request.params.templateId);
      return reply.status(204).send(null);
    },
  );

  // One operation per family, so the document states each family's section (a value that fits it always fits a template; {{variables}} are checked per device).
  for (const family of CONFIG_FAMILIES) {
    api.put(
      p(TEMPLATE_PATHS.section(':templateId', family)),
      {
        config: access('write'),
        schema: {
          ...doc(`Set the ${family} section of the template; fields holding {{variables}} are checked per device`),
          params: templateParamsSchema,
          querystring: tenantQuerySchema,
          body: templateSectionBodySchema.extend({ section: familySectionOf(family) }),
          response: { 200: configTemplateSchema, ...errorResponses(403, 404) },
        },
      },
      async (request) => {
        if (request.body.section === undefined || request.body.section === null) throw errors.invalid({ section: ['This field is required.'] });
        return templates.saveSection(actorOf(request), request.params.templateId, family, request.body.section);
      },
    );
  }

  api.delete(
    p(TEMPLATE_PATHS.section(':templateId', ':family')),
    {
      config: access('write'),
      schema: {
        ...doc('Take a family out of the template'),
        params: templateSectionParamsSchema,
        querystring: tenantQuerySchema,
        response: { 200: configTemplateSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => templates.saveSection(actorOf(request), request.params.templateId, request.params.family, null),
  );

  api.get(
    p(TEMPLATE_PATHS.preview(':templateId')),
    {
      config: access('read'),
      schema: {
        ...doc('What applying the template would change, device by device'),
        params: templateParamsSchema,
        querystring: tenantQuerySchema,
        response: { 200: templatePreviewSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => templates.preview(actorOf(request), request.params.templateId),
  );

  api.get(
    p(TEMPLATE_PATHS.previewDevice(':templateId', ':deviceId')),
    {
      config: access('read'),
      schema: {
        ...doc("One device's document now and as the template would make it"),
        params: templatePreviewDeviceParamsSchema,
        querystring: tenantQuerySchema,
        response: { 200: templateDevicePreviewSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => templates.previewDevice(actorOf(request), request.params.templateId, request.params.deviceId),
  );

  api.post(
    p(TEMPLATE_PATHS.apply(':templateId')),
    {
      config: access('write'),
      schema: {
        ...doc('Push the template to every device that uses it, as one operation'),
        params: templateParamsSchema,
        querystring: tenantQuerySchema,
        response: { 200: configOperationSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => templates.apply(actorOf(request), request.params.templateId),
  );

  api.get(
    p(TEMPLATE_PATHS.operations),
    {
      config: access('read'),
      schema: {
        ...doc("The tenant's pushes to many devices (template applies, group and device template changes), newest first, with their progress"),
        querystring: operationListQuerySchema,
        response: { 200: configOperationListSchema, ...errorResponses(403) },
      },
    },
    async (request) => {
      const { rows, total } = await templates.operations(actorOf(request), pageWindow(request.query));
      return paginate(request, request.query, total, rows);
    },
  );

  api.get(
    p(TEMPLATE_PATHS.operation(':operationId')),
    {
      config: access('read'),
      schema: {
        ...doc('Progress of a push to many devices'),
        params: operationParamsSchema,
        querystring: tenantQuerySchema,
        response: { 200: configOperationSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => templates.operation(actorOf(request), request.params.operationId),
  );

  api.get(
    p(TEMPLATE_PATHS.binding(':kind', ':targetId')),
    {
      config: access('read'),
      schema: {
        ...doc("A device's or device group's templates, in order, and its variable values"),
        params: bindingParamsSchema,
        querystring: tenantQuerySchema,
        response: { 200: configBindingSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => templates.binding(actorOf(request), request.params.kind, request.params.targetId),
  );

  api.put(
    p(TEMPLATE_PATHS.binding(':kind', ':targetId')),
    {
      config: access('write'),
      schema: {
        ...doc('Set the templates and values; the devices it touches are rendered again and pushed'),
        params: bindingParamsSchema,
        querystring: tenantQuerySchema,
        body: configBindingBodySchema,
        response: { 200: configBindingSavedSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => templates.saveBinding(actorOf(request), request.params.kind, request.params.targetId, request.body),
  );
};
