import { rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiContractOf, wafCategoryOf, wafEdgeApplicationSchema, type WafEdgeApiSchema } from '@netloom/domain';
import { NginxWaf } from '../host/nginx';
import { WafLogs } from '../host/waf-logs';
import { testEdgeOptions, testEdgePrefix } from '../test/test-edge';
import { apiSchemaRules, pathPattern } from './zero-trust-api';

const APP = '5d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

/** A small API as its OpenAPI document describes it (references resolved). */
const API = apiContractOf({
  paths: {
    '/api/users': {
      get: { parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer' } }] },
      post: {
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['name'],
                additionalProperties: false,
                properties: { name: { type: 'string', maxLength: 20 }, age: { type: 'integer' }, tags: { type: 'array' } },
              },
            },
          },
        },
      },
    },
    '/api/users/{id}': { parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }], get: {} },
    '/api/users/me': { get: {} },
    '/api/search': { get: { parameters: [{ name: 'q', in: 'query', required: true, schema: { type: 'string' } }] } },
  },
});

describe('the zero-trust API rules', () => {
  it('matches a path by its template, each parameter as its type allows, and nothing in a path can end the rule', () => {
    const [users, , byId] = API;
    expect(pathPattern(users!)).toBe('^/api/users/?$');
    expect(pathPattern(byId!)).toBe('^/api/users/(?:-?[0-9]+)/?$');
    const odd = pathPattern({ ...users!, path: `/a"b'c\\d%{e}/x y` as string, path_params: [] });
    expect(odd).toBe('^/a\\x22b\\x27c\\x5cd\\x25[^/]+/x\\x20y/?$');
  });

  it('tries the most specific operation first and gives every rule its own id in the edge range', () => {
    const rules = apiSchemaRules({ mode: 'block', operations: API }).join('\n');
    expect(rules.indexOf('^/api/users/me/?$')).toBeLessThan(rules.indexOf('^/api/users/(?:-?[0-9]+)/?$'));
    const ids = [...rules.matchAll(/id:(\d+)/g)].map((m) => Number(m[1]));
    expect(new Set(ids).size).toBe(ids.length);
    expect(Math.min(...ids)).toBe(9_100_000);
  });
});

