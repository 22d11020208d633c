import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configDocumentSchema, type ConfigDocument } from '@netloom/domain';
import { Applier } from './applier';
import type { Capabilities } from './capabilities';
import { Clock } from './clock';
import { DhcpWans } from './dhcp-wan';
import { Dnsmasq } from './dnsmasq';
import { Frr } from './frr';
import { Strongswan } from './strongswan';
import { VLAN_ALIAS } from '../render/links';

/**
 * A kernel's links as iproute2 would keep them, behind a stand-in `ip` on the PATH: it lists its
 * links as `ip -json -details link show` does, makes, marks and deletes VLAN links from `ip -batch`
 * lines, and refuses an address on the interface FAIL_DEV names, as a kernel refuses a bad line.
 * This kernel has no 802.1Q, so the apply's VLAN step and its way back are proved against it.
 */
const FAKE_IP = `#!${process.execPath}
const fs = require('node:fs');
const state = process.env.FAKE_IP_STATE;
const links = JSON.parse(fs.readFileSync(state, 'utf8'));
const args = process.argv.slice(2);
fs.appendFileSync(state + '.log', args.join(' ') + '\\n');
if (args[0] === '-json') {
  process.stdout.write(JSON.stringify(args.includes('link') ? links : []));
  process.exit(0);
}
const input = fs.readFileSync(0, 'utf8');
const forgiving = args[0] === '-force';
let failed = false;
for (const line of input.split('\\n').filter(Boolean)) {
  fs.appendFileSync(state + '.log', '  ' + line + '\\n');
  const w = line.split(' ');
  let ok = true;
  if (line.startsWith('link add link ')) {
    if (links.some((l) => l.ifname === w[5])) ok = false;
    else links.push({ ifname: w[5], link: w[3], linkinfo: { info_kind: 'vlan', info_data: { id: Number(w[9]) } } });
  } else if (line.startsWith('link set dev ') && w[4] === 'alias') {
    const l = links.find((x) => x.ifname === w[3]);
    if (l) l.ifalias = w[5]; else ok = false;
  } else if (line.startsWith('link del dev ')) {
    const i = links.findIndex((x) => x.ifname === w[3]);
    if (i >= 0) links.splice(i, 1); else ok = false;
  } else if (line.startsWith('link set dev ') || line.startsWith('addr ')) {
    const dev = w[w.indexOf('dev') + 1];
    if (!links.some((x) => x.ifname === dev) || (line.startsWith('addr replace') && dev === process.env.FAIL_DEV)) ok = false;
  }
  if (!ok) {
    process.stderr.write('RTNETLINK answers: Invalid argument\\nCommand failed -:1\\n');
    failed = true;
    if (!forgiving) break;
  }
}
fs.writeFileSync(state, JSON.stringify(links));
process.exit(failed ? 1 : 0);
`;

const none: Capabilities = {
  nftables: false,
  dnsmasq: false,
  frr: false,
  bgpd: false,
  xfrm: false,
  charon: false,
  strongswan: false,
  wireguard: false,
  vlan: true,
  wireless: false,
  chrony: false,
  chronyd: false,
  tcpdump: false,
  conntrack: false,
  traceroute: false,
  iperf3: false,
  dhclient: false,
};

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const doc = (vlans: number[]) =>
  configDocumentSchema.parse({
    interfaces: {
      lan: [{ name: 'lan0', ip: '192.168.50.1', prefix: 24 }],
      wan: [],
      vlans: vlans.map((tag, i) => ({ id: id(i + 1), parent: 'lan0', vlan_id: tag, ip: `10.${tag}.0.1`, prefix: 24 })),
    },
  });

