import { SCIM_MAX_PAGE, SCIM_SCHEMAS } from '@netloom/domain';

// What the service tells a provider about itself (RFC 7643 §5–7): what it supports, and the
// attributes of the two resources it keeps.

export const serviceProviderConfig = (base: string) => ({
  schemas: [SCIM_SCHEMAS.serviceProviderConfig],
  documentationUri: `${base.replace(/\/scim\/v2$/, '')}/docs/accounts-and-sign-in`,
  patch: { supported: true },
  bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
  filter: { supported: true, maxResults: SCIM_MAX_PAGE },
  changePassword: { supported: false },
  sort: { supported: false },
  etag: { supported: false },
  authenticationSchemes: [
    {
      type: 'oauthbearertoken',
      name: 'Bearer token',
      description: "A provisioning token an owner creates in the console's organisation settings",
      primary: true,
    },
  ],
  meta: { resourceType: 'ServiceProviderConfig', location: `${base}/ServiceProviderConfig` },
});

const attribute = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  type: 'string',
  multiValued: false,
  required: false,
  caseExact: false,
  mutability: 'readWrite',
  returned: 'default',
  uniqueness: 'none',
  ...extra,
});

const sub = (name: string, subAttributes: object[], extra: Record<string, unknown> = {}) => ({
  ...attribute(name, { type: 'complex', ...extra }),
  subAttributes,
});

const USER_SCHEMA = {
  id: SCIM_SCHEMAS.user,
  name: 'User',
  description: 'A person of the organisation',
  attributes: [
    attribute('userName', { required: true, uniqueness: 'server', description: "The person's e-mail address, their login" }),
    sub('name', [attribute('givenName'), attribute('familyName'), attribute('formatted')]),
    attribute('displayName'),
    sub('emails', [attribute('value'), attribute('type'), attribute('primary', { type: 'boolean' })], { multiValued: true }),
    attribute('active', { type: 'boolean' }),
    attribute('externalId', { caseExact: true }),
  ],
};

const GROUP_SCHEMA = {
  id: SCIM_SCHEMAS.group,
  name: 'Group',
  description: "A group of the organisation's people, as zero-trust policies name them",
  attributes: [
    attribute('displayName', { required: true, uniqueness: 'server' }),
    sub('members', [attribute('value', { mutability: 'immutable' }), attribute('display', { mutability: 'readOnly' })], { multiValued: true }),
    attribute('externalId', { caseExact: true }),
  ],
};

export const schemas = (base: string) =>
  [USER_SCHEMA, GROUP_SCHEMA].map((s) => ({ schemas: [SCIM_SCHEMAS.schema], ...s, meta: { resourceType: 'Schema', location: `${base}/Schemas/${s.id}` } }));

export const resourceTypes = (base: string) =>
  [
    { id: 'User', name: 'User', endpoint: '/Users', schema: SCIM_SCHEMAS.user },
    { id: 'Group', name: 'Group', endpoint: '/Groups', schema: SCIM_SCHEMAS.group },
  ].map((r) => ({
    schemas: [SCIM_SCHEMAS.resourceType],
    ...r,
    schemaExtensions: [],
    meta: { resourceType: 'ResourceType', location: `${base}/ResourceTypes/${r.id}` },
  }));
