import type { FastifyContextConfig } from 'fastify';
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { apiErrorSchema, UNSTORABLE_TEXT_MESSAGE } from '@netloom/domain';
import { allowedRoles } from './access';
import { createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { openApiTransform } from './validators';
import { exampleOf } from './openapi-examples';

/**
 * The OpenAPI document served at /api/docs, written for API users (Redocly's recommended lint holds
 * it to that: `npm run lint`). What every operation shares is decided here, once, from what the
 * route declares: who may call it, the errors it can answer, its operation id.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route holds callers to a limit of its own (not @fastify/rate-limit's) and may answer 429. */
    attemptLimited?: boolean;
    /**
     * Media types the route's 200 answers as a file (a CSV export, a report): besides its JSON, or
     * instead of it when its JSON schema takes anything.
     */
    files?: string[];
    /**
     * Rules across fields or against the request's other parts that the handler checks and no
     * schema can state: each the exact refusal message, `{…}` where it names a value (`x-rules`).
     */
    rules?: string[];
  }
}

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 429 | 502 | 503;

const ERROR_DESCRIPTIONS: Record<ErrorStatus, string> = {
  400: 'Invalid input: `errors` names each refused field',
  401: 'No valid session: the token is missing, expired or revoked',
  403: 'The caller’s role or products do not allow it',
  404: 'Not found, or not visible to the caller',
  409: 'Conflicts with what exists now',
  429: 'Too many attempts: Retry-After says when to try again',
  502: 'An identity provider could not be reached or answered wrongly',
  503: 'The database is unavailable: Retry-After says when to try again',
};

/** The error answers a route declares, in the API's error shape: `response: { 200: …, ...errorResponses(404, 409) }`. */
export function errorResponses(...statuses: ErrorStatus[]): Record<number, typeof apiErrorSchema> {
  return Object.fromEntries(statuses.map((s) => [s, apiErrorSchema.describe(ERROR_DESCRIPTIONS[s])]));
}

type Transform = NonNullable<FastifyDynamicSwaggerOptions['transform']>;
type RouteSchema = { body?: unknown; querystring?: unknown; params?: unknown; security?: unknown[]; response?: Record<string, unknown> };

/**
 * Errors a route answers by how it is built, whatever its handler does: 400 when it validates
 * input, 401 and 503 when it needs a session (authentication reads the database), 403 when it
 * declares who may call it, 404 when that rule names a tenant (another or an unknown tenant is
 * not found), 429 when it is rate limited. The route's own declarations stay as they are.
 */
function builtInErrors(schema: RouteSchema, config: RouteConfig | undefined, rateLimited: boolean): ErrorStatus[] {
  const out: ErrorStatus[] = [];
  if (schema.body || schema.querystring || schema.params) out.push(400);
  if (schema.security?.length) out.push(401, 503);
  if (config?.access) out.push(403);
  if (config?.access && config.access !== 'super-admin') out.push(404);
  if (rateLimited) out.push(429);
  return out;
}

/**
 * Who may call the route, from the access rule it declares (`x-roles`: tenant roles, and
 * 'super-admin' for a super admin acting in the tenant; absent: any signed-in user, or anyone when
 * public), and whether it answers personal browsing data (`x-personal-data`). The security suite's
 * role matrix is generated from these.
 */
function accessExtensions(config: FastifyContextConfig | undefined): Record<string, unknown> {
  return {
    ...(config?.access && { 'x-roles': allowedRoles(config.access) }),
    ...(config?.personalData && { 'x-personal-data': true }),
    ...(config?.rules?.length && { 'x-rules': config.rules }),
    // Read and removed by finish(), which gives the 200 its media types.
    ...(config?.files?.length && { [FILES]: config.files }),
  };
}

const FILES = 'x-netloom-files';
type RouteConfig = FastifyContextConfig & { rateLimit?: unknown; attemptLimited?: boolean };

