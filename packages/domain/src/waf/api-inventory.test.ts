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
      { method: 'GET', path: '/users/{userId}' },
      { method: 'GET', path: '/users/{name}/avatar' },
      { method: 'POST', path: '/orders' },
    ]);
    expect(isDocumentedAs({ method: 'GET', template: '/users/{id}' }, ops[0]!)).toBe(true);
    expect(isDocumentedAs({ method: 'POST', template: '/users/{id}' }, ops[0]!)).toBe(false);
    expect(isDocumentedAs({ method: 'GET', template: '/users/{id}/avatar' }, ops[0]!)).toBe(false);
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
