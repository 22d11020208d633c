import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ZTNA_PATHS,
  connectorBodySchema,
  connectorRowSchema,
  dataProtectionSchema,
  dnsGroupInputSchema,
  dnsGroupSchema,
  endpointProfileInputSchema,
  endpointProfileSchema,
  movpnBodySchema,
  relayInputSchema,
  relayRowSchema,
  securityGroupInputSchema,
  securityGroupMembersSchema,
  securityGroupSchema,
  ztnaServerInputSchema,
  ztnaServerSchema,
  ztnaSettingsSchema,
} from '@netloom/domain';
import { actorOf } from '../../http/access';
import { errorResponses } from '../../http/openapi';
import type { EndpointProfileService } from './profile-service';
import type { ResourceService } from './resource-service';
import type { OverlayService } from './overlay-service';
import type { PolicyService } from './policy-service';
import type { OnboardingService } from './onboarding-service';
import { policyRoutes } from './policy-routes';
import { onboardingRoutes } from './onboarding-routes';
import { clientEnrolmentRoutes } from './client-enrolment-routes';
import type { ClientEnrolmentService } from './client-enrolment-service';
import { deleted, doc, idParams, p, querystring, read, tidQuerystring, write, writeErrors } from './route-kit';

export interface ZtnaServices {
  ztnaProfiles: EndpointProfileService;
  ztnaResources: ResourceService;
  ztnaOverlay: OverlayService;
  ztnaPolicies: PolicyService;
  ztnaOnboarding: OnboardingService;
  ztnaClientEnrolment: ClientEnrolmentService;
  requireAuth: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
}

/**
 * Zero-trust access (spec 000 §2.15–2.16, 001 §7): endpoint profiles, servers and their data
 * protection, app connectors, relays, DNS, security groups and the overlay settings; policies and
 * onboarding have files of their own. Every change is pushed to the devices it touches.
 */