const withBuiltInErrors: Transform = (input) => {
  const schema = input.schema as RouteSchema | undefined;
  // Routes without a schema (the console's static files, plugins' own) are not part of the API.
  if (!schema?.response) return openApiTransform(input as Parameters<typeof openApiTransform>[0]);
  // @fastify/rate-limit's routes, and those limited per answered attempt (modules/auth/login-limiter.ts).
  const config = input.route.config as RouteConfig | undefined;
  const rateLimited = Boolean(config?.rateLimit) || config?.attemptLimited === true;
  const declared = new Set(Object.keys(schema.response));
  const added = Object.fromEntries(Object.entries(errorResponses(...builtInErrors(schema, config, rateLimited))).filter(([s]) => !declared.has(s)));
  return openApiTransform({
    ...input,
    schema: { ...schema, ...accessExtensions(config), response: { ...schema.response, ...added } },
  } as Parameters<typeof openApiTransform>[0]);
};

/** getDeviceByIdMetrics for GET /api/v1/device/{id}/metrics/: stable as long as the method and path are. */
function operationIdOf(method: string, path: string): string {
  const words = path
    .replace(/^\/api\/v1\//, '/')
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      const param = /^\{(.+)\}$/.exec(segment);
      return param ? `by-${param[1]}` : segment;
    })
    .flatMap((segment) => segment.split(/[^A-Za-z0-9]+/))
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((w) => w[0]!.toUpperCase() + w.slice(1))].join('');
}

type JsonObject = Record<string, unknown>;
const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The answers as the server sends them: 204 without content, HEAD with the media types of its
 * GET but no body, a file route's 200 in its media types. Copied: GET and HEAD share one object.
 */
function answersOf(method: string, op: JsonObject): Record<string, JsonObject> {
  const files = (op[FILES] as string[] | undefined) ?? [];
  const out: Record<string, JsonObject> = {};
  for (const [status, declared] of Object.entries((op.responses ?? {}) as Record<string, JsonObject>)) {
    const response: JsonObject = { ...declared };
    const known = ERROR_DESCRIPTIONS[Number(status) as ErrorStatus];
    if (known && response.description === GENERIC_DESCRIPTION) response.description = known;
    let content = response.content as Record<string, JsonObject> | undefined;
    if (content && status === '200' && files.length) {
      const json = content['application/json']?.schema;
      const takesAnything = isObject(json) && Object.keys(json).every((k) => k === 'description');
      content = { ...(takesAnything ? {} : content), ...Object.fromEntries(files.map((type) => [type, { schema: { type: 'string', format: 'binary' } }])) };
    }
    if (content && method === 'head') content = Object.fromEntries(Object.keys(content).map((type) => [type, {}]));
    if (status === '204') content = undefined;
    if (content) response.content = content;
    else delete response.content;
    out[status] = response;
  }
  return out;
}

