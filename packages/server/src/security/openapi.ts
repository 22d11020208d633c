/** The operations of the served OpenAPI document, in the shape the security suite drives them. */

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  uniqueItems?: boolean;
  minProperties?: number;
  /** What the keys of a map must be (JSON Schema 2020-12, as OpenAPI 3.1 has it). */
  propertyNames?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  additionalProperties?: boolean | JsonSchema;
  $ref?: string;
}

interface Param {
  in: 'query' | 'path';
  name: string;
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  /** "METHOD /path/{template}/": how figures and failures name the operation. */
  key: string;
  method: string;
  path: string;
  summary: string;
  secured: boolean;
  params: Param[];
  body: JsonSchema | null;
  /** Who the route lets in (`x-roles`: tenant roles and 'super-admin'); null: it declares no tenant rule. */
  roles: string[] | null;
  /** The route answers personal browsing data (`x-personal-data`). */
  personalData: boolean;
}

/** The fields of an operation's body: of the object itself, or of its object branch when it may also be null. */
export function bodyProperties(op: Pick<Operation, 'body'>): Record<string, JsonSchema> {
  const branches = [op.body, ...(op.body?.anyOf ?? []), ...(op.body?.oneOf ?? [])];
  return Object.assign({}, ...branches.map((b) => b?.properties ?? {})) as Record<string, JsonSchema>;
}

/** What a path or id names: the suite keeps one set of ids per kind for each tenant. */
export type Kind =
  | 'tenant'
  | 'device'
  | 'network'
  | 'user'
  | 'group'
  | 'revision'
  | 'template'
  | 'operation'
  | 'channel'
  | 'alarm'
  | 'policy'
  | 'rollout'
  | 'endpoint'
  | 'ztnaProfile'
  | 'enrolmentKey'
  | 'ztnaServer'
  | 'relay'
  | 'dnsGroup'
  | 'securityGroup'
  | 'ztnaPolicy'
  | 'connector'
  | 'announcement'
  | 'report'
  | 'reportSchedule'
  | 'diagnosticRun'
  | 'scimToken'
  | 'ssoProvider'
  | 'samlProvider'
  | 'ssoDomain'
  | 'ssoMapping'
  | 'ticket'
  | 'wafApplication'
  | 'wafRevision'
  | 'threatList'
  | 'wafVulnTest'
  | 'rumSite'
  | 'rumSourceMap'
  | 'rumAlert'
  | 'demApplication'
  | 'iotDevice'
  | 'iotForwardRule'
  | 'iotSegment'
  | 'ndrDetection'
  | 'ndrAction';
export const KINDS: readonly Kind[] = [
  'tenant',
  'device',
  'network',
  'user',
  'group',
  'revision',
  'template',
  'operation',
  'channel',
  'alarm',
  'policy',
  'rollout',
  'endpoint',
  'ztnaProfile',
  'enrolmentKey',
  'ztnaServer',
  'relay',
  'dnsGroup',
  'securityGroup',
  'ztnaPolicy',
  'connector',
  'announcement',
  'report',
  'reportSchedule',
  'diagnosticRun',
  'scimToken',
  'ssoProvider',
  'samlProvider',
  'ssoDomain',
  'ssoMapping',
  'ticket',
  'wafApplication',
  'wafRevision',
  'threatList',
  'wafVulnTest',
  'rumSite',
  'rumSourceMap',
  'rumAlert',
  'demApplication',
  'iotDevice',
  'iotForwardRule',
  'iotSegment',
  'ndrDetection',
  'ndrAction',
];