describe('the apply’s VLAN step against a kernel’s links', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'netloom-fake-ip-'));
  const state = path.join(dir, 'links.json');
  const before = { PATH: process.env.PATH, FAKE_IP_STATE: process.env.FAKE_IP_STATE, FAIL_DEV: process.env.FAIL_DEV };
  const applier = new Applier(
    none,
    new Dnsmasq(path.join(dir, 'run')),
    new Frr(),
    new DhcpWans(path.join(dir, 'run')),
    new Strongswan('unix:///nonexistent', path.join(dir, 'run')),
    new Clock({ etcRoot: dir, zoneinfo: '/usr/share/zoneinfo', sourcesFile: path.join(dir, 'sources'), stateDir: dir }, false),
  );
  const apply = (next: ConfigDocument | null, previous: ConfigDocument | null) => applier.apply(next, previous);
  const links = () =>
    (JSON.parse(readFileSync(state, 'utf8')) as { ifname: string; ifalias?: string }[]).map((l) => `${l.ifname}${l.ifalias ? ` (${l.ifalias})` : ''}`);

  beforeAll(() => {
    writeFileSync(path.join(dir, 'ip'), FAKE_IP);
    chmodSync(path.join(dir, 'ip'), 0o755);
    process.env.PATH = `${dir}:${process.env.PATH}`;
    process.env.FAKE_IP_STATE = state;
    // Never the box's own ip: the apply removes routes and rules of the agent's protocol it finds.
    writeFileSync(state, '[{"ifname":"fake"}]');
    if (!execFileSync('ip', ['-json', 'link']).toString().includes('"fake"')) throw new Error('the stand-in ip is not the one on the PATH');
  });
  afterAll(() => Object.assign(process.env, before));
  beforeEach(() => {
    writeFileSync(
      state,
      JSON.stringify([{ ifname: 'lo' }, { ifname: 'lan0' }, { ifname: 'lan0.99', link: 'lan0', linkinfo: { info_kind: 'vlan', info_data: { id: 99 } } }]),
    );
    writeFileSync(`${state}.log`, '');
    delete process.env.FAIL_DEV;
  });

  it('makes the VLANs before their addresses, and removes only its own when they leave the document', async () => {
    expect(await apply(doc([10, 20]), null)).toBeNull();
    expect(links()).toEqual(['lo', 'lan0', 'lan0.99', `lan0.10 (${VLAN_ALIAS})`, `lan0.20 (${VLAN_ALIAS})`]);
    const log = readFileSync(`${state}.log`, 'utf8');
    expect(log.indexOf('link add link lan0 name lan0.10 type vlan id 10')).toBeLessThan(log.indexOf('addr replace 10.10.0.1/24 dev lan0.10'));
    // The box's own lan0.99 is never the agent's to remove.
    expect(await apply(doc([20]), doc([10, 20]))).toBeNull();
    expect(links()).toEqual(['lo', 'lan0', 'lan0.99', `lan0.20 (${VLAN_ALIAS})`]);
    expect(await apply(null, doc([20]))).toBeNull();
    expect(links()).toEqual(['lo', 'lan0', 'lan0.99']);
  });

  it('makes a VLAN deleted by hand again when the same document is applied (drift healed)', async () => {
    expect(await apply(doc([10]), null)).toBeNull();
    const kept = JSON.parse(readFileSync(state, 'utf8')) as { ifname: string }[];
    writeFileSync(state, JSON.stringify(kept.filter((l) => l.ifname !== 'lan0.10')));
    expect(await apply(doc([10]), doc([10]))).toBeNull();
    expect(links()).toContain(`lan0.10 (${VLAN_ALIAS})`);
  });

  it('takes away the VLAN it made when a later step fails, and says the previous configuration was restored', async () => {
    expect(await apply(doc([10]), null)).toBeNull();
    process.env.FAIL_DEV = 'lan0.20';
    const error = await apply(doc([10, 20]), doc([10]));
    expect(error).toMatch(/^ip -batch -: RTNETLINK answers: Invalid argument.*; the previous configuration was restored$/);
    expect(links()).toEqual(['lo', 'lan0', 'lan0.99', `lan0.10 (${VLAN_ALIAS})`]);
  });
});
