import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FLOW_MAX_SPAN_S } from '@netloom/domain';
import { FlowDecoder } from './decoder';
import { MalformedDatagram } from './sets';
import { ipfixDatagram, v9Datagram, type TestFlow } from './test-datagrams';

const captured = JSON.parse(readFileSync(new URL('./fixtures/softflowd-datagrams.json', import.meta.url), 'utf8')) as Record<string, string>;
const softflowd = (name: string) => Buffer.from(captured[name]!, 'hex');
const EXPORTER = '10.231.7.2';

const now = Date.UTC(2026, 10, 29, 12, 0, 0);
const flow = (over: Partial<TestFlow> = {}): TestFlow => ({
  src: '10.1.0.5',
  dst: '93.184.216.34',
  srcPort: 51000,
  dstPort: 443,
  protocol: 6,
  bytes: 12_345,
  packets: 17,
  start: now - 20_000,
  end: now - 5_000,
  inIf: 3,
  outIf: 1,
  tos: 46 << 2,
  ...over,
});

describe('decoding what softflowd exported', () => {
  it.each(['v9', 'ipfix', 'ipfix-milli'])('%s: both directions of the ping flood, with absolute times', (name) => {
    const out = new FlowDecoder().decode(EXPORTER, softflowd(name));
    expect(out.unknownTemplate).toBe(0);
    expect(out.records.map((r) => [r.src_ip, r.dst_ip, r.protocol]).sort()).toEqual([
      ['10.231.7.1', '10.231.7.2', 1],
      ['10.231.7.2', '10.231.7.1', 1],
    ]);
    for (const r of out.records) {
      expect(r.src_packets).toBeGreaterThan(4000);
      expect(r.src_bytes).toBeGreaterThan(r.src_packets * 100);
      // Captured on 2026-11-29 within a second of flooding: the times are that day's, not 1970's.
      expect(r.start.slice(0, 10)).toBe('2026-11-29');
      expect(Date.parse(r.end) - Date.parse(r.start)).toBeLessThan(1_000);
    }
  });

  it('IPFIX with sysUpTime times: placed by the boot time of the options record that came first', () => {
    const out = new FlowDecoder().decode(EXPORTER, softflowd('ipfix'));
    expect(out.unusable.no_time).toBe(0);
    expect(out.records[0]!.start).toBe('2026-11-29T23:04:42.115Z');
  });

  it('bidirectional IPFIX (RFC 5103): the reverse counters are the answer direction', () => {
    const out = new FlowDecoder().decode(EXPORTER, softflowd('ipfix-bidir'));
    const total = out.records.reduce((sum, r) => sum + r.src_bytes + r.dst_bytes, 0);
    expect(out.records.some((r) => r.dst_bytes > 0)).toBe(true);
    expect(total).toBeGreaterThan(1_000_000);
  });
});

