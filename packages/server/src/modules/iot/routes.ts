import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  IOT_PATHS,
  idParamSchema,
  iotClassParamSchema,
  iotDeviceDetailSchema,
  iotDeviceListQuerySchema,
  iotDeviceListSchema,
  iotDevicePatchSchema,
  iotDeviceQuerySchema,
  iotDeviceSchema,
  iotForwardRuleInputSchema,
  iotForwardRuleListSchema,
  iotForwardRulePatchSchema,
  iotForwardRuleSchema,
  iotProfileAllowSchema,
  iotProfileListSchema,
  iotProfileRelearnSchema,
  iotProfileSchema,
  iotSegmentInputSchema,
  iotSegmentListSchema,
  iotSeriesQuerySchema,
  iotDeviceSeriesSchema,
  iotSummarySchema,
  tenantIdQuerySchema,
} from '@netloom/domain';
import { actorOf } from '../../http/access';
import { errors } from '../../http/errors';
import { errorResponses } from '../../http/openapi';
import { deleted, p, writeErrors } from '../../http/route-kit';
import type { IotProfiles } from './profiles';
import type { IotSegments } from './segments';
import type { IotService } from './service';
import { doc, read, write } from './route-access';

const querystring = tenantIdQuerySchema;

/** The IoT Gateway: the devices gateways discover and their telemetry, an admin's corrections, and the forwarding rules. */
export const iotRoutes: FastifyPluginAsyncZod<{ iot: IotService; profiles: IotProfiles; segments: IotSegments }> = async (app, { iot, profiles, segments }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    p(IOT_PATHS.devices),
    {
      config: read,
      schema: {
        ...doc('The IoT devices the gateways discovered, classified, with their health and last values'),
        querystring: iotDeviceListQuerySchema,
        response: { 200: iotDeviceListSchema },
      },
    },
    async (request) => iot.list(actorOf(request), request.query),
  );
  api.get(
    p(IOT_PATHS.summary),
    {
      config: read,
      schema: {
        ...doc('The whole inventory counted: devices by class, vendor and gateway, their health, the new and the deviating'),
        querystring,
        response: { 200: iotSummarySchema },
      },
    },
    async (request) => iot.summary(actorOf(request)),
  );
  api.get(
    p(IOT_PATHS.device(':id')),
    {
      config: read,
      schema: {
        ...doc('One IoT device: what its gateway reported, why it is classed so, its telemetry in a window, its class profile and deviations'),
        params: idParamSchema,
        querystring: iotDeviceQuerySchema,
        response: { 200: iotDeviceDetailSchema, ...errorResponses(404) },
      },
    },
    async (request) => iot.get(actorOf(request), request.params.id, request.query),
  );
  api.patch(
    p(IOT_PATHS.device(':id')),
    {
      config: write,
      schema: {
        ...doc("Correct a device's class (kept across later reports); null hands it back to the evidence"),
        params: idParamSchema,
        querystring,
        body: iotDevicePatchSchema,
        response: { 200: iotDeviceSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => iot.correct(actorOf(request), request.params.id, request.body.class),
  );
  api.get(
    p(IOT_PATHS.series),
    {
      config: read,
      schema: {
        ...doc("One series of one device's telemetry in a window, in buckets for a graph"),
        querystring: iotSeriesQuerySchema,
        response: { 200: iotDeviceSeriesSchema, ...errorResponses(404) },
      },
    },
    async (request) => iot.series(actorOf(request), request.query),
  );

  api.get(
    p(IOT_PATHS.forwardRules),
    {
      config: read,
      schema: { ...doc('The telemetry forwarding rules, in the order they are tried'), querystring, response: { 200: iotForwardRuleListSchema } },
    },
    async (request) => ({ results: await iot.rules(actorOf(request)) }),
  );
  api.post(
    p(IOT_PATHS.forwardRules),
    {
      config: write,
      schema: {
        ...doc('Forward the MQTT topics a filter matches as a series'),
        querystring,
        body: iotForwardRuleInputSchema,
        response: { 201: iotForwardRuleSchema, ...writeErrors },
      },
    },
    async (request, reply) => reply.status(201).send(await iot.createRule(actorOf(request), request.body)),
  );
  api.patch(
    p(IOT_PATHS.forwardRule(':id')),
    {
      config: write,
      schema: {
        ...doc('Change a forwarding rule (the fields sent) or its place in the list'),
        params: idParamSchema,
        querystring,
        body: iotForwardRulePatchSchema,
        response: { 200: iotForwardRuleSchema, ...writeErrors },
      },
    },
    async (request) => iot.updateRule(actorOf(request), request.params.id, request.body),
  );
  api.delete(
    p(IOT_PATHS.forwardRule(':id')),
    {
      config: write,
      schema: {
        ...doc('Stop forwarding a rule’s topics (the series recorded stay until their retention)'),
        params: idParamSchema,
        querystring,
        response: deleted,
      },
    },
    async (request, reply) => {
      await iot.removeRule(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  api.get(
    p(IOT_PATHS.profiles),
    { config: read, schema: { ...doc('The communication profile learnt for each class of device'), querystring, response: { 200: iotProfileListSchema } } },
    async (request) => ({ results: await profiles.list(actorOf(request)) }),
  );
  api.get(
    p(IOT_PATHS.profile(':class')),
    {
      config: read,
      schema: {
        ...doc("One class's communication profile"),
        params: iotClassParamSchema,
        querystring,
        response: { 200: iotProfileSchema, ...errorResponses(404) },
      },
    },
    async (request) => {
      const profile = await profiles.profileOf(actorOf(request).scope.tenantId, request.params.class);
      if (!profile) throw errors.notFound('No profile has been learnt for this class yet.');
      return profile;
    },
  );
  api.post(
    p(IOT_PATHS.profileRelearn(':class')),
    {
      config: write,
      schema: {
        ...doc('Learn the class’s profile again from now (what it learnt is forgotten)'),
        params: iotClassParamSchema,
        querystring,
        body: iotProfileRelearnSchema,
        response: { 200: iotProfileSchema, ...errorResponses(403) },
      },
    },
    async (request) => profiles.relearn(actorOf(request), request.params.class, request.body.learning_days),
  );
  api.post(
    p(IOT_PATHS.profileAllow(':class')),
    {
      config: write,
      schema: {
        ...doc('Accept a peer and service into the class’s profile (what a deviation showed)'),
        params: iotClassParamSchema,
        querystring,
        body: iotProfileAllowSchema,
        response: { 200: iotProfileSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => {
      const profile = await profiles.allow(actorOf(request), request.params.class, request.body);
      if (!profile) throw errors.notFound('No profile has been learnt for this class yet.');
      return profile;
    },
  );

  api.get(
    p(IOT_PATHS.segments),
    { config: read, schema: { ...doc('The segments applied to the gateways'), querystring, response: { 200: iotSegmentListSchema } } },
    async (request) => ({ results: await segments.list(actorOf(request)) }),
  );
  api.post(
    p(IOT_PATHS.segments),
    {
      config: write,
      schema: {
        ...doc(
          "Fence a device or a class to its profile on its gateway: firewall rules, or a VLAN of its own and the rules (one segment per gateway the class's devices are on)",
        ),
        querystring,
        body: iotSegmentInputSchema,
        response: { 201: iotSegmentListSchema, ...writeErrors },
      },
    },
    async (request, reply) => reply.status(201).send({ results: await segments.apply(actorOf(request), request.body) }),
  );
  api.delete(
    p(IOT_PATHS.segment(':id')),
    { config: write, schema: { ...doc('Remove a segment: exactly what it added to its gateway goes'), params: idParamSchema, querystring, response: deleted } },
    async (request, reply) => {
      await segments.remove(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