/** Each tag of the document, in the order a reader meets the console. */
const TAGS: Record<string, string> = {
  health: 'Liveness and readiness of the server and its database',
  auth: 'Sign-in, sessions, second factor, passwords and registration',
  profile: 'The signed-in user: settings and guided tours',
  tenants: 'Organisations (tenants) a user belongs to, and their subscriptions',
  'super admin': 'The provider: every tenant, its customers and users (super admins only)',
  teams: 'Users of a tenant and their groups',
  provisioning: "Tokens an identity provider pushes the tenant's users and groups with over SCIM 2.0 (at /scim/v2, outside this API)",
  'tenant settings': "A tenant's own settings: security, notifications, branding",
  devices: 'Gateways and endpoints: inventory, enrolment, approval, actions',
  'device status': 'What devices report: state, interfaces, routes, sessions',
  diagnostics: "A gateway's ping, traceroute, DNS lookup, packet capture and throughput test, streamed as they run",
  configuration: "A device's configuration: sections, revisions, pushes and their state",
  'configuration templates': 'Partial configurations with variables, applied to devices and groups',
  networks: 'Networks (sites) and the devices in them',
  geo: 'Where devices are, for the map',
  alarms: 'Alarm rules, raised alarms and the bell',
  'notification channels': 'Where alarms are delivered: e-mail and signed webhooks',
  traffic: 'Flows from devices: top talkers, applications, destinations over time',
  'web filter': 'URL filtering policies, categories, decisions and their logs',
  qshield: 'QShield WAF: protected applications, their policies with revisions and policy as code, threat intel, attacks, access log and dashboards',
  'zero trust': 'ZTNA: profiles, policies, servers, relays, DNS, security groups, enrolment, NAC, sessions',
  rum: 'Real-user monitoring: the websites and apps whose pages report Core Web Vitals, errors and sessions, their source maps, the RUM page’s queries and alerts, and the public beacon ingest',
  dem: 'Digital experience monitoring: the applications ZTNA endpoints test, experience scores, trends and the users affected',
  logs: 'Login and activity logs of a tenant (JSON pages or CSV)',
  search: 'The console’s global search',
  announcements: 'Notices from the provider to tenants',
  reports: 'Reports made on demand or on a schedule (PDF or CSV)',
  support:
    "Questions to the provider from the visitor pages and the crash page, live chat with the organisation and its provider, a tenant's support tickets (raise, track, answer) and the helpdesk they go to",
  'support desk': "The provider's support desk: every tenant's tickets for super admins and support engineers; support engineers' roles",
  assistant: 'The assistant: web-filter policies and endpoint profiles drafted from a described request, to confirm',
  'single sign-on': 'Organisation single sign-on: identity providers, verified e-mail domains, group mappings, the SSO policy',
  ndr: 'Network detection and response: detections from flows, DNS queries, IDS alerts and WAF attacks, their triage, hosts at risk and their timelines, rule tuning and response actions',
  iot: 'IoT Gateway: the devices gateways discover on their LANs and their classes, bridged MQTT telemetry as series, class communication profiles and their deviations, segmentation',
};

const TENANT =
  'The tenant to act in. A super admin must name one; any other user acts in their own (the first of theirs when absent), and a tenant not theirs answers 404.';

/** What a parameter means, by its name, where its schema does not say (zod's `.describe()` does). */
const PARAMETERS: Record<string, string> = {
  tid: TENANT,
  tenant_id: TENANT,
  id: 'The id of the object the path names',
  deviceId: 'The id of the device',
  runId: 'The id of a diagnostic run of the device',
  templateId: 'The id of the configuration template',
  channelId: 'The id of the notification channel',
  revisionId: 'The id of a configuration revision of the device',
  operationId: 'The id of a template operation (an apply to its targets)',
  targetId: 'The id of the device or network the template binding is for',
  page: 'The page, from 1',
  page_size: 'Rows per page; 0 for all rows',
  search: 'Only rows containing this text',
  network_id: 'The network (site) to narrow to',
  type: 'endpoint for ZTNA endpoints, device for gateways',
  username: 'The user whose devices are listed',
  minutes: 'How many minutes back from now',
  family: 'The configuration family (section of the device configuration)',
  part: 'document: the merged configuration the device runs; own: only its own sections, without templates',
  kind: 'What kind of object or record the path names',
  interface: 'The interface to narrow to',
  q: 'The text searched for',
  limit: 'At most this many results',
  product: 'The product (subscription) the data is of',
  status: 'Only users in this state',
  role: 'Only users with this role',
  start_time: 'From this time (ISO 8601)',
  end_time: 'Up to this time (ISO 8601)',
  format: 'json for a page, csv for a download of every matching row',
  graph: 'Which chart of the device’s traffic',
  state: 'Only clients in this enrolment state',
  decision: 'Only hosts with this NAC decision',
  tour: 'The guided tour’s name',
  attachmentId: 'The id of a file attached to the ticket',
  channel: 'The chat channel: user_admin_chat (the organisation’s users and admins) or admin_netloom_chat (its owners and admins with the provider’s support)',
};

