import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  maskSecrets,
  CONFIG_FAMILIES,
  CONFIG_PATHS,
  familySectionOf,
  importedDocumentOf,
  configExportQuerySchema,
  configExportSchema,
  configImportBodySchema,
  configRevisionListSchema,
  configRevisionParamsSchema,
  configRevisionQuerySchema,
  configRevisionSchema,
  configRollbackBodySchema,
  configFamilyParamsSchema,
  configSaveBodySchema,
  configSectionBodySchema,
  deviceConfigParamsSchema,
  draftPushBodySchema,
  resyncBodySchema,
  enableConfigsBodySchema,
  enableConfigsSchema,
  deviceConfigSchema,
  tenantQuerySchema,
} from '@netloom/domain';
import { access, actorOf } from '../../http/access';
import { errors } from '../../http/errors';
import { errorResponses } from '../../http/openapi';
import { paginate, pageWindow } from '../../http/pagination';
import { p, routeDocs } from '../../http/route-kit';
import type { ConfigService } from './service';

const { tags, security } = routeDocs('configuration');

/** What the composition root hands this plugin. */
export interface ConfigRoutesOptions {
  deviceConfig: ConfigService;
}

/** A device's configuration: the desired document, saving it (a revision and a push), history and rollback. */
export const configRoutes: FastifyPluginAsyncZod<ConfigRoutesOptions> = async (app, { deviceConfig }) => {
  // Secrets (pre-shared keys, passwords) go to devices, never back to a person: every answer here shows them masked.
  app.addHook('preSerialization', async (_request, _reply, payload) => maskSecrets(payload));
  const config = deviceConfig;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    p(CONFIG_PATHS.document(':deviceId')),
    {
      config: access('read'),
      schema: {
        tags,
        security,
        summary: "The device's desired configuration and its sync state (synced, syncing, failed, drifted)",
        params: deviceConfigParamsSchema,
        querystring: tenantQuerySchema,
        response: { 200: deviceConfigSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => config.get(actorOf(request), request.params.deviceId),
  );

  api.put(
    p(CONFIG_PATHS.document(':deviceId')),
    {
      config: access('write'),
      schema: {
        tags,
        security,
        summary: 'Save the whole document as a new revision and push it to the device (an unchanged document makes none)',
        params: deviceConfigParamsSchema,
        querystring: tenantQuerySchema,
        body: configSaveBodySchema,
        response: { 200: deviceConfigSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => config.saveDocument(actorOf(request), request.params.deviceId, request.body.document, { source: 'edit', message: request.body.message }),
  );

  // One operation per family, so the document states each family's section exactly.
  for (const family of CONFIG_FAMILIES) {
    api.put(
      p(CONFIG_PATHS.section(':deviceId', family)),
      {
        config: access('write'),
        schema: {
          tags,
          security,
          summary: `Set the ${family} section of the device's own configuration (a revision and a push; into the draft while there is one)`,
          params: deviceConfigParamsSchema,
          querystring: tenantQuerySchema,
          body: configSectionBodySchema.extend({ section: familySectionOf(family) }),
          response: { 200: deviceConfigSchema, ...errorResponses(403, 404) },
        },
      },
      async (request) => {
        const { section, message, draft } = request.body;
        if (section === undefined || section === null) throw errors.invalid({ section: ['This field is required.'] });
        return config.saveSection(actorOf(request), request.params.deviceId, family, section, { message, draft });
      },
    );
  }

  api.delete(
    p(CONFIG_PATHS.section(':deviceId', ':family')),
    {
      config: access('write'),
      schema: {
        tags,
        security,
        summary: "Drop the device's own section of a family: its templates' section applies again",
        params: configFamilyParamsSchema,
        querystring: tenantQuerySchema,
        response: { 200: deviceConfigSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => config.saveSection(actorOf(request), request.params.deviceId, request.params.family, null, {}),
  );

  api.get(
    p(CONFIG_PATHS.enableConfigs(':deviceId')),
    {
      config: access('read'),
      schema: {
        tags,
        security,
        summary: 'Which configuration families the device runs, and whether local changes are undone by themselves',
        params: deviceConfigParamsSchema,
        querystring: tenantQuerySchema,
        response: { 200: enableConfigsSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => config.enableConfigs(actorOf(request), request.params.deviceId),
  );

  api.post(
    p(CONFIG_PATHS.enableConfigs(':deviceId')),
    {
      config: access('write'),
      schema: {
        tags,
        security,
        summary: 'Turn families on or off (a new revision) and auto-sync on or off',
        params: deviceConfigParamsSchema,
        querystring: tenantQuerySchema,
        body: enableConfigsBodySchema,
        response: { 200: enableConfigsSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => config.setEnableConfigs(actorOf(request), request.params.deviceId, request.body),
  );

  api.post(
    p(CONFIG_PATHS.draftPush(':deviceId')),
    {
      config: access('write'),
      schema: {
        tags,
        security,
        summary: "Push the device's draft as one revision",
        params: deviceConfigParamsSchema,
        querystring: tenantQuerySchema,
        body: draftPushBodySchema,
        response: { 200: deviceConfigSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => config.pushDraft(actorOf(request), request.params.deviceId, request.body.message),
  );

  api.post(
    p(CONFIG_PATHS.resync(':deviceId')),
    {
      config: access('write'),
      schema: {
        tags,
        security,
        summary: 'Send the desired configuration whole to the device again now',
        description:
          "For a device that drifted while auto-sync is off, or that an admin will not leave to wait: a full sync job, counted in the drift's re-syncs.",
        params: deviceConfigParamsSchema,
        querystring: tenantQuerySchema,
        body: resyncBodySchema,
        response: { 200: deviceConfigSchema, ...errorResponses(403, 404, 409) },
      },
    },
    async (request) => config.resync(actorOf(request), request.params.deviceId),
  );

  api.delete(
    p(CONFIG_PATHS.draft(':deviceId')),
    {
      config: access('write'),
      schema: {
        tags,
        security,
        summary: "Discard the device's draft",
        params: deviceConfigParamsSchema,
        querystring: tenantQuerySchema,
        response: { 200: deviceConfigSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => config.discardDraft(actorOf(request), request.params.deviceId),
  );

  api.get(
    p(CONFIG_PATHS.export(':deviceId')),
    {
      config: access('read'),
      schema: {
        tags,
        security,
        summary: "The device's desired document, or only its own sections (part=own), as a JSON file to keep or import",
        params: deviceConfigParamsSchema,
        querystring: configExportQuerySchema,
        response: { 200: configExportSchema, ...errorResponses(403, 404) },
      },
    },
    async (request, reply) => {
      const file = await config.exportConfig(actorOf(request), request.params.deviceId, request.query.part);
      const name = `${file.device.name.replace(/[^A-Za-z0-9._-]+/g, '_')}-${file.part === 'own' ? 'own-' : ''}r${file.revision?.number ?? 0}.json`;
      return reply.header('content-disposition', `attachment; filename="${name}"`).send(file);
    },
  );

  api.post(
    p(CONFIG_PATHS.import(':deviceId')),
    {
      config: access('write'),
      schema: {
        tags,
        security,
        summary: "Import a document (an export's `document`): its families become the device's own sections, one revision (source import), pushed",
        params: deviceConfigParamsSchema,
        querystring: tenantQuerySchema,
        body: configImportBodySchema.extend({ document: importedDocumentOf() }),
        response: { 200: deviceConfigSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => config.importDocument(actorOf(request), request.params.deviceId, request.body.document, request.body.message),
  );

  api.get(
    p(CONFIG_PATHS.revisions(':deviceId')),
    {
      config: access('read'),
      schema: {
        tags,
        security,
        summary: 'Revisions of the device, newest first',
        params: deviceConfigParamsSchema,
        querystring: configRevisionQuerySchema,
        response: { 200: configRevisionListSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => {
      const { rows, total } = await config.revisions(actorOf(request), request.params.deviceId, pageWindow(request.query));
      return paginate(request, request.query, total, rows);
    },
  );

  api.get(
    p(CONFIG_PATHS.revision(':deviceId', ':revisionId')),
    {
      config: access('read'),
      schema: {
        tags,
        security,
        summary: 'One revision with its whole document',
        params: configRevisionParamsSchema,
        querystring: tenantQuerySchema,
        response: { 200: configRevisionSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => config.revision(actorOf(request), request.params.deviceId, request.params.revisionId),
  );

  api.post(
    p(CONFIG_PATHS.rollback(':deviceId', ':revisionId')),
    {
      config: access('write'),
      schema: {
        tags,
        security,
        summary: 'Roll back to a revision: its document becomes a new revision and is pushed',
        params: configRevisionParamsSchema,
        querystring: tenantQuerySchema,
        body: configRollbackBodySchema,
        response: { 200: deviceConfigSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => config.rollback(actorOf(request), request.params.deviceId, request.params.revisionId, request.body.message),
  );
};