interface OpenApiDoc {
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

const METHODS = ['get', 'head', 'post', 'put', 'patch', 'delete'];

export function operationsOf(document: unknown): Operation[] {
  const doc = document as OpenApiDoc;
  const resolve = (schema: JsonSchema | undefined, seen: Set<string> = new Set()): JsonSchema | undefined => {
    if (!schema || typeof schema !== 'object') return schema;
    if (schema.$ref) {
      const name = schema.$ref.replace('#/components/schemas/', '');
      if (seen.has(name)) return {};
      return resolve(doc.components?.schemas?.[name], new Set([...seen, name]));
    }
    const out: Record<string, unknown> = { ...schema };
    for (const [k, v] of Object.entries(schema)) {
      if (k === 'properties' && v) out[k] = Object.fromEntries(Object.entries(v as Record<string, JsonSchema>).map(([p, s]) => [p, resolve(s, seen)]));
      else if ((k === 'anyOf' || k === 'oneOf' || k === 'allOf') && Array.isArray(v)) out[k] = v.map((s: JsonSchema) => resolve(s, seen));
      else if ((k === 'items' || k === 'additionalProperties') && v && typeof v === 'object') out[k] = resolve(v as JsonSchema, seen);
    }
    return out as JsonSchema;
  };

  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const params = ((op.parameters as { in: string; name: string; required?: boolean; schema: JsonSchema }[] | undefined) ?? [])
        .filter((p) => p.in === 'query' || p.in === 'path')
        .map((p) => ({ in: p.in as 'query' | 'path', name: p.name, required: Boolean(p.required), schema: resolve(p.schema) ?? {} }));
      const content = (op.requestBody as { content?: Record<string, { schema: JsonSchema }> } | undefined)?.content;
      const body = content?.['application/json']?.schema;
      ops.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        summary: String(op.summary ?? ''),
        secured: Array.isArray(op.security) && op.security.length > 0,
        params,
        body: body ? (resolve(body) ?? null) : null,
        roles: Array.isArray(op['x-roles']) ? (op['x-roles'] as string[]) : null,
        personalData: op['x-personal-data'] === true,
      });
    }
  }
  return ops;
}

const FIELD_KINDS: [RegExp, Kind][] = [
  [/^(tid|tenant_?ids?)$/i, 'tenant'],
  [/^device_?ids?$/i, 'device'],
  [/^network_?ids?$/i, 'network'],
  [/^user_?ids?$/i, 'user'],
  [/^(user_)?group_?ids?$/i, 'group'],
  [/^revision_?ids?$/i, 'revision'],
  [/^template_?ids?$/i, 'template'],
  [/^operation_?ids?$/i, 'operation'],
  [/^channel_?ids?$/i, 'channel'],
  // A gateway's diagnostic run, under its device's path.
  [/^run_?ids?$/i, 'diagnosticRun'],
  // Marking the bell read names the newest alarm seen.
  [/^up_to$/i, 'alarm'],
  // A binding's target: the generated call names a device (the first of its kinds).
  [/^target_?id$/i, 'device'],
  // Zero trust: the server a test or reach asks about, the security groups a key or a rollout names.
  [/^server_?ids?$/i, 'ztnaServer'],
  [/^security_?groups?$/i, 'securityGroup'],
  // QShield: the application a page filters on, the edges that serve an application.
  [/^application_?id$/i, 'wafApplication'],
  [/^edge_?ids?$/i, 'device'],
  [/^threat_lists$/i, 'threatList'],
  // RUM: the site or app a query, an alert or an upload is about.
  [/^site_?id$/i, 'rumSite'],
];

