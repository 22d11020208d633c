import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LIVE_STATUSES, UNSTORABLE_TEXT_MESSAGE, deviceMessageSchema, heartbeatSchema, metricsSchema } from '@netloom/domain';
import { EndpointBehaviour, GatewayBehaviour, endpointProfile, gatewayProfile, mulberry32 } from '@netloom/simulator';
import { ajvCheckOf } from '../validation/zod-ajv';
import { parseDeviceMessage } from './parse-message';

const odd = fc.oneof(
  fc.constantFrom('', ' ', ' eth0 ', '01.2.3.4', '256.1.1.1', '1.2.3', 'not-an-email', 'a@b', '2026-11-21T10:00:00+01:00', '2026-02-30T10:00:00Z', 'x'.repeat(65), 'é'.repeat(65), 'li\u0000nux', 'eth\uD800', '\uDC00x'),
  fc.string({ maxLength: 12 }),
  fc.integer({ min: -2, max: 1001 }),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(Number.MAX_SAFE_INTEGER + 2),
);
/** Mostly what a device sends, now and then anything: most messages are one field off a valid one. */
const mostly = <T,>(valid: fc.Arbitrary<T>) => fc.oneof({ weight: 15, arbitrary: valid }, { weight: 1, arbitrary: odd });
const text = (max: number) => fc.oneof({ weight: 8, arbitrary: fc.string({ minLength: 1, maxLength: 12 }) }, { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: max - 1, maxLength: max + 1 }) });
const linkStatus = fc.constantFrom('up', 'down', 'unknown');
const ipv4 = fc.oneof({ weight: 4, arbitrary: fc.ipV4() }, { weight: 1, arbitrary: fc.constantFrom('010.0.0.1', '1.2.3.4.5', '10.0.0.256') });
const email = fc.oneof({ weight: 4, arbitrary: fc.emailAddress() }, { weight: 1, arbitrary: fc.constantFrom('user@bench.test', 'a@b', 'x') });
const optional = <T,>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined });
const nullable = <T,>(a: fc.Arbitrary<T>) => fc.option(a, { nil: null });

const heartbeat = fc.record(
  {
    type: fc.constant('heartbeat'),
    seq: mostly(fc.nat()),
    status: mostly(fc.constantFrom(...LIVE_STATUSES)),
    wan: mostly(fc.array(fc.record({ name: mostly(text(64)), status: mostly(linkStatus), ifname: mostly(text(32)), weight: mostly(fc.integer({ min: 0, max: 1000 })) }), { maxLength: 3 })),
    lb_status: mostly(nullable(fc.record({ status: linkStatus, tunnel: fc.record({ status: linkStatus, interfaces: fc.array(text(32), { maxLength: 2 }) }), mpls: fc.record({ status: linkStatus, interfaces: mostly(fc.array(text(32), { maxLength: 2 })) }) }))),
    public_ip: mostly(nullable(ipv4)),
    vpn_ip: mostly(nullable(ipv4)),
    location: mostly(nullable(fc.record({ name: text(120), lat: mostly(fc.double({ min: -90, max: 90, noNaN: true })), lng: fc.double({ min: -180, max: 180, noNaN: true }) }))),
    os: mostly(text(64)),
    user: mostly(nullable(email)),
    traffic: mostly(fc.array(text(32), { maxLength: 3 })),
    config_hash: mostly(nullable(text(128))),
    extra: odd,
  },
  { requiredKeys: ['type', 'seq', 'status'] },
);
const metrics = fc.record(
  {
    type: fc.constant('metrics'),
    seq: mostly(fc.nat()),
    at: mostly(fc.date({ noInvalidDate: true, min: new Date('2000-01-01'), max: new Date('2100-01-01') }).map((d) => d.toISOString())),
    interfaces: mostly(fc.array(fc.record({ ifname: mostly(text(32)), rx_bytes: mostly(fc.nat()), tx_bytes: fc.nat() }), { maxLength: 3 })),
    ping: optional(mostly(fc.array(fc.record({ ifname: text(32), latency_ms: mostly(nullable(fc.double({ min: 0, max: 1e4, noNaN: true }))), loss_pct: mostly(fc.double({ min: 0, max: 100, noNaN: true })) }), { maxLength: 3 }))),
    extra: odd,
  },
  { requiredKeys: ['type', 'seq', 'at', 'interfaces'] },
);
const other = fc.oneof(fc.jsonValue(), fc.record({ type: fc.constantFrom('hello', 'job_result', 'heartbeat', 'metrics', '__proto__', 'toString'), seq: fc.nat() }));