describe('zero-trust API at the edge (real nginx and ModSecurity)', () => {
  const prefix = testEdgePrefix('ztapi');
  const reached: string[] = [];
  const origin = http.createServer((req, res) => {
    reached.push(`${req.method} ${req.url}`);
    req.resume();
    req.on('end', () => res.end('{}'));
  });
  let edge: NginxWaf;
  let logs: WafLogs;
  let PORT = 0;

  beforeAll(async () => {
    await new Promise<void>((r) => origin.listen(0, '127.0.0.1', r));
    edge = new NginxWaf(await testEdgeOptions(prefix));
    PORT = edge.opts.listen.http;
    logs = new WafLogs(path.join(prefix, 'logs'), () => null);
  });
  afterAll(async () => {
    await edge.stop();
    origin.close();
    rmSync(prefix, { recursive: true, force: true });
  });

  const apply = (api_schema: WafEdgeApiSchema) =>
    edge.apply({
      applications: [
        wafEdgeApplicationSchema.parse({
          id: APP,
          name: 'Users API',
          domains: ['api.example.com'],
          origins: [{ url: `http://127.0.0.1:${(origin.address() as AddressInfo).port}` }],
          health_check: {},
          tls: null,
          policy: { zero_trust_api: { mode: api_schema.mode } },
          api_schema,
        }),
      ],
    });
  const send = (method: string, url: string, body?: unknown, type = 'application/json') =>
    new Promise<number>((resolve, reject) => {
      const data = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
      const req = http.request(
        {
          host: '127.0.0.1',
          port: PORT,
          method,
          path: url,
          agent: false,
          headers: { host: 'api.example.com', ...(data ? { 'content-type': type, 'content-length': Buffer.byteLength(data) } : {}) },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.end(data);
    });
  /** The edge's report of the refusals so far (the audit entry trails the response by a moment). */
  const refusals = async (count: number) => {
    const attacks = [];
    for (let i = 0; i < 40 && attacks.length < count; i++) {
      attacks.push(...(await logs.read()).attacks);
      if (attacks.length < count) await new Promise((r) => setTimeout(r, 50));
    }
    return attacks;
  };

  it('blocks what the document does not declare and passes what it does', async () => {
    expect(await apply({ mode: 'block', operations: API })).toBeNull();
    await logs.skipToEnd();
    // Declared: passes.
    expect(await send('GET', '/api/users?limit=10')).toBe(200);
    expect(await send('GET', '/api/users/42')).toBe(200);
    expect(await send('GET', '/api/users/me')).toBe(200);
    expect(await send('GET', '/api/search?q=blue')).toBe(200);
    expect(await send('POST', '/api/users', { name: 'Ada', age: 36, tags: ['x'] })).toBe(200);
    expect(await send('OPTIONS', '/api/users')).toBe(200);
    // Not declared, or not as declared: refused before the origin.
    const refused: [string, string, unknown?, string?][] = [
      ['GET', '/api/users?limit=10&debug=1'],
      ['GET', '/api/users?limit=ten'],
      ['GET', '/api/users/abc'],
      ['DELETE', '/api/users/42'],
      ['GET', '/api/admin'],
      ['GET', '/api/search'],
      ['POST', '/api/users', { name: 'Ada', admin: true }],
      ['POST', '/api/users', { age: 36 }],
      ['POST', '/api/users', { name: 'Ada', age: 'old' }],
      ['POST', '/api/users', { name: 'A'.repeat(21) }],
      ['POST', '/api/users', 'name=Ada', 'application/x-www-form-urlencoded'],
    ];
    const before = reached.length;
    for (const [method, url, body, type] of refused) expect(await send(method, url, body, type), `${method} ${url} ${JSON.stringify(body)}`).toBe(403);
    expect(reached.slice(before)).toEqual([]);

    // Each refusal is an attack event saying why.
    const attacks = await refusals(refused.length);
    expect(attacks).toHaveLength(refused.length);
    for (const a of attacks) {
      expect(a.action).toBe('blocked');
      expect(wafCategoryOf(a)).toBe('api');
    }
    const why = attacks.map((a) => `${a.rules[0]!.message} | ${a.rules[0]!.data}`);
    expect(why[0]).toBe('Zero-trust API: query parameter not declared by GET /api/users | debug');
    expect(why[1]).toBe('Zero-trust API: query parameter of the wrong type for GET /api/users | limit: ten');
    expect(why[2]).toBe('Zero-trust API: no documented operation | GET /api/users/abc');
    expect(why[4]).toBe('Zero-trust API: no documented operation | GET /api/admin');
    expect(why[5]).toBe('Zero-trust API: required query parameter missing for GET /api/search | q');
    expect(why[6]).toBe('Zero-trust API: body property not declared by POST /api/users | json.admin');
    expect(why[7]).toBe('Zero-trust API: required body property missing for POST /api/users | name');
    expect(why[8]).toBe('Zero-trust API: body property of the wrong type for POST /api/users | age: old');
    expect(why[9]).toBe('Zero-trust API: body property too long for POST /api/users | name');
    expect(why[10]).toBe('Zero-trust API: media type not accepted by POST /api/users | application/x-www-form-urlencoded');
  });

  it('in log mode passes the same requests to the origin and reports each', async () => {
    expect(await apply({ mode: 'log', operations: API })).toBeNull();
    await logs.skipToEnd();
    expect(await send('GET', '/api/users?limit=10&debug=1')).toBe(200);
    expect(await send('GET', '/api/admin')).toBe(200);
    const attacks = await refusals(2);
    expect(attacks.map((a) => [a.action, a.path])).toEqual([
      ['detected', '/api/users?limit=10&debug=1'],
      ['detected', '/api/admin'],
    ]);
  });
});