describe.each([
  ['NetFlow v9', v9Datagram],
  ['IPFIX', ipfixDatagram],
])('%s laid out by hand', (_, build) => {
  it('maps every field onto the flow record', () => {
    const out = new FlowDecoder().decode(EXPORTER, build([flow(), flow({ src: '10.1.0.6', protocol: 17, dstPort: 53 })], { exportMs: now }), now);
    expect(out.records).toHaveLength(2);
    expect(out.records[0]).toEqual({
      start: new Date(now - 20_000).toISOString(),
      end: new Date(now - 5_000).toISOString(),
      src_ip: '10.1.0.5',
      src_port: 51000,
      dst_ip: '93.184.216.34',
      dst_port: 443,
      protocol: 6,
      src_bytes: 12_345,
      src_packets: 17,
      dst_bytes: 0,
      dst_packets: 0,
      in_ifname: 'ifIndex 3',
      out_ifname: 'ifIndex 1',
      wan: null,
      dscp: 46,
    });
    expect(out.records[1]).toMatchObject({ src_ip: '10.1.0.6', protocol: 17, dst_port: 53 });
  });

  it('counts and drops data whose template has not come yet, and decodes it once it has', () => {
    const decoder = new FlowDecoder();
    const early = decoder.decode(EXPORTER, build([flow()], { withTemplate: false, exportMs: now }), now);
    expect(early).toMatchObject({ records: [], unknownTemplate: 1 });
    decoder.decode(EXPORTER, build([flow()], { exportMs: now }), now);
    expect(decoder.decode(EXPORTER, build([flow()], { withTemplate: false, exportMs: now }), now).records).toHaveLength(1);
  });

  it('keeps templates per exporter and per observation domain', () => {
    const decoder = new FlowDecoder();
    decoder.decode(EXPORTER, build([flow()], { domain: 1, exportMs: now }), now);
    expect(decoder.decode(EXPORTER, build([flow()], { domain: 2, withTemplate: false, exportMs: now }), now).unknownTemplate).toBe(1);
    expect(decoder.decode('10.9.9.9', build([flow()], { domain: 1, withTemplate: false, exportMs: now }), now).unknownTemplate).toBe(1);
    expect(decoder.decode(EXPORTER, build([flow()], { domain: 1, withTemplate: false, exportMs: now }), now).records).toHaveLength(1);
  });

  it('forgets a template the exporter has not refreshed within its lifetime', () => {
    const decoder = new FlowDecoder(60_000);
    decoder.decode(EXPORTER, build([flow()], { exportMs: now }), now);
    expect(decoder.decode(EXPORTER, build([flow()], { withTemplate: false, exportMs: now }), now + 59_000).records).toHaveLength(1);
    expect(decoder.decode(EXPORTER, build([flow()], { withTemplate: false, exportMs: now }), now + 61_000).unknownTemplate).toBe(1);
  });

  it('starts a record longer than the store keeps FLOW_MAX_SPAN_S before its end, keeping its bytes', () => {
    const [r] = new FlowDecoder().decode(EXPORTER, build([flow({ start: now - 1_800_000, end: now })], { exportMs: now }), now).records;
    expect(Date.parse(r!.end) - Date.parse(r!.start)).toBe(FLOW_MAX_SPAN_S * 1000);
    expect(r!.src_bytes).toBe(12_345);
  });
});

describe('hostile and broken datagrams', () => {
  const real = [softflowd('v9'), softflowd('ipfix'), softflowd('ipfix-bidir'), v9Datagram([flow()]), ipfixDatagram([flow()])];

  it('refuses other versions and headers cut short', () => {
    const decoder = new FlowDecoder();
    expect(() => decoder.decode(EXPORTER, Buffer.from([0, 5, 0, 1]))).toThrow(MalformedDatagram);
    expect(() => decoder.decode(EXPORTER, Buffer.alloc(0))).toThrow(MalformedDatagram);
    expect(() => decoder.decode(EXPORTER, softflowd('v9').subarray(0, 19))).toThrow(MalformedDatagram);
  });

  it('an IPFIX length beyond the bytes received is malformed', () => {
    const cut = softflowd('ipfix').subarray(0, 100);
    expect(() => new FlowDecoder().decode(EXPORTER, cut)).toThrow(/does not fit/);
  });

  it('every truncation of a real datagram is refused or decoded, never anything else', () => {
    for (const datagram of real)
      for (let length = 0; length < datagram.length; length++) {
        try {
          new FlowDecoder().decode(EXPORTER, datagram.subarray(0, length));
        } catch (err) {
          expect(err).toBeInstanceOf(MalformedDatagram);
        }
      }
  });

  it('random corruption of real datagrams never throws anything but MalformedDatagram', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff) / 0x7fffffff;
    const decoder = new FlowDecoder();
    for (let round = 0; round < 3_000; round++) {
      const datagram = Buffer.from(real[round % real.length]!);
      for (let flips = 1 + Math.floor(random() * 6); flips > 0; flips--) datagram[Math.floor(random() * datagram.length)] = Math.floor(random() * 256);
      try {
        const out = decoder.decode(EXPORTER, datagram);
        for (const r of out.records) expect(Number.isNaN(Date.parse(r.start))).toBe(false);
      } catch (err) {
        expect(err).toBeInstanceOf(MalformedDatagram);
      }
    }
  });

  it('a template claiming more fields than its set holds is malformed', () => {
    const datagram = Buffer.from(v9Datagram([flow()]));
    // The template's field count (after the 20-byte header, the set header and the template id).
    datagram.writeUInt16BE(400, 26);
    expect(() => new FlowDecoder().decode(EXPORTER, datagram)).toThrow(MalformedDatagram);
  });
});
