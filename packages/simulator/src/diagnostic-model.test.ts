import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { diagnosticParamsSchema, type DiagnosticInput } from '@netloom/domain';
import { diagnosticPlan, type DiagnosticContext, type GatewayView } from './diagnostic-model';
import { LINKTYPE_ETHERNET, PCAP_MAGIC } from './pcap';
import type { LinkState } from './links';

const link = (ifname: string, kind: LinkState['kind'], baseLatencyMs: number, up = true): LinkState => ({
  name: ifname.toUpperCase(),
  ifname,
  weight: 1,
  kind,
  baseLatencyMs,
  up,
  downTicks: 0,
});

/** A branch: an office LAN, a fibre line and an LTE backup, and a static route to the data centre over the LAN. */
const branch = (links: LinkState[] = [link('eth0', 'fibre', 12), link('eth1', 'lte', 60)]): GatewayView => ({
  serial: 'NLG-TEST',
  links,
  interfaces: [
    { name: 'lan1', kind: 'lan', address: '192.168.10.1', prefix: 24 },
    { name: 'eth0', kind: 'wan', address: '203.0.113.7', prefix: 24 },
    { name: 'eth1', kind: 'wan', address: '198.51.100.9', prefix: 24 },
  ],
  routes: [
    { destination: '192.168.10.0/24', gateway: null, interface: 'lan1', metric: 0, origin: 'connected' },
    { destination: '0.0.0.0/0', gateway: null, interface: 'eth0', metric: 10, origin: 'default' },
    { destination: '0.0.0.0/0', gateway: null, interface: 'eth1', metric: 20, origin: 'default' },
  ],
  lanHosts: ['192.168.10.20', '192.168.10.21', '192.168.10.22'],
});
const context: DiagnosticContext = { peerCapacityMbps: (address) => (address === '10.8.0.6' ? 40 : undefined) };
const plan = (view: GatewayView, input: DiagnosticInput, ctx = context) =>
  diagnosticPlan(view, diagnosticParamsSchema.parse(input), 'job-1', Date.UTC(2026, 0, 1), ctx);
const texts = (p: ReturnType<typeof plan>) => p.lines.map((l) => l.text);

