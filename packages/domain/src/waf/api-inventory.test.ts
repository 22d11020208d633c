import { describe, expect, it } from 'vitest';
import { discoverEndpoints } from './api-discovery';
import { apiInventory, documentedOperations, isDocumentedAs } from './api-inventory';

const at = new Date('2026-11-30T10:00:00Z');
const seen = discoverEndpoints([
  { applicationId: 'a', method: 'GET', path: '/users/1', status: 200, requests: 4, firstAt: at, lastAt: at },
  { applicationId: 'a', method: 'GET', path: '/users/alice/avatar', status: 404, requests: 1, firstAt: at, lastAt: at },
  { applicationId: 'a', method: 'DELETE', path: '/debug/cache', status: 200, requests: 2, firstAt: at, lastAt: at },
]);

describe('an application’s API inventory', () => {
  it("reads a document's operations, and matches a discovered template against a declared path's parameters", () => {
    const ops = documentedOperations({
      paths: { '/users/{userId}': { get: {}, parameters: [] }, '/users/{name}/avatar': { get: {} }, '/orders': { post: {} } },
    });
    expect(ops).toEqual([
      { method: 'GET', path: '/users/{userId}', params: [] },
      { method: 'GET', path: '/users/{name}/avatar', params: [] },
      { method: 'POST', path: '/orders', params: [] },
    ]);
    expect(isDocumentedAs({ method: 'GET', template: '/users/{id}' }, ops[0]!)).toBe(true);
    expect(isDocumentedAs({ method: 'POST', template: '/users/{id}' }, ops[0]!)).toBe(false);
    expect(isDocumentedAs({ method: 'GET', template: '/users/{id}/avatar' }, ops[0]!)).toBe(false);
  });

  it("reads each operation's query parameters with their schema's type, following the document's own references", () => {
    const ops = documentedOperations({
      paths: {
        '/orders': {
          parameters: [{ $ref: '#/components/parameters/page' }, { name: 'id', in: 'path', schema: { type: 'integer' } }],
          get: {
            parameters: [
              { name: 'since', in: 'query', schema: { type: 'string', format: 'date' } },
              { name: 'page', in: 'query', schema: { type: ['integer', 'null'] } },
            ],
          },
          post: {},
        },
      },
      components: { parameters: { page: { name: 'page', in: 'query', schema: { $ref: '#/components/schemas/Page' } } }, schemas: { Page: { type: 'number' } } },
    } as { paths: Record<string, unknown> });
    expect(ops).toEqual([
      {
        method: 'GET',
        path: '/orders',
        params: [
          { name: 'page', type: 'integer', format: null },
          { name: 'since', type: 'string', format: 'date' },
        ],
      },
      { method: 'POST', path: '/orders', params: [{ name: 'page', type: 'number', format: null }] },
    ]);
  });

  it('says which endpoints are documented and used, shadow (used, not documented) and zombie (documented, unused)', () => {
    const ops = documentedOperations({ paths: { '/users/{userId}': { get: {} }, '/users/{name}/avatar': { get: {} }, '/orders': { post: {} } } });
    expect(apiInventory(seen, ops).map((r) => [r.state, r.method, r.path, r.requests, r.errors])).toEqual([
      ['documented', 'GET', '/users/{userId}', 4, 0],
      ['documented', 'GET', '/users/{name}/avatar', 1, 1],
      ['zombie', 'POST', '/orders', 0, 0],
      ['shadow', 'DELETE', '/debug/cache', 2, 0],
    ]);
    expect(apiInventory(seen, null).map((r) => r.state)).toEqual(['undocumented', 'undocumented', 'undocumented']);
  });
});