const ROLE_NAMES: Record<string, string> = { 'super-admin': 'a super admin acting in the tenant' };

/** Who may call the operation, and what naming a tenant does, when the route says nothing more. */
function accessDescription(op: JsonObject): string {
  const roles = op['x-roles'] as string[] | undefined;
  if (!(op.security as unknown[] | undefined)?.length) return 'Public: no session needed.';
  if (!roles) return 'Any signed-in user.';
  if (roles.length === 1 && roles[0] === 'super-admin') return 'Super admins only.';
  return `Who may call: ${roles.map((r) => ROLE_NAMES[r] ?? r).join(', ')}. Another role answers 403; a tenant not the caller's answers 404.`;
}

/** The error body every error answer has (`{ detail, code, errors? }`), once as a component. */
const ERROR_COMPONENT = 'Error';
const ERROR_REF = { $ref: `#/components/schemas/${ERROR_COMPONENT}` };
const withoutDescription = (schema: JsonObject) => JSON.stringify({ ...schema, description: undefined });
const isErrorShape = (schema: JsonObject) =>
  isObject(schema.properties) && Object.keys(schema.properties).sort().join() === 'code,detail,errors' && schema.type === 'object';

/** Error answers' schemas as the one Error component, where they are that shape exactly. */
function shareErrorSchema(document: Document): void {
  let error: string | undefined;
  for (const item of Object.values(document.paths ?? {})) {
    for (const method of METHODS) {
      for (const [status, response] of Object.entries((item[method]?.responses ?? {}) as Record<string, JsonObject>)) {
        const media = (response.content as Record<string, JsonObject> | undefined)?.['application/json'];
        if (Number(status) < 400 || !isObject(media?.schema) || !isErrorShape(media.schema)) continue;
        error ??= withoutDescription(media.schema);
        if (withoutDescription(media.schema) !== error) continue;
        response.content = { 'application/json': { schema: ERROR_REF } };
      }
    }
  }
  if (!error) return;
  const components = (document.components ?? {}) as { schemas?: Record<string, unknown> };
  document.components = {
    ...components,
    schemas: {
      ...components.schemas,
      [ERROR_COMPONENT]: { ...(JSON.parse(error) as JsonObject), description: 'The API’s one error shape: `errors` names each refused field' },
    },
  };
}

/** zod wraps a component it refers to in an `allOf` of one: the reference alone says the same. */
function unwrapLoneAllOf(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(unwrapLoneAllOf);
  if (!isObject(node)) return node;
  const keys = Object.keys(node);
  if (keys.length === 1 && Array.isArray(node.allOf) && node.allOf.length === 1) return unwrapLoneAllOf(node.allOf[0]);
  return Object.fromEntries(keys.map((k) => [k, unwrapLoneAllOf(node[k])]));
}

/** Components no operation reaches (a schema given an id only for a body it is not used as) are left out. */
function dropUnusedComponents(document: Document): void {
  const schemas = (document.components as { schemas?: Record<string, unknown> } | undefined)?.schemas;
  if (!schemas) return;
  const used = new Set<string>();
  const pending = [JSON.stringify(document.paths)];
  while (pending.length) {
    for (const [, name] of pending.pop()!.matchAll(/"#\/components\/schemas\/([^"]+)"/g)) {
      if (used.has(name!)) continue;
      used.add(name!);
      pending.push(JSON.stringify(schemas[name!] ?? null));
    }
  }
  for (const name of Object.keys(schemas)) if (!used.has(name)) delete schemas[name];
}