// A path parameter names the object of the resource it follows: /device/{id}/…, /teams/users/{id}/….
const PATH_KINDS: [RegExp, Kind][] = [
  [/\/teams\/users\/$/, 'user'],
  [/\/teams\/groups\/$/, 'group'],
  [/\/device\/$/, 'device'],
  [/\/network\/([a-z-]+\/)?$/, 'network'],
  [/\/tenant\/$/, 'tenant'],
  [/\/webfilter-policy\/$/, 'policy'],
  [/\/client-rollouts\/$/, 'rollout'],
  [/\/device\/movpn\/$/, 'endpoint'],
  [/\/tenant\/ztna\/profiles\/$/, 'ztnaProfile'],
  [/\/tenant\/ztna\/enrolment-keys\/$/, 'enrolmentKey'],
  [/\/tenant\/ztna\/servers\/$/, 'ztnaServer'],
  [/\/tenant\/ztna\/relays\/$/, 'relay'],
  [/\/tenant\/ztna\/dns\/$/, 'dnsGroup'],
  [/\/tenant\/ztna\/security-groups\/$/, 'securityGroup'],
  [/\/tenant\/ztna\/policies\/$/, 'ztnaPolicy'],
  [/\/tenant\/connector\/$/, 'connector'],
  // Announcements are the provider's, not a tenant's: the victim's is one only its tenant is shown.
  [/\/admin\/announcements\/$/, 'announcement'],
  [/\/tenant\/reports\/$/, 'report'],
  [/\/tenant\/report-schedules\/$/, 'reportSchedule'],
  [/\/tenant\/scim\/tokens\/$/, 'scimToken'],
  [/\/tenant\/sso\/providers\/$/, 'ssoProvider'],
  // Not auth/saml/{id}/…: a SAML provider's SP metadata and ACS are public by design (the IdP
  // reads and posts to them), so the probes name random ids there.
  [/\/tenant\/sso\/saml-providers\/$/, 'samlProvider'],
  [/\/tenant\/sso\/domains\/$/, 'ssoDomain'],
  [/\/tenant\/sso\/group-mappings\/$/, 'ssoMapping'],
  // A support ticket, under the tenant's path and the provider's desk.
  [/\/support\/(desk\/)?tickets\/$/, 'ticket'],
  // QShield: a protected application, a revision of its policy, a threat-intel list.
  [/\/waap\/domains\/$/, 'wafApplication'],
  [/\/waap\/domains\/\{id\}\/policy\/revisions\/$/, 'wafRevision'],
  [/\/waap\/threat-intel\/$/, 'threatList'],
  // A vulnerability test of an application.
  [/\/waap\/api-security\/vuln-tests\/$/, 'wafVulnTest'],
  // The provider's list of every tenant's WAF edges: an edge shared as a POP or not.
  [/\/admin\/waf-pops\/$/, 'device'],
  // RUM: a site or app, a source map of it, an alert.
  [/\/rum\/sites\/$/, 'rumSite'],
  // DEM: a monitored application.
  [/\/dem\/applications\/$/, 'demApplication'],
  // IoT Gateway: a discovered device, a telemetry forwarding rule, a segment on a gateway.
  [/\/iot\/devices\/$/, 'iotDevice'],
  [/\/iot\/forward-rules\/$/, 'iotForwardRule'],
  [/\/iot\/segments\/$/, 'iotSegment'],
  // NDR: a detection (the engine's), a response action.
  [/\/ndr\/detections\/$/, 'ndrDetection'],
  [/\/ndr\/actions\/$/, 'ndrAction'],
  [/\/rum\/sites\/\{id\}\/sourcemaps\/$/, 'rumSourceMap'],
  [/\/rum\/alerts\/$/, 'rumAlert'],
];

/** The kind of object a field or parameter holds, or null when nothing says. */
export function kindOfField(name: string): Kind | null {
  return FIELD_KINDS.find(([re]) => re.test(name))?.[1] ?? null;
}

export function kindOfPathParam(path: string, name: string): Kind | null {
  const byName = kindOfField(name);
  if (byName) return byName;
  const before = path.slice(0, path.indexOf(`{${name}}`));
  return PATH_KINDS.find(([re]) => re.test(before))?.[1] ?? null;
}

export const isTenantSelector = (name: string) => kindOfField(name) === 'tenant' && !/s$/i.test(name);

/** Operations that name a tenant: by a tid/tenant_id query parameter or a body field. */
export function tenantSelectors(op: Operation): { query: string[]; body: string[] } {
  return {
    query: op.params.filter((p) => p.in === 'query' && isTenantSelector(p.name)).map((p) => p.name),
    body: Object.keys(bodyProperties(op)).filter(isTenantSelector),
  };
}
