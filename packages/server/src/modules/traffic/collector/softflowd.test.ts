import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trafficAnswerSchema } from '@netloom/domain';
import { enrolmentKey } from '../../../test/agent-client';
import { bearer, build, login, testBackends, type TestApp } from '../../../test/build';
import { namespacesUnavailable, namespaceWithVeth, sh } from '../../../test/network-namespaces';
import { waitFor } from '../../../test/wait-for';

const SOFTFLOWD = '/usr/sbin/softflowd';
const SOFTFLOWCTL = '/usr/sbin/softflowctl';
const unavailable = namespacesUnavailable([SOFTFLOWD, SOFTFLOWCTL, '/usr/sbin/ip', '/usr/bin/ping']);
if (unavailable) console.warn(`softflowd collector test not run: ${unavailable}`);

/**
 * A real exporter: Debian's softflowd watches the veth of a namespace the test made and exports
 * what crosses it (a ping flood to the root side) to the collector, which listens on the root
 * side's address; the records reach the device whose exporter address is the namespace's.
 */
describe.skipIf(unavailable !== null).each(testBackends('pglite'))('softflowd exporting to the collector on %s (needs root and softflowd)', (backend) => {
  let t: TestApp;
  let net: Awaited<ReturnType<typeof namespaceWithVeth>>;
  let dir: string;
  let viewer: string;
  let tenant: string;
  let device: string;
  let exporter: ChildProcess | null = null;

  beforeAll(async () => {
    net = await namespaceWithVeth('sfd', 1);
    dir = mkdtempSync(path.join(tmpdir(), 'netloom-softflowd-'));
    t = await build(backend, (c) => ({ ...c, flowCollector: { host: net.hostAddress, port: 0 } }));
    const admin = (await login(t.app, 'admin@acme.test')).access;
    viewer = (await login(t.app, 'viewer@acme.test')).access;
    tenant = (await enrolmentKey(t.app, 'Acme')).tenantId;
    const claimed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/device/claim/',
      headers: bearer(admin),
      payload: { serial: 'SOFTFLOWD-1', name: 'softflowd', kind: 'gateway' },
    });
    device = String(claimed.json().id);
    const set = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/netflow/exporter/${device}/`,
      headers: bearer(admin),
      payload: { address: net.innerAddress },
    });
    expect(set.statusCode).toBe(200);
  }, 60_000);
  afterAll(async () => {
    exporter?.kill();
    await t?.close();
    await net?.remove();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const icmpBytes = async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/sdwan/netflow/device/${device}/top-protocols/`,
      headers: bearer(viewer),
      payload: { tenant_id: tenant, timeduration: 60 },
    });
    return trafficAnswerSchema.parse(res.json()).results.find((r) => r.key === 'ICMP')?.value ?? 0;
  };

  /** softflowd on the namespace's veth for one version; a ping flood across it; every flow expired (exported) at once. */
  async function exportWith(version: '9' | '10'): Promise<void> {
    const { port } = t.app.flowCollector!.address!;
    const control = path.join(dir, `ctl-v${version}`);
    // A small capture buffer: softflowd reads packets as libpcap hands them over, block by block.
    exporter = spawn(
      'ip',
      [
        'netns',
        'exec',
        net.ns,
        SOFTFLOWD,
        '-d',
        '-i',
        net.innerIf,
        '-n',
        `${net.hostAddress}:${port}`,
        '-v',
        version,
        '-B',
        '8192',
        '-c',
        control,
        '-p',
        path.join(dir, `pid-v${version}`),
      ],
      {
        stdio: 'ignore',
      },
    );
    await waitFor(async () => existsSync(control), 10_000);
    await sh('ip', ['netns', 'exec', net.ns, 'ping', '-f', '-c', '3000', '-s', '200', '-q', net.hostAddress]);
    await sh('ip', ['netns', 'exec', net.ns, SOFTFLOWCTL, '-c', control, 'expire-all']);
  }

  it.each(['9', '10'] as const)(
    'NetFlow version %s: the flood between the namespace and the root side shows as the device’s ICMP traffic',
    async (version) => {
      const before = await icmpBytes();
      await exportWith(version);
      // 3000 echo requests and replies of 228 IP bytes: softflowd counts most of them (the last packets may still sit in
      // libpcap's buffer when the flows are expired), so at least 300 kB more.
      await expect.poll(icmpBytes, { timeout: 20_000, interval: 500 }).toBeGreaterThan(before + 300_000);
      exporter?.kill();
      exporter = null;
      const hosts = await t.app.inject({
        method: 'POST',
        url: `/api/v1/sdwan/netflow/device/${device}/top-talkers/`,
        headers: bearer(viewer),
        payload: { tenant_id: tenant, timeduration: 60 },
      });
      // Both ends of the flood; IPv6 neighbour discovery on the new link may be there too.
      expect(trafficAnswerSchema.parse(hosts.json()).results.map((r) => r.address)).toEqual(expect.arrayContaining([net.hostAddress, net.innerAddress]));
      expect(t.app.flowCollector!.stats.datagramsMalformed).toBe(0);
    },
    40_000,
  );
});