describe('diagnostics on a simulated gateway', () => {
  it('pings over the route it takes: replies at about its line latency, one per interval, then the statistics', () => {
    const p = plan(branch(), { kind: 'ping', host: '8.8.8.8', count: 5, interval_s: 0.5 });
    const replies = texts(p).filter((t) => t.startsWith('64 bytes from 8.8.8.8'));
    expect(replies).toHaveLength(5);
    const rtts = replies.map((t) => Number(/time=([\d.]+) ms/.exec(t)![1]));
    for (const rtt of rtts) expect(rtt).toBeGreaterThan(8);
    for (const rtt of rtts) expect(rtt).toBeLessThan(16);
    expect(p.lines[0]!.text).toBe('PING 8.8.8.8 (8.8.8.8) from 203.0.113.7 eth0: 56(84) bytes of data.');
    expect(texts(p)).toContain('5 packets transmitted, 5 received, 0% packet loss');
    expect(p.lines[3]!.atMs).toBeGreaterThanOrEqual(1000);
    expect(p.result.ok).toBe(true);
  });

  it('pings out of the interface asked for, loses every reply on a line that is down, and refuses an interface it lacks', () => {
    const lte = plan(branch(), { kind: 'ping', host: 'example.com', count: 3, source_interface: 'eth1' });
    for (const t of texts(lte).filter((x) => x.startsWith('64 bytes'))) expect(Number(/time=([\d.]+)/.exec(t)![1])).toBeGreaterThan(40);
    const down = plan(branch([link('eth0', 'fibre', 12, false), link('eth1', 'lte', 60, false)]), { kind: 'ping', host: '8.8.8.8', count: 3 });
    expect(down.result).toEqual({ ok: false, output: 'ping: connect: Network is unreachable' });
    expect(plan(branch(), { kind: 'ping', host: '8.8.8.8', source_interface: 'eth7' }).result.output).toBe('ping: eth7: no such interface on this gateway');
    // A host on the office LAN answers at LAN speed; an address nobody has there does not.
    expect(texts(plan(branch(), { kind: 'ping', host: '192.168.10.21', count: 2 }))).toContain('2 packets transmitted, 2 received, 0% packet loss');
    expect(texts(plan(branch(), { kind: 'ping', host: '192.168.10.99', count: 2 }))).toContain('2 packets transmitted, 0 received, 100% packet loss');
  });

  it('traces the hops its routing table leads to, and ends an unreachable target with * * *', () => {
    const out = texts(plan(branch(), { kind: 'traceroute', host: '8.8.8.8' }));
    expect(out[0]).toBe('traceroute to 8.8.8.8 (8.8.8.8), 30 hops max, 60 byte packets');
    expect(out[out.length - 1]).toMatch(/^ *\d+ {2}8\.8\.8\.8 \(8\.8\.8\.8\)/);
    // The first hop is the provider's edge (carrier-grade NAT space), the last the target.
    expect(out[1]).toMatch(/^ 1 {2}100\.\d+\.\d+\.1 /);
    const lost = plan(branch(), { kind: 'traceroute', host: '10.99.0.1', max_hops: 6 });
    expect(texts(lost).slice(-4)).toEqual([' 3  * * *', ' 4  * * *', ' 5  * * *', ' 6  * * *']);
    expect(lost.result.ok).toBe(false);
  });

  it('answers DNS lookups with the same records every time', () => {
    const a = texts(plan(branch(), { kind: 'dns', name: 'example.com', record_type: 'A', resolver: '1.1.1.1' }));
    expect(a).toEqual(texts(plan(branch(), { kind: 'dns', name: 'example.com', record_type: 'A', resolver: '1.1.1.1' })));
    expect(a).toContain(';; SERVER: 1.1.1.1#53(1.1.1.1) (UDP)');
    expect(a.filter((l) => /^example\.com\.\t300\tIN\tA\t\d+\.\d+\.\d+\.\d+$/.test(l))).toHaveLength(2);
    expect(texts(plan(branch(), { kind: 'dns', name: 'example.com', record_type: 'MX' }))).toContain('example.com.\t300\tIN\tMX\t10 mail.example.com.');
    expect(texts(plan(branch(), { kind: 'dns', name: '8.8.8.8', record_type: 'PTR' }))).toContain(';8.8.8.8.in-addr.arpa.\t\tIN\tPTR');
    expect(plan(branch(), { kind: 'dns', name: 'nothing.invalid' }).result).toEqual({ ok: false, output: 'NXDOMAIN' });
  });

  it('reports iperf-like intervals bounded by the slower of the two gateways’ lines', () => {
    const p = plan(
      branch(),
      { kind: 'throughput', peer_device_id: crypto.randomUUID(), duration_s: 4 },
      { ...context, peer: { name: 'gw-far', address: '10.8.0.6' } },
    );
    const intervals = texts(p).filter((t) => /^\[ {2}5\] \d\.00-\d\.00 +sec .* Mbits\/sec$/.test(t));
    expect(intervals).toHaveLength(4);
    // The far end's LTE (40 Mbps) bounds it, less the overlay's share.
    for (const t of intervals) expect(Number(/([\d.]+) Mbits/.exec(t)![1])).toBeLessThanOrEqual(36);
    expect(texts(p)[0]).toBe('Connecting to host 10.8.0.6 (gw-far), port 5201');
    const none = plan(branch(), { kind: 'throughput', peer_device_id: crypto.randomUUID() }, { ...context, peer: { name: 'gw-far', address: null } });
    expect(none.result.ok).toBe(false);
  });

  it('captures the packets the filter keeps into a real pcap file, within its bounds', () => {
    const p = plan(branch(), { kind: 'capture', interface: 'lan1', filter: 'udp port 53 or icmp', max_packets: 40, max_seconds: 60 });
    expect(texts(p).at(-1)).toBe('40 packets captured (capture count of 40 packets reached)');
    const lines = texts(p).slice(1, -1);
    expect(lines).toHaveLength(40);
    for (const l of lines) expect(l).toMatch(/ IP (\S+\.53 > |\S+ > \S+\.53: UDP|\S+ > \S+: ICMP echo request)/);

    const file = p.file!(Infinity);
    expect(file.packets).toBe(40);
    const view = new DataView(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength);
    expect(view.getUint32(0, true)).toBe(PCAP_MAGIC);
    expect(view.getUint16(4, true)).toBe(2);
    expect(view.getUint32(20, true)).toBe(LINKTYPE_ETHERNET);
    // Walk the records: each header's lengths lead exactly to the next, and to the end of the file.
    let at = 24;
    let records = 0;
    while (at < file.bytes.length) {
      const length = view.getUint32(at + 8, true);
      expect(view.getUint32(at + 12, true)).toBe(length);
      expect(view.getUint16(at + 16 + 12)).toBe(0x0800); // EtherType IPv4
      expect([1, 17]).toContain(file.bytes[at + 16 + 14 + 9]);
      at += 16 + length;
      records++;
    }
    expect(at).toBe(file.bytes.length);
    expect(records).toBe(40);
    // Stopped early, it keeps the packets captured until then.
    expect(p.file!(p.lines[10]!.atMs).packets).toBeLessThan(40);

    // Standard tools open it, where they are installed.
    const tcpdump = (() => {
      try {
        return execFileSync('which', ['tcpdump']).toString().trim();
      } catch {
        return null;
      }
    })();
    if (tcpdump) {
      const where = path.join(mkdtempSync(path.join(tmpdir(), 'pcap-')), 'capture.pcap');
      writeFileSync(where, file.bytes);
      const read = execFileSync(tcpdump, ['-nn', '-r', where], { stdio: ['ignore', 'pipe', 'ignore'] })
        .toString()
        .trim()
        .split('\n');
      expect(read).toHaveLength(40);
    }
  });

  it('captures on a WAN behind its own address, stops at the byte bound, and refuses an interface it lacks', () => {
    const p = plan(branch(), { kind: 'capture', interface: 'eth0', filter: 'tcp port 443', max_bytes: 5_000, max_seconds: 60 });
    expect(texts(p).at(-1)).toMatch(/packets captured \(capture size of 5000 bytes reached\)$/);
    expect(p.file!(Infinity).bytes.length).toBeLessThanOrEqual(5_000 + 24);
    for (const l of texts(p).slice(1, -1)) expect(l).toContain('203.0.113.7');
    expect(plan(branch(), { kind: 'capture', interface: 'wlan9' }).result).toEqual({ ok: false, output: 'tcpdump: wlan9: No such device exists' });
  });
});
