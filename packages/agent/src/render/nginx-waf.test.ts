import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { EDGE_RULE_IDS, wafAttackSchema, wafRequestSchema, wafEdgeApplicationSchema, type WafEdgeApplication } from '@netloom/domain';
import { chromium } from 'playwright';
import { ChallengeIssuer, passFor } from '../host/challenge';
import { DpopChecker } from '../host/dpop';
import { NginxWaf } from '../host/nginx';
import { freeListenPort } from '../test/listen-port';
import { WafLogs } from '../host/waf-logs';
import { DEBIAN_WAF_PATHS, modsecurityRules, renderWaf, wafCannotRun, type WafRenderOptions } from './nginx-waf';

const APP = '0b8f3d2e-6a41-4c7b-9e15-2d7c4f8a1b90';
const OTHER = '7e2a9c41-3b5d-4f6e-8a17-c9d0e1f2a3b4';

function application(policy: object, patch: Partial<Record<keyof WafEdgeApplication, unknown>> = {}, origin = 'http://127.0.0.1:9'): WafEdgeApplication {
  return wafEdgeApplicationSchema.parse({
    id: APP,
    name: 'Shop',
    domains: ['shop.example.com'],
    origins: [{ url: origin }],
    health_check: {},
    tls: null,
    policy,
    ...patch,
  });
}

const renderOpts = (prefix: string, port = 18080, https = port + 1): Omit<WafRenderOptions, 'confDir'> => ({
  prefix,
  listen: { address: '127.0.0.1', http: port, https },
  modules: { modsecurity: DEBIAN_WAF_PATHS.modsecurityModule, geoip2: null },
  crs: { setup: DEBIAN_WAF_PATHS.crsSetup, rules: DEBIAN_WAF_PATHS.crsRules },
  countryDb: null,
  dpopChecker: null,
  challenger: null,
  workers: 1,
});