/** Each JSON request body gets an example made from its schema (openapi-examples.ts). */
function addRequestExamples(document: Document): void {
  const components = ((document.components as { schemas?: Record<string, unknown> } | undefined)?.schemas ?? {}) as Record<string, unknown>;
  for (const item of Object.values(document.paths ?? {})) {
    for (const method of METHODS) {
      const media = ((item[method]?.requestBody as JsonObject | undefined)?.content as Record<string, JsonObject> | undefined)?.['application/json'];
      if (media && media.example === undefined) media.example = exampleOf(media.schema, components);
    }
  }
}

const METHODS = ['get', 'head', 'post', 'put', 'patch', 'delete', 'options'];
const GENERIC_DESCRIPTION = 'Default Response';

type Document = { paths?: Record<string, Record<string, JsonObject>>; [key: string]: unknown };

function finish(document: Document): Document {
  const ids = new Map<string, string>();
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      if (!item[method]) continue;
      // GET and HEAD of one route share one object: each gets its own id.
      const op = (item[method] = { ...item[method] });
      const id = operationIdOf(method, path);
      const other = ids.get(id);
      if (other) throw new Error(`OpenAPI: ${method.toUpperCase()} ${path} and ${other} would share the operation id ${id}`);
      ids.set(id, `${method.toUpperCase()} ${path}`);
      op.operationId = id;
      // A route that declares no security scheme is public: said, not left to the reader to guess.
      op.security ??= [];
      op.responses = answersOf(method, op);
      op.description ??= accessDescription(op);
      const rules = op['x-rules'] as string[] | undefined;
      if (rules) op.description = `${String(op.description)} Also refused, by rules no schema states: ${rules.map((r) => `'${r}'`).join('; ')}.`;
      if (Array.isArray(op.parameters))
        op.parameters = (op.parameters as JsonObject[]).map((p) =>
          p.description || !PARAMETERS[String(p.name)] ? p : { ...p, description: PARAMETERS[String(p.name)] },
        );
      delete op[FILES];
    }
  }
  document.paths = unwrapLoneAllOf(document.paths) as Document['paths'];
  document.components = unwrapLoneAllOf(document.components);
  shareErrorSchema(document);
  dropUnusedComponents(document);
  addRequestExamples(document);
  const used = new Set(Object.values(document.paths ?? {}).flatMap((item) => METHODS.flatMap((m) => (item[m]?.tags as string[] | undefined) ?? [])));
  const known = Object.keys(TAGS).filter((name) => used.has(name));
  document.tags = [...known, ...[...used].filter((name) => !TAGS[name])].map((name) => ({ name, ...(TAGS[name] && { description: TAGS[name] }) }));
  return document;
}

const withComponents = createJsonSchemaTransformObject({});

/** @fastify/swagger's options: the document's head, and the per-route and whole-document steps above. */
export function openApiOptions(): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      // 3.1: its schemas are JSON Schema 2020-12, which can say what the server checks and 3.0 cannot (map keys' names, text patterns beside types, null as a type).
      openapi: '3.1.0',
      info: {
        title: 'Netloom API',
        version: '1',
        description: `The API behind the Netloom console: sign-in, tenants, devices, device groups, teams and activity logs. Text that PostgreSQL cannot store is refused in every field: '${UNSTORABLE_TEXT_MESSAGE}'.`,
        // Rules of every operation (as `config.rules` gives one its own): text with a NUL or an unpaired surrogate is refused wherever it is sent.
        ...({ 'x-rules': [UNSTORABLE_TEXT_MESSAGE] } as object),
        // An SPDX reference to a licence of its own (3.1 names a licence by SPDX identifier or URL; there is no licence page).
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      },
      // Relative to the document: right behind any host, proxy or PUBLIC_URL the server is reached by.
      servers: [{ url: '/', description: 'The server this document is served by' }],
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: withBuiltInErrors,
    // The zod schemas given an id (`.meta({ id })`) become components, referenced where they are used.
    transformObject: (input) => finish(withComponents(input) as Document) as never,
  };
}
