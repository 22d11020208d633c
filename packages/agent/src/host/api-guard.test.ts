import { rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EDGE_RULE_IDS, wafAttackSchema, wafCategoryOf, wafEdgeApplicationSchema, wafRequestSchema, type WafAttack, type WafRequest } from '@netloom/domain';
import { freeListenPort } from '../test/listen-port';
import { testEdgeOptions, testEdgePrefix } from '../test/test-edge';
import { ApiGuard, accountOf } from './api-guard';
import { ChallengeIssuer } from './challenge';
import { analyseQuery } from './graphql-query';
import { NginxWaf } from './nginx';
import { WafLogs } from './waf-logs';

const APP = '3c2b1a09-8f7e-4d6c-9b5a-4e3d2c1b0a99';

describe('what the guard reads of a request', () => {
  it('measures a query with its fragments spread, and stops counting a fragment bomb at the limit', () => {
    const seen = analyseQuery('query Orders { me { orders { ...O } a: name b: name } } fragment O on Order { id items { product { id name } } }', null, 1_000);
    expect(seen).toEqual({ operation: 'query', name: 'Orders', depth: 5, aliases: 2, fields: 9, introspection: false });
    const bomb = `query { ...A } ${Array.from({ length: 20 }, (_, i) => `fragment ${String.fromCharCode(65 + i)} on Q { x ${i < 19 ? `...${String.fromCharCode(66 + i)} ...${String.fromCharCode(66 + i)}` : ''} }`).join(' ')}`;
    const counted = analyseQuery(bomb, null, 100);
    expect('fields' in counted && counted.fields).toBe(101);
    expect(analyseQuery('{ __schema { types { name } } }', null, 100)).toMatchObject({ introspection: true });
    expect(analyseQuery('query {', null, 100)).toMatchObject({ problem: expect.stringMatching(/^not a GraphQL query/) });
    expect(analyseQuery('query A { a } query B { b }', null, 100)).toEqual({ problem: 'several operations and no operationName' });
  });

  it("reads the login's account from a JSON or form body, and nothing else", () => {
    expect(accountOf(Buffer.from('{"email":" Ada@Example.com ","password":"x"}'), 'application/json', 'email')).toBe('ada@example.com');
    expect(accountOf(Buffer.from('user=bob&password=x'), 'application/x-www-form-urlencoded', 'user')).toBe('bob');
    expect(accountOf(Buffer.from('{"email":5}'), 'application/json', 'email')).toBeNull();
    expect(accountOf(Buffer.from('{'), 'application/json', 'email')).toBeNull();
  });
});

