import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  SSO_PATHS,
  canManageSso,
  idParamSchema,
  samlProviderCreateBodySchema,
  samlProviderUpdateBodySchema,
  ssoProviderSchema,
  tidQuerySchema,
} from '@netloom/domain';
import { access, actorOf } from '../../http/access';
import { errorResponses } from '../../http/openapi';
import { p, routeDocs } from '../../http/route-kit';
import type { SamlSettingsService } from './saml-settings-service';

const { tags, security } = routeDocs('single sign-on');
const config = access(canManageSso);

/** What the composition root hands this plugin. */
export interface SamlProviderRoutesOptions {
  samlSettings: SamlSettingsService;
}

/** SAML 2.0 identity providers, from their metadata: the organisation's owners only. Listing and removing is shared with OIDC's. */
export const samlProviderRoutes: FastifyPluginAsyncZod<SamlProviderRoutesOptions> = async (app, { samlSettings }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    p(SSO_PATHS.samlProviders),
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Add a SAML 2.0 identity provider from its metadata (a URL Netloom fetches, or the XML); 400 when it is not usable IdP metadata',
        querystring: tidQuerySchema,
        body: samlProviderCreateBodySchema,
        response: { 201: ssoProviderSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request, reply) => reply.status(201).send(await samlSettings.create(actorOf(request), request.body)),
  );

  api.put(
    p(SSO_PATHS.samlProvider(':id')),
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Change a SAML 2.0 provider; new metadata (or refresh_metadata from its URL) replaces its SSO URL and certificates',
        querystring: tidQuerySchema,
        params: idParamSchema,
        body: samlProviderUpdateBodySchema,
        response: { 200: ssoProviderSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => samlSettings.update(actorOf(request), request.params.id, request.body),
  );
};