export const ztnaRoutes: FastifyPluginAsyncZod<{ services: ZtnaServices }> = async (app, { services }) => {
  const { ztnaProfiles: profiles, ztnaResources: resources, ztnaOverlay: overlay } = services;
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.addHook('onRequest', services.requireAuth);

  // ─── endpoint profiles ────────────────────────────────────────────────────────────────────────
  api.get(
    p(ZTNA_PATHS.profiles),
    { config: read, schema: { ...doc("The endpoint profiles, the default 'mza' first"), querystring, response: { 200: z.array(endpointProfileSchema) } } },
    async (request) => profiles.list(actorOf(request)),
  );
  api.post(
    p(ZTNA_PATHS.profiles),
    {
      config: write,
      schema: {
        ...doc('Create an endpoint profile; the endpoints it is for get it'),
        querystring,
        body: endpointProfileInputSchema,
        response: { 201: endpointProfileSchema, ...writeErrors },
      },
    },
    async (request, reply) => reply.status(201).send(await profiles.create(actorOf(request), request.body)),
  );
  api.get(
    p(ZTNA_PATHS.profile(':id')),
    {
      config: read,
      schema: { ...doc('One endpoint profile'), params: idParams, querystring, response: { 200: endpointProfileSchema, ...errorResponses(403, 404) } },
    },
    async (request) => profiles.get(actorOf(request), request.params.id),
  );
  api.put(
    p(ZTNA_PATHS.profile(':id')),
    {
      config: write,
      schema: {
        ...doc('Replace an endpoint profile (the default keeps its name)'),
        params: idParams,
        querystring,
        body: endpointProfileInputSchema,
        response: { 200: endpointProfileSchema, ...writeErrors },
      },
    },
    async (request) => profiles.update(actorOf(request), request.params.id, request.body),
  );
  api.delete(
    p(ZTNA_PATHS.profile(':id')),
    { config: write, schema: { ...doc('Delete an endpoint profile (not the default)'), params: idParams, querystring, response: deleted } },
    async (request, reply) => {
      await profiles.remove(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
  api.post(
    p(ZTNA_PATHS.movpn(':id')),
    {
      config: write,
      schema: {
        ...doc("The assistant's MZA profile for one endpoint (spec 001 §7): a profile assigned to it alone"),
        params: idParams,
        querystring,
        body: movpnBodySchema,
        response: { 201: endpointProfileSchema, ...writeErrors },
      },
    },
    async (request, reply) => reply.status(201).send(await profiles.movpn(actorOf(request), request.params.id, request.body)),
  );

  // ─── servers and their data protection controls ──────────────────────────────────────────────
  api.get(
    p(ZTNA_PATHS.servers),
    { config: read, schema: { ...doc('The private applications (servers), by name'), querystring, response: { 200: z.array(ztnaServerSchema) } } },
    async (request) => resources.listServers(actorOf(request)),
  );
  api.post(
    p(ZTNA_PATHS.servers),
    {
      config: write,
      schema: { ...doc('Add a server'), querystring, body: ztnaServerInputSchema, response: { 201: ztnaServerSchema, ...writeErrors } },
    },
    async (request, reply) => reply.status(201).send(await resources.createServer(actorOf(request), request.body)),
  );
  api.get(
    p(ZTNA_PATHS.server(':id')),
    { config: read, schema: { ...doc('One server'), params: idParams, querystring, response: { 200: ztnaServerSchema, ...errorResponses(403, 404) } } },
    async (request) => resources.getServer(actorOf(request), request.params.id),
  );
  api.put(
    p(ZTNA_PATHS.server(':id')),
    {
      config: write,
      schema: { ...doc('Replace a server'), params: idParams, querystring, body: ztnaServerInputSchema, response: { 200: ztnaServerSchema, ...writeErrors } },
    },
    async (request) => resources.updateServer(actorOf(request), request.params.id, request.body),
  );
  api.put(
    p(ZTNA_PATHS.serverDpc(':id')),
    {
      config: write,
      schema: {
        ...doc("A server's data protection controls (download, upload, copy, managed endpoints only)"),
        params: idParams,
        querystring,
        body: dataProtectionSchema,
        response: { 200: ztnaServerSchema, ...writeErrors },
      },
    },
    async (request) => resources.setDpc(actorOf(request), request.params.id, request.body),
  );
  api.delete(
    p(ZTNA_PATHS.server(':id')),
    { config: write, schema: { ...doc('Delete a server no policy or profile names'), params: idParams, querystring, response: deleted } },
    async (request, reply) => {
      await resources.deleteServer(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  // ─── app connectors ───────────────────────────────────────────────────────────────────────────
  api.get(
    p(ZTNA_PATHS.connectors),
    {
      config: read,
      schema: {
        ...doc('The app connectors (spec 001 §7 tenant connector) with their health, live'),
        querystring: tidQuerystring,
        response: { 200: z.array(connectorRowSchema) },
      },
    },
    async (request) => resources.listConnectors(actorOf(request)),
  );
  api.post(
    p(ZTNA_PATHS.connectors),
    {
      config: write,
      schema: {
        ...doc("Make one of the organisation's gateways the app connector of a site"),
        querystring: tidQuerystring,
        body: connectorBodySchema,
        response: { 200: connectorRowSchema, ...writeErrors },
      },
    },
    async (request) => resources.addConnector(actorOf(request), request.body),
  );
  api.delete(
    p(ZTNA_PATHS.connector(':id')),
    {
      config: write,
      schema: {
        ...doc('The gateway stops being an app connector'),
        params: idParams,
        querystring: tidQuerystring,
        response: deleted,
      },
    },
    async (request, reply) => {
      await resources.removeConnector(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  // ─── relays (overlay mesh servers) ────────────────────────────────────────────────────────────
  api.get(
    p(ZTNA_PATHS.saseList),
    {
      config: read,
      schema: {
        ...doc('The enabled overlay servers (relays) with their health (spec 001 §7 SASE list)'),
        querystring: tidQuerystring,
        response: { 200: z.array(relayRowSchema) },
      },
    },
    async (request) => resources.listRelays(actorOf(request), { enabledOnly: true }),
  );
  api.get(
    p(ZTNA_PATHS.relays),
    { config: read, schema: { ...doc('Every relay with its health'), querystring, response: { 200: z.array(relayRowSchema) } } },
    async (request) => resources.listRelays(actorOf(request)),
  );
  api.post(
    p(ZTNA_PATHS.relays),
    { config: write, schema: { ...doc('Add a relay'), querystring, body: relayInputSchema, response: { 201: relayRowSchema, ...writeErrors } } },
    async (request, reply) => reply.status(201).send(await resources.createRelay(actorOf(request), request.body)),
  );
  api.put(
    p(ZTNA_PATHS.relay(':id')),
    {
      config: write,
      schema: { ...doc('Replace a relay'), params: idParams, querystring, body: relayInputSchema, response: { 200: relayRowSchema, ...writeErrors } },
    },
    async (request) => resources.updateRelay(actorOf(request), request.params.id, request.body),
  );
  api.delete(
    p(ZTNA_PATHS.relay(':id')),
    { config: write, schema: { ...doc('Delete a relay no profile names'), params: idParams, querystring, response: deleted } },
    async (request, reply) => {
      await resources.deleteRelay(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  // ─── DNS (nameserver groups, in order) ────────────────────────────────────────────────────────
  api.get(
    p(ZTNA_PATHS.dnsGroups),
    { config: read, schema: { ...doc('The nameserver groups, in order'), querystring, response: { 200: z.array(dnsGroupSchema) } } },
    async (request) => overlay.listDnsGroups(actorOf(request)),
  );
  api.post(
    p(ZTNA_PATHS.dnsGroups),
    {
      config: write,
      schema: {
        ...doc('Add a nameserver group (at `order`, else last)'),
        querystring,
        body: dnsGroupInputSchema,
        response: { 201: dnsGroupSchema, ...writeErrors },
      },
    },
    async (request, reply) => reply.status(201).send(await overlay.createDnsGroup(actorOf(request), request.body)),
  );
  api.put(
    p(ZTNA_PATHS.dnsGroup(':id')),
    {
      config: write,
      schema: {
        ...doc('Replace a nameserver group'),
        params: idParams,
        querystring,
        body: dnsGroupInputSchema,
        response: { 200: dnsGroupSchema, ...writeErrors },
      },
    },
    async (request) => overlay.updateDnsGroup(actorOf(request), request.params.id, request.body),
  );
  api.delete(
    p(ZTNA_PATHS.dnsGroup(':id')),
    { config: write, schema: { ...doc('Delete a nameserver group'), params: idParams, querystring, response: deleted } },
    async (request, reply) => {
      await overlay.deleteDnsGroup(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  // ─── security groups ──────────────────────────────────────────────────────────────────────────
  api.get(
    p(ZTNA_PATHS.securityGroups),
    { config: read, schema: { ...doc('The security groups, by name'), querystring, response: { 200: z.array(securityGroupSchema) } } },
    async (request) => overlay.listSecurityGroups(actorOf(request)),
  );
  api.post(
    p(ZTNA_PATHS.securityGroups),
    {
      config: write,
      schema: { ...doc('Add a security group'), querystring, body: securityGroupInputSchema, response: { 201: securityGroupSchema, ...writeErrors } },
    },
    async (request, reply) => reply.status(201).send(await overlay.createSecurityGroup(actorOf(request), request.body)),
  );
  api.get(
    p(ZTNA_PATHS.securityGroup(':id')),
    {
      config: read,
      schema: { ...doc('One security group'), params: idParams, querystring, response: { 200: securityGroupSchema, ...errorResponses(403, 404) } },
    },
    async (request) => overlay.getSecurityGroup(actorOf(request), request.params.id),
  );
  api.put(
    p(ZTNA_PATHS.securityGroup(':id')),
    {
      config: write,
      schema: {
        ...doc('Replace a security group'),
        params: idParams,
        querystring,
        body: securityGroupInputSchema,
        response: { 200: securityGroupSchema, ...writeErrors },
      },
    },
    async (request) => overlay.updateSecurityGroup(actorOf(request), request.params.id, request.body),
  );
  api.delete(
    p(ZTNA_PATHS.securityGroup(':id')),
    { config: write, schema: { ...doc('Delete a security group no policy or DNS group names'), params: idParams, querystring, response: deleted } },
    async (request, reply) => {
      await overlay.deleteSecurityGroup(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
  api.get(
    p(ZTNA_PATHS.securityGroupMembers(':id')),
    {
      config: read,
      schema: {
        ...doc('Who is in a security group now: its users, and each endpoint with why'),
        params: idParams,
        querystring,
        response: { 200: securityGroupMembersSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => overlay.members(actorOf(request), request.params.id),
  );

  // ─── settings (identity-aware overlay, overlay access policy) ─────────────────────────────────
  api.get(
    p(ZTNA_PATHS.settings),
    { config: read, schema: { ...doc('The identity-aware overlay and overlay access settings'), querystring, response: { 200: ztnaSettingsSchema } } },
    async (request) => overlay.settings(actorOf(request)),
  );
  api.put(
    p(ZTNA_PATHS.settings),
    {
      config: write,
      schema: { ...doc('Replace the overlay settings'), querystring, body: ztnaSettingsSchema, response: { 200: ztnaSettingsSchema, ...writeErrors } },
    },
    async (request) => overlay.saveSettings(actorOf(request), request.body),
  );

  await api.register(policyRoutes, { policies: services.ztnaPolicies });
  await api.register(onboardingRoutes, { onboarding: services.ztnaOnboarding });
  await api.register(clientEnrolmentRoutes, { clientEnrolment: services.ztnaClientEnrolment });
};