describe('the API guard behind real nginx', () => {
  const prefix = testEdgePrefix('guard');
  const reached: string[] = [];
  const origin = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      reached.push(`${req.method} ${req.url}`);
      if (req.url === '/login') {
        const ok = (JSON.parse(body) as { password: string }).password === 'right';
        res.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' }).end(ok ? '{"token":"t"}' : '{"detail":"Wrong password"}');
      } else res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":{}}');
    });
  });
  const challenge = new ChallengeIssuer();
  let guard: ApiGuard;
  let edge: NginxWaf;
  let logs: WafLogs;
  let PORT = 0;

  beforeAll(async () => {
    await new Promise<void>((r) => origin.listen(0, '127.0.0.1', r));
    const relay = await freeListenPort();
    guard = new ApiGuard({ relayPort: relay, challengeSecret: challenge.secret });
    edge = new NginxWaf(
      await testEdgeOptions(prefix, {
        challenger: { address: await challenge.start(), secret: challenge.secret },
        guard: { address: await guard.start(), relay },
      }),
    );
    PORT = edge.opts.listen.http;
    logs = new WafLogs(
      path.join(prefix, 'logs'),
      () => null,
      () => null,
      (id) => guard.takeNote(id),
    );
    const app = wafEdgeApplicationSchema.parse({
      id: APP,
      name: 'Shop',
      domains: ['shop.example.com'],
      origins: [{ url: `http://127.0.0.1:${(origin.address() as AddressInfo).port}` }],
      health_check: {},
      tls: null,
      policy: {
        graphql: { enabled: true, paths: ['/graphql'], max_depth: 4, max_aliases: 3, max_fields: 50, introspection: false },
        login_protection: {
          enabled: true,
          endpoints: [{ path: '/login', username_field: 'email' }],
          client_failures: 5,
          account_failures: 8,
          account_clients: 4,
        },
      },
    });
    expect(await edge.apply({ applications: [app] })).toBeNull();
    guard.serve([app]);
  });
  afterAll(async () => {
    await edge.stop();
    await guard.stop();
    await challenge.stop();
    origin.close();
    rmSync(prefix, { recursive: true, force: true });
  });

  const post = (url: string, body: unknown, from = '127.0.0.1', cookie?: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const data = JSON.stringify(body);
      const req = http.request(
        {
          host: '127.0.0.1',
          port: PORT,
          method: 'POST',
          path: url,
          agent: false,
          localAddress: from,
          headers: { host: 'shop.example.com', 'content-type': 'application/json', 'content-length': Buffer.byteLength(data), ...(cookie ? { cookie } : {}) },
        },
        (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.on('error', reject);
      req.end(data);
    });
  const read = async (requests: number) => {
    const out: { requests: WafRequest[]; attacks: WafAttack[] } = { requests: [], attacks: [] };
    for (let i = 0; i < 40 && out.requests.length < requests; i++) {
      const r = await logs.read();
      out.requests.push(...r.requests);
      out.attacks.push(...r.attacks);
      if (out.requests.length < requests) await new Promise((r) => setTimeout(r, 50));
    }
    for (const r of out.requests) wafRequestSchema.parse(r);
    for (const a of out.attacks) wafAttackSchema.parse(a);
    return out;
  };

  it('passes a query within the limits and refuses one past them, saying why', async () => {
    await logs.skipToEnd();
    const before = reached.length;
    expect((await post('/graphql', { query: 'query Me { me { name orders { id } } }' })).status).toBe(200);
    const deep = await post('/graphql', { query: '{ a { b { c { d { e } } } } }' });
    expect(deep.status).toBe(403);
    expect(JSON.parse(deep.body)).toEqual({ errors: [{ message: 'Query refused by the WAF: depth 5 over 4' }] });
    expect((await post('/graphql', { query: '{ __schema { types { name } } }' })).status).toBe(403);
    expect((await post('/graphql', { query: 'query Many { a: me b: me c: me d: me }' })).status).toBe(403);
    expect((await post('/graphql', { query: 'mutation {' })).status).toBe(400);
    expect(reached.slice(before)).toEqual(['POST /graphql']);

    const { requests, attacks } = await read(5);
    expect(requests.find((r) => r.status === 200)?.graphql).toEqual({ operation: 'query', name: 'Me', depth: 3, aliases: 0, fields: 4, introspection: false });
    expect(attacks.map((a) => [a.action, wafCategoryOf(a), a.rules[0]!.id, a.rules[0]!.data])).toEqual([
      ['blocked', 'graphql', EDGE_RULE_IDS.graphql, 'depth 5 over 4'],
      ['blocked', 'graphql', EDGE_RULE_IDS.graphql, 'introspection is off'],
      ['blocked', 'graphql', EDGE_RULE_IDS.graphql, '4 aliases over 3'],
      ['blocked', 'graphql', EDGE_RULE_IDS.graphql, expect.stringMatching(/^not a GraphQL query/)],
    ]);
  });

  it('challenges a credential-stuffing client past its failures while a user who logs in passes, and reports each attempt', async () => {
    await logs.skipToEnd();
    const stuffer = '127.0.0.2';
    const answers: number[] = [];
    for (let i = 0; i < 8; i++) answers.push((await post('/login', { email: `victim${i}@example.com`, password: 'guess' }, stuffer)).status);
    // Five failures from the address, then the challenge page: the script never gets past it.
    expect(answers).toEqual([401, 401, 401, 401, 401, 403, 403, 403]);
    const page = await post('/login', { email: 'victim9@example.com', password: 'guess' }, stuffer);
    expect(page.body).toContain('Checking your browser');

    // Another address's user mistypes once, then logs in.
    expect((await post('/login', { email: 'ada@example.com', password: 'wrong' }, '127.0.0.3')).status).toBe(401);
    expect((await post('/login', { email: 'ada@example.com', password: 'right' }, '127.0.0.3')).status).toBe(200);

    // A browser that ran the challenge carries the pass it set: the stuffer's address with a pass is let through.
    const pass = /netloom_pass=([\w-]+)/.exec(page.body)?.[1];
    const expires = /netloom_pass_expires=(\d+)/.exec(page.body)?.[1];
    expect(
      (await post('/login', { email: 'me@example.com', password: 'right' }, stuffer, `netloom_pass=${pass}; netloom_pass_expires=${expires}`)).status,
    ).toBe(200);

    const { requests, attacks } = await read(12);
    const logins = requests.filter((r) => r.path === '/login');
    expect(logins.map((r) => r.login)).toContainEqual({ account: 'ada@example.com', failed: false });
    expect(logins.filter((r) => r.login?.failed && r.client_ip === stuffer)).toHaveLength(9);
    expect(attacks.filter((a) => a.action === 'challenged' && wafCategoryOf(a) === 'auth').map((a) => a.rules[0]!.data)).toEqual(
      Array(4).fill('credential stuffing: 5 failed logins from this address in 10 min'),
    );
  });
});