describe('parseDeviceMessage answers exactly as the protocol schema does', () => {
  it('same verdict, same message, same issues; most generated messages are taken', () => {
    let taken = 0;
    fc.assert(
      fc.property(fc.oneof({ weight: 3, arbitrary: heartbeat }, { weight: 2, arbitrary: metrics }, { weight: 1, arbitrary: other }), (message) => {
        const viaFastPath = parseDeviceMessage(structuredClone(message));
        const viaZod = deviceMessageSchema.safeParse(structuredClone(message));
        expect(viaFastPath.success).toBe(viaZod.success);
        if (viaZod.success) {
          taken++;
          expect(viaFastPath.data).toStrictEqual(viaZod.data);
        } else expect(viaFastPath.error!.issues).toStrictEqual(viaZod.error.issues);
      }),
      { numRuns: 3000 },
    );
    expect(taken).toBeGreaterThan(300);
  });

  it('fills the defaults and trims as zod does', () => {
    const parsed = parseDeviceMessage({ type: 'heartbeat', seq: 1, status: 'online', public_ip: '203.0.113.9', unknown: true });
    expect(parsed).toStrictEqual({ success: true, data: { type: 'heartbeat', seq: 1, status: 'online', wan: [], public_ip: '203.0.113.9' } });
    const trimmed = parseDeviceMessage({ type: 'heartbeat', seq: 2, status: 'online', wan: [{ name: ' WAN1 ', status: 'up', ifname: 'eth0', weight: 1 }] });
    expect(trimmed.success && trimmed.data.type === 'heartbeat' && trimmed.data.wan[0]!.name).toBe('WAN1');
    expect(parseDeviceMessage({ type: 'heartbeat', seq: 3, status: 'online', public_ip: '010.0.0.1' }).error?.issues[0]).toMatchObject({ path: ['public_ip'], message: 'Should be in the format x.x.x.x' });
  });

  it('refuses text PostgreSQL cannot store on the fast path too, wherever it is', () => {
    const refused = (message: object, path: (string | number)[]) =>
      expect(parseDeviceMessage(message).error?.issues[0]).toMatchObject({ path, message: UNSTORABLE_TEXT_MESSAGE });
    refused({ type: 'heartbeat', seq: 1, status: 'online', os: 'li\u0000nux' }, ['os']);
    refused({ type: 'heartbeat', seq: 1, status: 'online', traffic: ['1', 'x\uD800'] }, ['traffic', 1]);
    refused({ type: 'heartbeat', seq: 1, status: 'online', lb_status: { status: 'up', tunnel: { status: 'up', interfaces: ['\u0000'] }, mpls: { status: 'up', interfaces: [] } } }, ['lb_status', 'tunnel', 'interfaces', 0]);
    refused({ type: 'metrics', seq: 1, at: '2026-11-21T10:00:00Z', interfaces: [], ping: [{ ifname: '\uDC00', latency_ms: 1, loss_pct: 0 }] }, ['ping', 0, 'ifname']);
  });
});

it('what the simulator\'s gateways and endpoints send takes the fast path', () => {
  const [heartbeatByAjv, metricsByAjv] = [ajvCheckOf(heartbeatSchema), ajvCheckOf(metricsSchema)];
  const random = mulberry32(7);
  const devices = Array.from({ length: 20 }, (_, i) =>
    i % 2 ? new GatewayBehaviour(gatewayProfile(random, i), random) : new EndpointBehaviour(endpointProfile(random, i, 'bench.test'), random),
  );
  for (let tick = 0; tick < 30; tick++) {
    const at = new Date(Date.UTC(2026, 10, 21, 10, 0, tick * 10));
    for (const device of devices) {
      // As the server reads them: JSON text parsed.
      const wire = (message: object): unknown => JSON.parse(JSON.stringify(message));
      expect(heartbeatByAjv(wire({ type: 'heartbeat', seq: tick, ...device.heartbeat(at, tick % 3 ? 'abc123' : null) }))).toBe(true);
      expect(metricsByAjv(wire({ type: 'metrics', seq: tick, ...device.metrics(at) }))).toBe(true);
    }
  }
});
