import { describe, expect, it } from 'vitest';
import { answeredOtherThanNotFound, discoverEndpoints, learnTemplates, paramType, pathTemplate } from './api-discovery';

describe('API discovery from the access log', () => {
  it('makes a path a template: numbers and UUIDs are ids, hashes and dates have their own placeholders', () => {
    expect(pathTemplate('/users/123/orders/9')).toBe('/users/{id}/orders/{id}');
    expect(pathTemplate('/users/3f2b8c1e-9d4a-4e6b-8f1a-2c3d4e5f6a7b/profile?x=1')).toBe('/users/{id}/profile');
    expect(pathTemplate('/files/d41d8cd98f00b204e9800998ecf8427e')).toBe('/files/{hash}');
    expect(pathTemplate('/reports/2026-11-30/daily')).toBe('/reports/{date}/daily');
    expect(pathTemplate('/api/v1/products')).toBe('/api/v1/products');
    expect(pathTemplate('/deadbeefcafebabe')).toBe('/deadbeefcafebabe');
    expect(pathTemplate('/customers/cus_8Hq2LmZx0P/cards/Xk29fQa7Lm')).toBe('/customers/{id}/cards/{id}');
    expect(pathTemplate('/api/oauth2/userinfo')).toBe('/api/oauth2/userinfo');
    expect(pathTemplate('?only=query')).toBe('/');
  });

  it('names the type of a parameter value', () => {
    expect(['42', '4.2', 'true', '3f2b8c1e-9d4a-4e6b-8f1a-2c3d4e5f6a7b', '2026-11-30', 'ann@example.com', 'shoes'].map(paramType)).toEqual([
      'integer',
      'number',
      'boolean',
      'uuid',
      'date',
      'email',
      'string',
    ]);
  });

  it('counts one endpoint across its objects, with its statuses, errors, parameters and when it was seen', () => {
    const at = (m: number) => new Date(Date.UTC(2026, 10, 30, 10, m));
    const endpoints = discoverEndpoints([
      { applicationId: 'a', method: 'GET', path: '/users/1?expand=true', status: 200, requests: 5, firstAt: at(1), lastAt: at(9) },
      { applicationId: 'a', method: 'GET', path: '/users/2?expand=false&email=ann%40example.com', status: 404, requests: 2, firstAt: at(0), lastAt: at(5) },
      { applicationId: 'a', method: 'POST', path: '/users', status: 201, requests: 1, firstAt: at(3), lastAt: at(3) },
      { applicationId: 'b', method: 'GET', path: '/users/7', status: 200, requests: 1, firstAt: at(2), lastAt: at(2) },
    ]);
    expect(endpoints.map((e) => [e.applicationId, e.method, e.template, e.requests])).toEqual([
      ['a', 'GET', '/users/{id}', 7],
      ['a', 'POST', '/users', 1],
      ['b', 'GET', '/users/{id}', 1],
    ]);
    expect(endpoints[0]).toMatchObject({
      errors: 2,
      statuses: [
        { status: 200, requests: 5 },
        { status: 404, requests: 2 },
      ],
      params: [
        { name: 'email', types: ['email'], pii: true },
        { name: 'expand', types: ['boolean'], pii: false },
      ],
      firstSeen: at(0),
      lastSeen: at(9),
    });
  });

  it('learns that a position holds values when many distinct words appear there under one parent, and keeps names beside them', () => {
    const row = (path: string, requests = 1) => ({ applicationId: 'a', path, requests });
    const slugs = Array.from({ length: 60 }, (_, i) => `blue-lamp-${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}`);
    const resources = ['users', 'orders', 'carts', 'invoices', 'payments', 'stores', 'tags', 'plans', 'notes', 'files'];
    const rows = [
      // 60 product slugs, each with its reviews: values. 'search' beside them, asked for far more, ends there: a name.
      ...slugs.map((s) => row(`/products/${s}/reviews`, 3)),
      row('/products/search', 400),
      // Ten resources, each asked for often: names, not values.
      ...resources.map((r) => row(`/api/${r}`, 500)),
      // Eight tags each seen once: values, though few.
      ...['red', 'green', 'blue', 'cyan', 'pink', 'gold', 'gray', 'teal'].map((t) => row(`/tags/${t}`)),
    ];
    const templates = new Set(learnTemplates(rows));
    expect([...templates].sort()).toEqual([...resources.map((r) => `/api/${r}`), '/products/search', '/products/{param}/reviews', '/tags/{param}'].sort());
    // Another application's paths are learnt apart.
    expect(learnTemplates([{ applicationId: 'b', path: `/products/${slugs[0]}/reviews`, requests: 1 }])).toEqual([`/products/${slugs[0]}/reviews`]);
  });
});

describe("discovery and a scanner's probes", () => {
  it('learns no placeholder from paths the application does not have, and says which answered only 404', () => {
    const at = new Date('2026-11-30T10:00:00Z');
    const row = (path: string, status: number, requests = 1) => ({ applicationId: 'a', method: 'GET', path, status, requests, firstAt: at, lastAt: at });
    const probes = ['/wp-admin', '/.env', '/phpmyadmin', '/admin.php', '/backup.zip', '/config.json', '/server-status', '/.git', '/xmlrpc.php', '/cgi-bin'];
    const found = discoverEndpoints([row('/graphql', 200, 40), row('/products', 200, 30), row('/login', 401, 5), ...probes.map((p) => row(p, 404))]);
    expect(found.slice(0, 3).map((e) => e.template)).toEqual(['/graphql', '/products', '/login']);
    expect(found.filter(answeredOtherThanNotFound).map((e) => e.template)).toEqual(['/graphql', '/products', '/login']);
    expect(found.filter((e) => !answeredOtherThanNotFound(e))).toHaveLength(probes.length);
  });
});

describe('personal data in query parameters', () => {
  it('types card numbers (Luhn) and phone numbers as personal data, and leaves other digits integers', () => {
    expect(paramType('4111111111111111')).toBe('card');
    expect(paramType('4111111111111112')).toBe('integer');
    expect(paramType('+44 20 7946 0958')).toBe('phone');
    expect(paramType('+4420')).toBe('string');
    const at = new Date('2026-11-30T10:00:00Z');
    const [e] = discoverEndpoints([
      { applicationId: 'a', method: 'GET', path: '/pay?card=4111111111111111&n=2', status: 200, requests: 1, firstAt: at, lastAt: at },
    ]);
    expect(e!.params).toEqual([
      { name: 'card', types: ['card'], pii: true },
      { name: 'n', types: ['integer'], pii: false },
    ]);
  });
});
