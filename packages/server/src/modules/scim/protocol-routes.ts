import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SCIM_BASE_PATH, SCIM_CONTENT_TYPE, scimError, scimList, scimListQuerySchema, scimPatchSchema } from '@netloom/domain';
import { AppError } from '../../http/errors';
import { publicRoute } from '../../http/route-kit';
import { scimContext, type ScimContext } from './context';
import { resourceTypes, schemas, serviceProviderConfig } from './discovery';
import type { ScimGroupService } from './group-service';
import { parseScim } from './parse';
import { ScimProblem } from './problem';
import type { ScimTokenService } from './token-service';
import type { ScimUserService } from './user-service';

/** What the composition root hands the SCIM service. */
export interface ScimProtocolOptions {
  scimTokens: ScimTokenService;
  scimUsers: ScimUserService;
  scimGroups: ScimGroupService;
  publicUrl: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    scim: ScimContext | null;
  }
}

/** Not in the console's API document: SCIM describes itself (ServiceProviderConfig, ResourceTypes, Schemas). */
const hidden = { hide: true };

/**
 * SCIM 2.0 (RFC 7644), registered at /scim/v2 (SCIM_BASE_PATH), for identity providers that push the organisation's people.
 * The console's sessions do not reach it: a provisioning token does, and the tenant is the token's,
 * never anything the request names. Every answer, errors included, is application/scim+json.
 */
export async function scimProtocolRoutes(app: FastifyInstance, { scimTokens, scimUsers, scimGroups, publicUrl }: ScimProtocolOptions): Promise<void> {
  const base = `${publicUrl}${SCIM_BASE_PATH}`;
  app.decorateRequest('scim', null);
  // Providers send their bodies as application/scim+json; parsed as JSON is.
  app.addContentTypeParser(SCIM_CONTENT_TYPE, { parseAs: 'string', bodyLimit: 1_048_576 }, app.getDefaultJsonParser('error', 'error'));

  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    const caller = match ? await scimTokens.authenticate(match[1]!) : null;
    if (!caller) throw ScimProblem.unauthorized();
    request.scim = scimContext(caller, request.ip, base);
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode !== 204) reply.type(SCIM_CONTENT_TYPE);
    return payload;
  });
  app.setErrorHandler(async (error: Error & { statusCode?: number }, request, reply) => {
    if (error instanceof ScimProblem) {
      if (error.status === 401) reply.header('www-authenticate', 'Bearer realm="scim"');
      return reply.status(error.status).send(error.body);
    }
    // The team's and the rate limit's refusals (the last owner kept, too many calls) in SCIM's shape.
    if (error instanceof AppError) {
      const scimType = error.status === 429 ? 'tooMany' : error.code === 'last_owner' ? 'mutability' : error.status === 400 ? 'invalidValue' : undefined;
      return reply.status(error.status).send(scimError(error.status, error.detail, scimType));
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'SCIM request failed');
      return reply.status(500).send(scimError(500, 'The request could not be completed'));
    }
    // Fastify's own refusals: a body that is no JSON, too large, of another media type.
    return reply.status(status).send(scimError(status, error.message, status === 400 ? 'invalidSyntax' : undefined));
  });
  app.setNotFoundHandler(async (request, reply) => reply.status(404).send(scimError(404, `No SCIM resource at ${request.url.slice(0, 200)}`)));

  const ctx = (request: FastifyRequest) => request.scim!;
  const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;
  const listQuery = (request: FastifyRequest) => parseScim(scimListQuerySchema, request.query);
  const created = (reply: FastifyReply, resource: { meta: { location: string } }) =>
    reply.status(201).header('location', resource.meta.location).send(resource);
  const gone = (reply: FastifyReply) => reply.status(204).send();
  // Per token: a provider's first full sync is many calls at once, and one provider cannot starve the server.
  const perToken = {
    rateLimit: { max: 1200, timeWindow: '1 minute', keyGenerator: (request: FastifyRequest) => `scim|${request.scim?.caller.tokenId ?? request.ip}` },
  };
  const opts = { config: { ...publicRoute, ...perToken }, schema: hidden };

  app.get('/ServiceProviderConfig', opts, async () => serviceProviderConfig(base));
  app.get('/ResourceTypes', opts, async () => {
    const all = resourceTypes(base);
    return scimList(all, all.length, 1);
  });
  app.get('/Schemas', opts, async () => {
    const all = schemas(base);
    return scimList(all, all.length, 1);
  });
  app.get('/ResourceTypes/:id', opts, async (request) => {
    const one = resourceTypes(base).find((r) => r.id === idOf(request));
    if (!one) throw new ScimProblem(404, 'No such resource type');
    return one;
  });
  app.get('/Schemas/:id', opts, async (request) => {
    const one = schemas(base).find((r) => r.id === idOf(request));
    if (!one) throw new ScimProblem(404, 'No such schema');
    return one;
  });

  app.get('/Users', opts, async (request) => scimUsers.list(ctx(request), listQuery(request)));
  app.post('/Users', opts, async (request, reply) => created(reply, await scimUsers.create(ctx(request), request.body)));
  app.get('/Users/:id', opts, async (request) => scimUsers.get(ctx(request), idOf(request)));
  app.put('/Users/:id', opts, async (request) => scimUsers.replace(ctx(request), idOf(request), request.body));
  app.patch('/Users/:id', opts, async (request) => scimUsers.patch(ctx(request), idOf(request), parseScim(scimPatchSchema, request.body)));
  app.delete('/Users/:id', opts, async (request, reply) => {
    await scimUsers.remove(ctx(request), idOf(request));
    return gone(reply);
  });

  app.get('/Groups', opts, async (request) => scimGroups.list(ctx(request), listQuery(request)));
  app.post('/Groups', opts, async (request, reply) => created(reply, await scimGroups.create(ctx(request), request.body)));
  app.get('/Groups/:id', opts, async (request) => scimGroups.get(ctx(request), idOf(request)));
  app.put('/Groups/:id', opts, async (request) => scimGroups.replace(ctx(request), idOf(request), request.body));
  app.patch('/Groups/:id', opts, async (request) => scimGroups.patch(ctx(request), idOf(request), parseScim(scimPatchSchema, request.body)));
  app.delete('/Groups/:id', opts, async (request, reply) => {
    await scimGroups.remove(ctx(request), idOf(request));
    return gone(reply);
  });
}
