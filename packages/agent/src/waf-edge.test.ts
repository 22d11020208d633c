import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_PROTOCOL_VERSION, EDGE_RULE_IDS, helloSchema, wafEdgeApplicationSchema, type ConfigDocument } from '@netloom/domain';
import { NginxWaf } from './host/nginx';
import { WafLogs } from './host/waf-logs';
import { DEBIAN_WAF_PATHS } from './render/nginx-waf';
import { freeListenPort } from './test/listen-port';
import { WafEdge } from './waf-edge';

const APP = '5c1d7e3a-2b4f-4a6e-9c8d-1e2f3a4b5c6d';

describe('the WAF edge between pushes (real nginx)', () => {
  const prefix = mkdtempSync(path.join(os.tmpdir(), 'netloom-waf-edge-'));
  // nginx's workers (nobody) write request bodies under it and reopen its logs.
  chmodSync(prefix, 0o755);
  let PORT = 0;
  const origin = http.createServer((_req, res) => res.end('ok'));
  let originUrl = '';
  const healthy = new Set<string>();
  let edge: WafEdge;
  const logLines: string[] = [];

  beforeAll(async () => {
    PORT = await freeListenPort();
    await new Promise<void>((r) => origin.listen(0, '127.0.0.1', r));
    originUrl = `http://127.0.0.1:${(origin.address() as AddressInfo).port}`;
    const nginx = new NginxWaf({
      prefix,
      // HTTPS is not served here (no certificate): its port is only named.
      listen: { address: '127.0.0.1', http: PORT, https: 1 },
      modules: { modsecurity: DEBIAN_WAF_PATHS.modsecurityModule, geoip2: null },
      crs: { setup: DEBIAN_WAF_PATHS.crsSetup, rules: DEBIAN_WAF_PATHS.crsRules },
      countryDb: null,
      dpopChecker: null,
      challenger: null,
      workers: 1,
    });
    edge = new WafEdge({
      identity: { serial: 'LNX-WAF', name: 'edge', model: 'Linux', os: 'Debian', version: '0.1.0', board: 'test', capabilities: ['nginx'] },
      nginx,
      logs: new WafLogs(path.join(prefix, 'logs'), (id) => (id === APP ? doc.waf!.applications[0]!.policy : null)),
      helpers: [],
      // Polled by hand below.
      pollMs: 3_600_000,
      rotateBytes: 20_000,
      probe: (url) => Promise.resolve([...healthy].some((h) => url.startsWith(h))),
      log: (line) => logLines.push(line),
    });
    await edge.start();
  });
  afterAll(async () => {
    await edge.stop();
    origin.close();
    rmSync(prefix, { recursive: true, force: true });
  });

  const spare = 'http://127.0.0.1:9';
  const doc = {
    waf: {
      applications: [
        wafEdgeApplicationSchema.parse({
          id: APP,
          name: 'Shop',
          domains: ['shop.example.com'],
          origins: [{ url: 'http://placeholder:1' }],
          health_check: { path: '/health', interval_s: 5 },
          tls: null,
          policy: { ddos: { enabled: true, requests_per_second_per_client: 1000, flood_requests_per_second: 20, strict_requests_per_second_per_client: 2 } },
        }),
      ],
    },
  } as ConfigDocument;
  const conf = () => readFileSync(path.join(prefix, 'current', 'nginx.conf'), 'utf8');
  const get = (path = '/') =>
    new Promise<number>((resolve) => {
      http
        .get({ host: '127.0.0.1', port: PORT, path, headers: { host: 'shop.example.com' }, agent: false }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        })
        .on('error', () => resolve(0));
    });

  it('says it is a WAF edge', () => {
    const hello = edge.hello();
    expect(hello.identity.device_type).toBe('waf-edge');
    helloSchema.parse({ type: 'hello', seq: 1, protocol: AGENT_PROTOCOL_VERSION, auth: { kind: 'enrol', enrolment_key: 'k'.repeat(16) }, ...hello });
  });

  it('takes an origin that fails its health check out of the upstream', async () => {
    doc.waf!.applications[0]!.origins = [
      { url: originUrl, weight: 1 },
      { url: spare, weight: 1 },
    ];
    expect(await edge.apply(doc)).toBeNull();
    healthy.add(originUrl);
    await edge.poll();
    expect(conf()).toContain(`server 127.0.0.1:9 weight=1 max_fails=3 fail_timeout=10s down;`);
    expect(conf()).not.toContain(`${originUrl.slice(7)} weight=1 max_fails=3 fail_timeout=10s down;`);
    expect(logLines.some((l) => l.includes('origin http://127.0.0.1:9 failed its health check'))).toBe(true);
    for (let i = 0; i < 6; i++) expect(await get()).toBe(200);
  });

  it('turns on the strict per-client rate when the application is flooded, and reports it', async () => {
    edge.wafEvents();
    for (let i = 0; i < 60; i++) await get();
    await edge.poll();
    expect(conf()).toContain('rate=2r/s');
    const { attacks, requests } = edge.wafEvents();
    expect(requests.length).toBeGreaterThanOrEqual(60);
    expect(attacks.find((a) => a.rules[0]?.id === EDGE_RULE_IDS.ddos && a.status === 0)).toMatchObject({ application_id: APP, action: 'rate_limited' });
    const statuses = await Promise.all(Array.from({ length: 10 }, get));
    expect(statuses).toContain(429);
  });

  it('moves its access log aside past its size and reads on in the new one, losing no request', async () => {
    edge.wafEvents();
    await edge.poll();
    edge.wafEvents();
    let sent = 0;
    for (let round = 0; round < 3; round++) {
      // About 300 bytes a line: each round passes the lowered limit, the next poll moves the log.
      for (let i = 0; i < 80; i++, sent++) await get(`/rotation/${sent}`);
      await edge.poll();
      // Moved aside: nginx makes the new file once it has handled the reopen signal, which `nginx -s reopen` does not wait for.
      const access = path.join(prefix, 'logs', 'access.log');
      expect(existsSync(access) ? statSync(access).size : 0).toBeLessThan(20_000);
    }
    // Counted by their own paths: nginx logs a request once it has answered it, so a line may come a moment after its answer.
    const paths: string[] = [];
    for (let i = 0; i < 20 && paths.length < sent; i++) {
      await edge.poll();
      paths.push(...edge.wafEvents().requests.flatMap((r) => (r.path.startsWith('/rotation/') ? [r.path] : [])));
      if (paths.length < sent) await new Promise((r) => setTimeout(r, 100));
    }
    expect(paths.sort()).toEqual(Array.from({ length: sent }, (_, i) => `/rotation/${i}`).sort());
  });

  it('serves nothing once its section is gone', async () => {
    expect(await edge.apply({} as ConfigDocument)).toBeNull();
    expect(await get()).toBe(0);
  });
});