describe('the WAF edge rendering', () => {
  it('sets the engine, the paranoia level and thresholds before the CRS, exclusions and disabled groups around it', () => {
    const rules = modsecurityRules(
      application({
        mode: 'detection',
        paranoia_level: 2,
        inbound_threshold: 10,
        disabled_groups: ['java'],
        ip_allow: ['10.1.0.0/16'],
        exclusions: [
          { id: crypto.randomUUID(), rule_id: 942100, tag: null, path: '/search', parameter: 'q' },
          { id: crypto.randomUUID(), rule_id: 941100, tag: null, path: null, parameter: null },
          { id: crypto.randomUUID(), rule_id: null, tag: 'attack-sqli', path: null, parameter: 'comment' },
        ],
        custom_rules: [
          { id: crypto.randomUUID(), name: 'No admin', rule: 'SecRule REQUEST_FILENAME "@beginsWith /admin" "id:1001,phase:1,deny,status:403,log"' },
        ],
      }),
      { prefix: '/p', crs: { setup: '/crs/setup.conf', rules: '/crs/rules' } },
    );
    const lines = rules.split('\n');
    const at = (s: string) => lines.findIndex((l) => l.includes(s));
    expect(lines).toContain('SecRuleEngine DetectionOnly');
    expect(rules).toContain('setvar:tx.paranoia_level=2,setvar:tx.executing_paranoia_level=2,setvar:tx.inbound_anomaly_score_threshold=10');
    expect(rules).toContain('SecRule REMOTE_ADDR "@ipMatch 10.1.0.0/16" "id:9000101,phase:1,pass,nolog,t:none,ctl:ruleEngine=Off"');
    expect(rules).toContain('SecRule REQUEST_FILENAME "@beginsWith /search" "id:9000200,phase:1,pass,nolog,t:none,ctl:ruleRemoveTargetById=942100;ARGS:q"');
    expect(at('SecAction "id:9000100')).toBeLessThan(at('Include /crs/setup.conf'));
    expect(at('id:1001')).toBeLessThan(at('Include /crs/rules/*.conf'));
    expect(at('SecRuleRemoveById 944000-944999')).toBeGreaterThan(at('Include /crs/rules/*.conf'));
    expect(at('SecRuleRemoveById 941100')).toBeGreaterThan(at('Include /crs/rules/*.conf'));
    expect(rules).toContain('SecRuleUpdateTargetByTag "attack-sqli" "!ARGS:comment"');
    expect(rules).toContain('SecAuditLog /p/logs/audit-' + APP + '.log');
  });

  it("keeps an application's and a rule's names to their comment lines: a line break in a name starts no directive", () => {
    const rules = modsecurityRules(
      application(
        { custom_rules: [{ name: 'ok\nSecAuditLog /etc/cron.d/x', rule: `SecRule ARGS "@contains x" "id:7,phase:2,deny"` }] },
        { name: 'Shop\nSecRuleEngine Off\r\nInclude /etc/shadow' },
      ),
      { prefix: '/p', crs: { setup: '/crs/setup.conf', rules: '/crs/rules' } },
    );
    const directives = rules.split('\n').filter((l) => !l.startsWith('#'));
    expect(directives.some((l) => /SecRuleEngine Off|Include \/etc\/shadow|SecAuditLog \/etc/.test(l))).toBe(false);
    expect(rules).toContain('# Written by the Netloom agent for Shop SecRuleEngine Off  Include /etc/shadow');
  });

  it('gives an application a server with its domains, an upstream with its origins and weights, its limits and lists', () => {
    const app = application(
      {
        ip_deny: ['203.0.113.0/24'],
        ip_allow: ['203.0.113.9'],
        rate_limits: [{ id: crypto.randomUUID(), path: '/login', requests_per_minute: 30, burst: 5 }],
        ddos: { enabled: true, connections_per_client: 20, requests_per_second_per_client: 40 },
      },
      {
        origins: [
          { url: 'http://10.0.0.1:8080', weight: 3 },
          { url: 'http://10.0.0.2', weight: 1 },
        ],
        threat_lists: [{ id: crypto.randomUUID(), name: 'Bad', cidrs: ['198.51.100.0/24'] }],
      },
    );
    const [conf] = renderWaf({ applications: [app] }, { ...renderOpts('/p'), confDir: '/p/conf-1', down: new Map([[APP, new Set(['http://10.0.0.2'])]]) });
    const c = conf!.content;
    expect(c).toContain('server 10.0.0.1:8080 weight=3 max_fails=3 fail_timeout=10s;');
    expect(c).toContain('server 10.0.0.2:80 weight=1 max_fails=3 fail_timeout=10s down;');
    expect(c).toContain('server_name shop.example.com;');
    expect(c).toContain(`198.51.100.0/24 ${EDGE_RULE_IDS.threatList};`);
    expect(c).toContain(`203.0.113.0/24 ${EDGE_RULE_IDS.ipDeny};`);
    expect(c).toContain('203.0.113.9 0;');
    expect(c).toContain('limit_req_zone $binary_remote_addr zone=rl_0_0:1m rate=30r/m;');
    expect(c).toMatch(/location \^~ \/login \{\s+limit_req zone=rl_0_0 burst=5 nodelay;\s+limit_req zone=ddos_0 burst=40 nodelay;/);
    expect(c).toContain('limit_conn conn_0 20;');
    expect(c).toContain('modsecurity_rules_file /p/conf-1/modsec-' + APP + '.conf;');
    expect(c).toContain('log_format netloom_waf escape=json \'{"msec":$msec,"request_id":"$request_id"');
  });
});

describe('what an edge cannot serve', () => {
  it('names each part a box lacks: the country database, the DPoP checker, the challenge issuer', () => {
    const app = application(
      { country_deny: ['RU'], dpop: { enabled: true, paths: ['/pay'], max_age_seconds: 30 } },
      { threat_lists: [{ id: crypto.randomUUID(), name: 'Suspicious', action: 'challenge', cidrs: ['192.0.2.0/24'] }] },
    );
    expect(wafCannotRun({ applications: [app] }, renderOpts('/p'))).toBe(
      "waf: country lists need nginx's geoip2 module and a country database (Shop); DPoP needs the agent's proof checker (Shop); challenge lists need the agent's challenge issuer (Shop)",
    );
    const ready = {
      ...renderOpts('/p'),
      countryDb: '/db.mmdb',
      modules: { modsecurity: 'm.so', geoip2: 'g.so' },
      dpopChecker: '127.0.0.1:1',
      challenger: { address: '127.0.0.1:2', secret: 's' },
    };
    expect(wafCannotRun({ applications: [app] }, ready)).toBeNull();
  });
});

/** A real nginx with the CRS in front of a tiny origin that records what reached it. */
describe('the WAF edge in front of an origin (real nginx, ModSecurity and CRS)', () => {
  const prefix = mkdtempSync(path.join(os.tmpdir(), 'netloom-waf-'));
  // nginx's workers (nobody) write request bodies under it and reopen its logs.
  chmodSync(prefix, 0o755);
  const reached: string[] = [];
  const origin = http.createServer((req, res) => {
    reached.push(req.url ?? '');
    res.end('origin says hello\n');
  });
  let port = 0;
  let edge: NginxWaf;
  let logs: WafLogs;
  let running: WafEdgeApplication['policy'] | null = null;
  const dpop = new DpopChecker();
  const challenge = new ChallengeIssuer();
  let PORT = 0;
  let TLS_PORT = 0;

  beforeAll(async () => {
    await new Promise<void>((r) => origin.listen(0, '127.0.0.1', r));
    port = (origin.address() as AddressInfo).port;
    [PORT, TLS_PORT] = [await freeListenPort(), await freeListenPort()];
    edge = new NginxWaf({
      ...renderOpts(prefix, PORT, TLS_PORT),
      dpopChecker: await dpop.start(),
      challenger: { address: await challenge.start(), secret: challenge.secret },
    });
    logs = new WafLogs(
      path.join(prefix, 'logs'),
      () => running,
      (id) => dpop.takeRefusal(id),
    );
  });
  afterAll(async () => {
    await edge.stop();
    await dpop.stop();
    await challenge.stop();
    origin.close();
    rmSync(prefix, { recursive: true, force: true });
  });

  const get = (url: string, host = 'shop.example.com', from?: string, headers: Record<string, string> = {}) =>
    new Promise<number>((resolve, reject) => {
      const req = http.get(
        { host: '127.0.0.1', port: PORT, path: url, headers: { host, ...headers }, agent: false, ...(from ? { localAddress: from } : {}) },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
    });
  const apply = async (policy: object, patch = {}) => {
    const app = application(policy, patch, `http://127.0.0.1:${port}`);
    const error = await edge.apply({ applications: [app] });
    if (!error) running = app.policy;
    return error;
  };

  it('passes a benign request to the origin and blocks the classic attacks at paranoia 1; detection mode passes and logs them', async () => {
    expect(await apply({ mode: 'blocking' })).toBeNull();
    expect(await get('/products?q=blue+shoes')).toBe(200);
    expect(reached).toContain('/products?q=blue+shoes');
    const attacks = ["/?id=1'%20OR%20'1'='1", '/?q=%3Cscript%3Ealert(1)%3C/script%3E', '/?file=../../etc/passwd', '/?cmd=;cat%20/etc/passwd'];
    for (const a of attacks) expect(await get(a), a).toBe(403);
    expect(reached.filter((r) => attacks.includes(r))).toEqual([]);
    expect(await get('/', 'unknown.example.com')).toBe(421);

    expect(await apply({ mode: 'detection' })).toBeNull();
    for (const a of attacks) expect(await get(a), a).toBe(200);
    expect(reached.filter((r) => attacks.includes(r))).toHaveLength(attacks.length);
    // ModSecurity writes its audit entry once the response is sent: the last one may come a moment after.
    const auditLog = () =>
      readFileSync(path.join(prefix, 'logs', `audit-${APP}.log`), 'utf8')
        .trim()
        .split('\n');
    for (let i = 0; i < 40 && auditLog().length < 2 * attacks.length; i++) await new Promise((r) => setTimeout(r, 50));
    const audit = auditLog();
    const entries = audit.map(
      (l) => JSON.parse(l) as { transaction: { request: { uri: string }; response: { http_code: number }; messages: { details: { ruleId: string } }[] } },
    );
    expect(entries.filter((e) => e.transaction.response.http_code === 403).map((e) => e.transaction.request.uri)).toEqual(attacks);
    const detected = entries.filter((e) => e.transaction.response.http_code === 200);
    expect(detected.map((e) => e.transaction.request.uri)).toEqual(attacks);
    expect(detected[0]!.transaction.messages.map((m) => m.details.ruleId)).toContain('942100');

    // What the edge reports of it: every request, and each attack with its CRS rules, blocked then detected.
    const read = await logs.read();
    for (const r of read.requests) wafRequestSchema.parse(r);
    for (const a of read.attacks) wafAttackSchema.parse(a);
    expect(read.requests.find((r) => r.path === '/products?q=blue+shoes')).toMatchObject({
      application_id: APP,
      status: 200,
      host: 'shop.example.com',
      client_ip: '127.0.0.1',
    });
    const sqli = read.attacks.filter((a) => a.path === attacks[0]);
    expect(sqli.map((a) => a.action)).toEqual(['blocked', 'detected']);
    expect(sqli[0]).toMatchObject({ application_id: APP, status: 403, anomaly_score: 5, method: 'GET' });
    expect(sqli[0]!.rules.map((r) => r.id)).toEqual([942100, 949110]);
    const ids = (path: string) => read.attacks.find((a) => a.path === path)!.rules.map((r) => r.id);
    expect(ids(attacks[1]!)).toContain(941100);
    expect(ids(attacks[2]!)).toContain(930100);
    expect(ids(attacks[3]!)).toContain(932100);
    // The request id joins an attack to its access log line.
    expect(read.requests.some((r) => r.request_id === sqli[0]!.request_id && r.status === 403)).toBe(true);
  });

  it("takes a body too big for nginx's buffer (written under the prefix by its workers) and inspects a JSON one", async () => {
    const post = (body: string) =>
      new Promise<number>((resolve, reject) => {
        const req = http.request(
          {
            host: '127.0.0.1',
            port: PORT,
            method: 'POST',
            path: '/api/orders',
            agent: false,
            headers: { host: 'shop.example.com', 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          },
        );
        req.on('error', reject);
        req.end(body);
      });
    expect(await apply({})).toBeNull();
    const items = Array.from({ length: 2000 }, (_, i) => ({ sku: `SKU-${i}`, qty: 1, note: 'gift wrap please' }));
    expect(await post(JSON.stringify({ items }))).toBe(200);
    expect(reached).toContain('/api/orders');
    expect(await post(JSON.stringify({ filter: "1' UNION SELECT password FROM users --" }))).toBe(403);
  });

  it('lets an excluded parameter through for its rule only', async () => {
    const exclusion = { id: crypto.randomUUID(), rule_id: 942100, tag: null, path: null, parameter: 'q' };
    // 942100 (libinjection) alone scores 5 on this one: excluded for q it passes, for id it is still blocked.
    expect(await apply({ exclusions: [exclusion] })).toBeNull();
    expect(await get('/search?q=1%27%20OR%20%271%27=%271')).toBe(200);
    expect(await get('/search?id=1%27%20OR%20%271%27=%271')).toBe(403);
    expect(await get('/search?q=%3Cscript%3Ealert(1)%3C/script%3E')).toBe(403);
  });

  it('denies a listed address in every mode, except one it allows', async () => {
    expect(await apply({ mode: 'detection', ip_deny: ['127.0.0.2'] })).toBeNull();
    expect(await get('/', 'shop.example.com', '127.0.0.2')).toBe(403);
    expect(await get('/', 'shop.example.com', '127.0.0.3')).toBe(200);
    expect(
      await apply({ ip_deny: ['127.0.0.0/29'], ip_allow: ['127.0.0.3'] }, { threat_lists: [{ id: crypto.randomUUID(), name: 'Bad', cidrs: ['127.0.0.9'] }] }),
    ).toBeNull();
    expect(await get('/', 'shop.example.com', '127.0.0.2')).toBe(403);
    expect(await get('/', 'shop.example.com', '127.0.0.9')).toBe(403);
    expect(await get("/?id=1'%20OR%20'1'='1", 'shop.example.com', '127.0.0.3')).toBe(200);
    const log = readFileSync(path.join(prefix, 'logs', 'access.log'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(log.filter((l) => l.client === '127.0.0.9').at(-1)).toMatchObject({ status: 403, edge_rule: String(EDGE_RULE_IDS.threatList), app: APP });
    const denied = (await logs.read()).attacks.filter((a) => a.action === 'denied');
    expect(denied.map((a) => [a.client_ip, a.rules[0]!.id])).toEqual([
      ['127.0.0.2', EDGE_RULE_IDS.ipDeny],
      ['127.0.0.2', EDGE_RULE_IDS.ipDeny],
      ['127.0.0.9', EDGE_RULE_IDS.threatList],
    ]);
  });

  it('answers 429 past a rate limit on its path', async () => {
    expect(await apply({ rate_limits: [{ id: crypto.randomUUID(), path: '/login', requests_per_minute: 60, burst: 2 }] })).toBeNull();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push(await get('/login', 'shop.example.com', '127.0.0.4'));
    expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
    expect(statuses.slice(3)).toContain(429);
    expect(await get('/other', 'shop.example.com', '127.0.0.4')).toBe(200);
    const limited = (await logs.read()).attacks.filter((a) => a.action === 'rate_limited');
    expect(limited.length).toBe(statuses.filter((s) => s === 429).length);
    expect(limited[0]).toMatchObject({ status: 429, client_ip: '127.0.0.4', path: '/login', rules: [{ id: EDGE_RULE_IDS.rateLimit }] });
  });

  it('asks for a DPoP proof on its paths: none or a replayed one is 401 and an attack, a fresh one passes', async () => {
    expect(await apply({ dpop: { enabled: true, paths: ['/pay'], max_age_seconds: 30 } })).toBeNull();
    const { privateKey, publicKey } = await generateKeyPair('ES256');
    const jwk = await exportJWK(publicKey);
    const proof = await new SignJWT({ jti: crypto.randomUUID(), htm: 'GET', htu: 'http://shop.example.com/pay', iat: Math.floor(Date.now() / 1000) })
      .setProtectedHeader({ alg: 'ES256', typ: 'dpop+jwt', jwk })
      .sign(privateKey);
    await logs.read();
    expect(await get('/pay')).toBe(401);
    expect(await get('/pay?x=1', 'shop.example.com', undefined, { dpop: proof })).toBe(200);
    expect(await get('/pay?x=1', 'shop.example.com', undefined, { dpop: proof })).toBe(401);
    expect(await get('/elsewhere')).toBe(200);
    const refused = (await logs.read()).attacks.filter((a) => a.rules[0]?.id === EDGE_RULE_IDS.dpop);
    expect(refused.map((a) => [a.path, a.status, a.rules[0]!.data])).toEqual([
      ['/pay', 401, 'no DPoP header'],
      ['/pay?x=1', 401, 'the proof was used before (jti)'],
    ]);
  });

  it("answers a challenge-listed client with the JavaScript challenge until it carries a pass: Chromium passes on its own, a pass is the client's and expires", async () => {
    const list = (cidrs: string[]) => [{ id: crypto.randomUUID(), name: 'Suspicious', action: 'challenge', cidrs }];
    expect(await apply({}, { threat_lists: list(['127.0.0.1', '127.0.0.5/32']) })).toBeNull();
    await logs.read();
    // A script that runs no JavaScript gets the page, never the application.
    expect(await get('/account?tab=orders')).toBe(403);
    expect(await get('/account?tab=orders', 'shop.example.com', '127.0.0.6')).toBe(200);
    expect(reached.filter((r) => r === '/account?tab=orders')).toHaveLength(1);

    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--host-resolver-rules=MAP shop.example.com 127.0.0.1'],
    });
    try {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`http://shop.example.com:${PORT}/account?tab=orders`);
      await page.locator('body', { hasText: 'origin says hello' }).waitFor({ timeout: 10_000 });
      expect(reached.filter((r) => r === '/account?tab=orders')).toHaveLength(2);
      const cookies = Object.fromEntries((await context.cookies()).map((c) => [c.name, c.value]));
      const pass = `netloom_pass=${cookies.netloom_pass}; netloom_pass_expires=${cookies.netloom_pass_expires}`;
      // The pass is the browser's address's and this application's: from another listed address it is worth nothing.
      expect(await get('/account', 'shop.example.com', '127.0.0.1', { cookie: pass })).toBe(200);
      expect(await get('/account', 'shop.example.com', '127.0.0.5', { cookie: pass })).toBe(403);
      // A passed client is still inspected.
      expect(await get("/?id=1'%20OR%20'1'='1", 'shop.example.com', '127.0.0.1', { cookie: pass })).toBe(403);
    } finally {
      await browser.close();
    }
    const expired = Math.floor(Date.now() / 1000) - 10;
    expect(
      await get('/account', 'shop.example.com', '127.0.0.5', {
        cookie: `netloom_pass=${passFor(challenge.secret, '127.0.0.5', APP, expired)}; netloom_pass_expires=${expired}`,
      }),
    ).toBe(403);
    expect(await get('/account', 'shop.example.com', '127.0.0.5', { cookie: 'netloom_pass=AAAAAAAAAAAAAAAAAAAAAA; netloom_pass_expires=4102444800' })).toBe(
      403,
    );

    // Chromium asks for /favicon.ico beside the challenge page: it may be challenged too.
    const challenged = (await logs.read()).attacks.filter((a) => a.action === 'challenged' && a.path !== '/favicon.ico');
    expect(challenged.map((a) => [a.client_ip, a.path])).toEqual([
      ['127.0.0.1', '/account?tab=orders'],
      ['127.0.0.1', '/account?tab=orders'],
      ['127.0.0.5', '/account'],
      ['127.0.0.5', '/account'],
      ['127.0.0.5', '/account'],
    ]);
    expect(challenged[0]).toMatchObject({ status: 403, application_id: APP, rules: [{ id: EDGE_RULE_IDS.threatChallenge }] });
  });

  it('refuses a rule nginx refuses and keeps serving the previous policy', async () => {
    expect(await apply({})).toBeNull();
    // The domain's check takes any @ipMatch argument; ModSecurity refuses one that is no address.
    const bad = { id: crypto.randomUUID(), name: 'Bad', rule: 'SecRule REMOTE_ADDR "@ipMatch 300.1.1.1" "id:1002,phase:1,deny,status:403,log"' };
    const error = await apply({ custom_rules: [bad] });
    expect(error).toMatch(/^waf: nginx refused the configuration: .*Rules error.*\(the custom rule "Bad" of Shop\)$/);
    expect(await get('/products')).toBe(200);
    expect(await get("/?id=1'%20OR%20'1'='1")).toBe(403);
  });

  it('denies by country (geoip2 on the country database) the client a trusted load balancer names', async () => {
    const countryDb = createRequire(import.meta.url).resolve('@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country-ipv4.mmdb');
    const GEO_PORT = await freeListenPort();
    const geo = new NginxWaf({
      ...renderOpts(path.join(prefix, 'geo'), GEO_PORT, await freeListenPort()),
      modules: { modsecurity: DEBIAN_WAF_PATHS.modsecurityModule, geoip2: DEBIAN_WAF_PATHS.geoip2Module },
      countryDb,
      trustForwardedFrom: ['127.0.0.1'],
    });
    try {
      // The addresses are only named in a header: no traffic leaves the loopback.
      const from = (xff: string) =>
        new Promise<number>((resolve, reject) => {
          http
            .get({ host: '127.0.0.1', port: GEO_PORT, path: '/', headers: { host: 'shop.example.com', 'x-forwarded-for': xff }, agent: false }, (res) => {
              res.resume();
              res.on('end', () => resolve(res.statusCode ?? 0));
            })
            .on('error', reject);
        });
      expect(await geo.apply({ applications: [application({ country_deny: ['US'] }, {}, `http://127.0.0.1:${port}`)] })).toBeNull();
      expect(await from('8.8.8.8')).toBe(403);
      expect(await from('193.0.6.139')).toBe(200);
      expect(
        await geo.apply({ applications: [application({ country_allow: ['NL', 'GB'], ip_allow: ['1.1.1.1'] }, {}, `http://127.0.0.1:${port}`)] }),
      ).toBeNull();
      expect(await from('8.8.8.8')).toBe(403);
      expect(await from('81.2.69.160')).toBe(200);
      // An allowed address passes whatever its country.
      expect(await from('1.1.1.1')).toBe(200);
      const geoLogs = new WafLogs(path.join(prefix, 'geo', 'logs'), () => null);
      const denied = (await geoLogs.read()).attacks.filter((a) => a.action === 'denied');
      expect(denied.map((a) => [a.client_ip, a.rules[0]!.id])).toEqual([
        ['8.8.8.8', EDGE_RULE_IDS.countryDeny],
        ['8.8.8.8', EDGE_RULE_IDS.countryDeny],
      ]);
    } finally {
      await geo.stop();
    }
  });

  it('serves HTTPS with the application certificate, its key readable by root only', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'netloom-waf-tls-'));
    const made = spawnSync('openssl', [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:P-256',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=shop.example.com',
      '-keyout',
      `${dir}/k.pem`,
      '-out',
      `${dir}/c.pem`,
    ]);
    expect(made.status, made.stderr?.toString()).toBe(0);
    const tls = { certificate: readFileSync(`${dir}/c.pem`, 'utf8'), key: readFileSync(`${dir}/k.pem`, 'utf8') };
    rmSync(dir, { recursive: true, force: true });
    expect(await apply({}, { tls })).toBeNull();
    expect(statSync(path.join(prefix, 'current', 'tls', `${APP}.key`)).mode & 0o777).toBe(0o600);
    const status = (url: string) =>
      new Promise<number>((resolve, reject) => {
        https
          .get(
            {
              host: '127.0.0.1',
              port: TLS_PORT,
              path: url,
              servername: 'shop.example.com',
              headers: { host: 'shop.example.com' },
              rejectUnauthorized: false,
              agent: false,
            },
            (res) => {
              res.resume();
              res.on('end', () => resolve(res.statusCode ?? 0));
            },
          )
          .on('error', reject);
      });
    expect(await status('/products')).toBe(200);
    expect(await status("/?id=1'%20OR%20'1'='1")).toBe(403);
  });

  it('serves a second application by its own domain with its own policy', async () => {
    const a = application({ mode: 'blocking' }, {}, `http://127.0.0.1:${port}`);
    const b = application({ mode: 'detection' }, { id: OTHER, name: 'Blog', domains: ['blog.example.com'] }, `http://127.0.0.1:${port}`);
    expect(await edge.apply({ applications: [a, b] })).toBeNull();
    expect(await get("/?id=1'%20OR%20'1'='1", 'shop.example.com')).toBe(403);
    expect(await get("/?id=1'%20OR%20'1'='1", 'blog.example.com')).toBe(200);
  });
});
