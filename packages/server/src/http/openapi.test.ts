import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../test/build';

interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
  description?: string;
  parameters?: { in: string; name: string; description?: string }[];
  requestBody?: unknown;
  tags?: string[];
  'x-roles'?: string[];
  responses: Record<string, { description: string; content?: Record<string, { schema?: { $ref?: string } }> }>;
}
interface Document {
  servers?: { url: string }[];
  tags?: { name: string; description?: string }[];
  components?: { schemas?: Record<string, unknown> };
  paths: Record<string, Record<string, Operation>>;
}

const METHODS = ['get', 'head', 'post', 'put', 'patch', 'delete'];

/** The OpenAPI document tells API users what the server does: who may call, with which errors. */
describe('the OpenAPI document', () => {
  let t: TestApp;
  let doc: Document;
  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, item]) => METHODS.filter((m) => item[m]).map((method) => ({ method, path, op: item[method]! })));

  beforeAll(async () => {
    t = await build('pglite');
    doc = t.app.swagger() as unknown as Document;
  });
  afterAll(() => t.close());

  it('names a server and gives every operation a unique id made of its method and path', () => {
    expect(doc.servers?.length).toBeGreaterThan(0);
    const ids = operations().map(({ op }) => op.operationId);
    expect(ids.every((id) => typeof id === 'string' && id.length > 0)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths['/api/v1/device/{id}/metrics/']?.get?.operationId).toBe('getDeviceByIdMetrics');
    expect(doc.paths['/api/v1/tenant/data/health/']?.head?.operationId).toBe('headTenantDataHealth');
  });

  it('says of every operation whether it needs a session, and an anonymous call finds it so', async () => {
    for (const { method, path, op } of operations()) {
      expect(op.security, `${method} ${path}`).toBeDefined();
      const url = path.replace(/\{[^}]+\}/g, crypto.randomUUID());
      const res = await t.app.inject({ method: method.toUpperCase() as 'GET', url, ...(op.requestBody ? { payload: {} } : {}) });
      if (op.security!.length > 0) expect(res.statusCode, `${method} ${path}`).toBe(401);
      // A public call that takes credentials of its own (a refresh token, a remember-me cookie) may refuse them: said so.
      else if (res.statusCode === 401) expect(Object.keys(op.responses), `${method} ${path}: ${res.body}`).toContain('401');
    }
  });

  it('declares the errors a route answers by how it is built: 400 for input, 401 and 503 for a session, 429 when throttled', () => {
    for (const { method, path, op } of operations()) {
      const codes = Object.keys(op.responses);
      const where = `${method} ${path}`;
      if (op.parameters?.length || op.requestBody) expect(codes, where).toContain('400');
      if (op.security?.length) expect(codes, where).toEqual(expect.arrayContaining(['401', '503']));
      for (const code of codes.filter((c) => c >= '400')) expect(op.responses[code]!.description, where).not.toBe('Default Response');
    }
    expect(Object.keys(doc.paths['/api/v1/auth/login/']!.post!.responses)).toContain('429');
  });

  it('declares 403 on every route with a role rule and 404 where that rule names a tenant', () => {
    for (const { method, path, op } of operations().filter(({ op }) => op['x-roles'])) {
      expect(Object.keys(op.responses), `${method} ${path}`).toContain('403');
      if (JSON.stringify(op['x-roles']) !== '["super-admin"]') expect(Object.keys(op.responses), `${method} ${path}`).toContain('404');
    }
  });

  it('says what the answer carries: 204 and HEAD no body, CSV exports text/csv, errors the one Error component', () => {
    for (const { method, path, op } of operations()) {
      const where = `${method} ${path}`;
      if (op.responses['204']) expect(op.responses['204'].content, where).toBeUndefined();
      if (method === 'head')
        for (const r of Object.values(op.responses)) for (const m of Object.values(r.content ?? {})) expect(m.schema, where).toBeUndefined();
      for (const [status, r] of Object.entries(op.responses))
        if (Number(status) >= 400 && method !== 'head')
          expect(r.content?.['application/json']?.schema, `${where} ${status}`).toEqual({ $ref: '#/components/schemas/Error' });
    }
    // Shared entities are components, each referenced from the operations instead of copied into them.
    expect(Object.keys(doc.components?.schemas ?? {})).toEqual(expect.arrayContaining(['Error', 'DeviceConfigDocument', 'ZtnaSection']));
    const text = JSON.stringify(doc);
    for (const name of Object.keys(doc.components?.schemas ?? {})) expect(text, name).toContain(`"#/components/schemas/${name}"`);
    for (const path of ['/api/v1/logs/login-logs/', '/api/v1/logs/activity-logs/'])
      expect(Object.keys(doc.paths[path]!.get!.responses['200']!.content!)).toEqual(['application/json', 'text/csv']);
    expect(Object.keys(doc.paths['/api/v1/tenant/reports/{id}/download/']!.get!.responses['200']!.content!)).toEqual(['application/pdf', 'text/csv']);
  });

  it('describes every operation (who may call it) and every parameter', () => {
    for (const { method, path, op } of operations()) {
      expect(op.description, `${method} ${path}`).toBeTruthy();
      for (const p of op.parameters ?? []) expect(p.description, `${method} ${path} ${p.in} ${p.name}`).toBeTruthy();
    }
    expect(doc.paths['/api/v1/device/list/']!.get!.description).toMatch(/^Who may call: owner, admin, editor, viewer/);
  });

  it('defines every tag it uses, with a description', () => {
    const used = new Set(operations().flatMap(({ op }) => op.tags ?? []));
    expect(used.size).toBeGreaterThan(10);
    expect(new Set(doc.tags?.map((t) => t.name))).toEqual(used);
    expect(doc.tags?.filter((t) => !t.description)).toEqual([]);
  });
  it('is OpenAPI 3.1, gives each entity one component, and an example with every JSON request body', () => {
    expect((doc as unknown as { openapi: string }).openapi).toBe('3.1.0');
    expect(Object.keys(doc.components?.schemas ?? {})).toEqual(expect.arrayContaining(['Device', 'ConfigRevision', 'WebFilterPolicy', 'Alarm', 'Error']));
    const bodies = operations().flatMap(({ method, path, op }) => {
      const media = (op.requestBody as { content?: Record<string, { example?: unknown }> } | undefined)?.content?.['application/json'];
      return media ? [{ where: `${method} ${path}`, example: media.example }] : [];
    });
    expect(bodies.length).toBeGreaterThan(100);
    // Each example is checked against its schema by the document's lint (no-invalid-media-type-examples).
    expect(bodies.filter((b) => b.example === undefined).map((b) => b.where)).toEqual([]);
  });
});
