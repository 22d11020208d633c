import { describe, expect, it } from 'vitest';
import { demResultSchema, measuresOf, scoreResult, type ConfigDocument, type DemResult, type DemTest, type ZtnaSection } from '@netloom/domain';
import { DemClient } from './dem-client';
import { parseExperienceCommand } from './dem-commands';
import { EndpointExperience } from './dem-experience';
import { endpointProfile, withEndpointSpec } from './profiles';
import { mulberry32 } from './prng';

const APP = '00000000-0000-4000-8000-0000000000a1';
const PRIVATE_APP = '00000000-0000-4000-8000-0000000000a2';
const test = (kind: DemTest['kind'], extra: Partial<DemTest> = {}): DemTest => ({
  id: `${APP}:${kind}`,
  application_id: APP,
  name: 'CRM',
  kind,
  url: 'https://crm.example.com/',
  interval_seconds: 60,
  timeout_ms: 10_000,
  ...extra,
});
const TESTS = [test('http'), test('path'), test('availability')];

/** An endpoint on Wi-Fi in Chennai, as the fleet builds one. */
const laptop = () => ({ ...withEndpointSpec(endpointProfile(mulberry32(7), 0, 'acme.test'), { os: 'linux' }), ifname: 'wlp2s0' });

const doc = (tests: DemTest[], ztna?: Partial<ZtnaSection>) => ({ dem: { tests }, ...(ztna ? { ztna } : {}) }) as unknown as ConfigDocument;

/** An hour of runs, every minute, from a client whose experience `change` sets. */
function hourOfRuns(setUp: (e: EndpointExperience) => void = () => {}, tests = TESTS, ztna?: Partial<ZtnaSection>): DemResult[] {
  const client = new DemClient(laptop(), new EndpointExperience(laptop()));
  setUp(client.experience);
  const start = Date.parse('2026-03-02T10:00:00Z');
  client.ran(doc(tests, ztna), start);
  const out: DemResult[] = [];
  for (let m = 1; m <= 60; m++) out.push(...client.results(new Date(start + m * 60_000), 60));
  return out;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const scores = (rs: DemResult[]) => rs.map((r) => scoreResult(measuresOf(r), r.path));

describe("a simulated endpoint's DEM tests", () => {
  it('runs each test of its section every interval, the first within seconds of the push, with results the server accepts', () => {
    const client = new DemClient(laptop(), new EndpointExperience(laptop()));
    const start = Date.parse('2026-03-02T10:00:00Z');
    client.ran(doc(TESTS), start);
    const first = client.results(new Date(start + 5000), 5);
    expect(first.map((r) => r.test_id).sort()).toEqual(TESTS.map((t) => t.id).sort());
    const later = client.results(new Date(start + 5000 + 600_000), 600);
    expect(later).toHaveLength(30);
    for (const r of [...first, ...later]) expect(() => demResultSchema.parse(r)).not.toThrow();
    const http = later.filter((r) => r.test_id.endsWith(':http'));
    for (const r of http) {
      expect(r.ok).toBe(true);
      expect(r.dns_ms! + r.connect_ms! + r.tls_ms!).toBeLessThan(r.ttfb_ms!);
      expect(r.ttfb_ms!).toBeLessThanOrEqual(r.total_ms!);
      expect(r.context.network).toBe('wifi');
    }
    // Nothing runs without a section.
    client.ran(null, start + 700_000);
    expect(client.results(new Date(start + 900_000), 120)).toEqual([]);
  });

  it('keeps a healthy endpoint scoring well and names the Wi-Fi when its signal drops', () => {
    const healthy = scores(hourOfRuns());
    expect(median(healthy.map((s) => s.score))).toBeGreaterThan(85);

    const weak = hourOfRuns((e) => e.set({ wifiDbm: -83 }));
    const weakScores = scores(weak);
    expect(median(weakScores.map((s) => s.score))).toBeLessThan(70);
    expect(weakScores.filter((s) => s.cause === 'wifi').length).toBeGreaterThan(weak.length * 0.9);
    // A weak signal shows in the measurements too: longer round trips and lost packets.
    const latency = (rs: DemResult[]) => median(rs.flatMap((r) => (r.latency_ms === undefined ? [] : [r.latency_ms])));
    expect(latency(weak)).toBeGreaterThan(latency(hourOfRuns()) + 20);
    expect(Math.max(...weak.map((r) => r.loss ?? 0))).toBeGreaterThan(5);
  });

  it('names the application when it is slow to answer, and a failed check when it does not answer', () => {
    const slow = scores(hourOfRuns((e) => e.set({ appSlowMs: { [APP]: 2500 } }), [test('http')]));
    expect(median(slow.map((s) => s.score))).toBeLessThan(75);
    expect(slow.every((s) => s.cause === 'app')).toBe(true);

    const down = hourOfRuns((e) => e.set({ appDown: ['crm.example.com'] }), [test('availability')]);
    expect(down.every((r) => !r.ok && r.error)).toBe(true);
  });

  it('names the device when its CPU is saturated, its slower handshake and page showing it', () => {
    const busy = hourOfRuns((e) => e.set({ cpuPct: 99 }), [test('http')]);
    const verdicts = scores(busy);
    expect(verdicts.filter((s) => s.cause === 'device').length).toBeGreaterThan(busy.length * 0.9);
    const tls = (rs: DemResult[]) => median(rs.map((r) => r.tls_ms!));
    expect(tls(busy)).toBeGreaterThan(tls(hourOfRuns(() => {}, [test('http')])) + 10);
  });

  it('reaches a private application through the nearest relay, and names the relay when it is congested', () => {
    const ztna = {
      servers: [{ address: '10.1.2.3', private_name: 'git.corp' }],
      private_names: { 'git.corp': '10.1.2.3' },
      relays: [
        { id: 'r-us', name: 'relay-us', region: 'us-east', address: 'r1.example', port: 51820, enabled: true },
        { id: 'r-in', name: 'relay-india', region: 'india', address: 'r2.example', port: 51820, enabled: true },
      ],
    } as unknown as Partial<ZtnaSection>;
    const git = [test('path', { id: `${PRIVATE_APP}:path`, application_id: PRIVATE_APP, url: undefined, host: 'git.corp', port: 443 })];
    const normal = hourOfRuns(() => {}, git, ztna);
    expect(normal.every((r) => r.path === 'relay' && r.relay === 'relay-india')).toBe(true);
    const congested = hourOfRuns((e) => e.set({ relayExtraMs: 400 }), git, ztna);
    const verdicts = scores(congested);
    expect(median(verdicts.map((s) => s.score))).toBeLessThan(median(scores(normal).map((s) => s.score)) - 20);
    expect(verdicts.filter((s) => s.cause === 'relay').length).toBeGreaterThan(congested.length * 0.9);
    // A SaaS application goes direct.
    expect(hourOfRuns(() => {}, [test('path')], ztna).every((r) => r.path === 'direct' && r.relay === undefined)).toBe(true);
  });

  it('heals: back to its normal once the change is undone', () => {
    const e = new EndpointExperience(laptop(), { wifiDbm: -85, cpuPct: 97 });
    expect(e.now(mulberry32(1)).wifiDbm).toBeLessThan(-80);
    e.set({ wifiDbm: null });
    expect(e.now(mulberry32(1)).wifiDbm).toBeGreaterThan(-65);
    expect(e.now(mulberry32(1)).cpuPct).toBeGreaterThan(90);
    e.heal();
    expect(e.now(mulberry32(1)).cpuPct).toBeLessThan(45);
  });

  it("takes the operator's typed commands, and says what is wrong with a bad one", () => {
    expect(parseExperienceCommand('wifi ana@acme.test -85')).toEqual({ who: 'ana@acme.test', change: { wifiDbm: -85 } });
    expect(parseExperienceCommand('slow ana@acme.test CRM.example.com 900')).toEqual({
      who: 'ana@acme.test',
      change: { appSlowMs: { 'crm.example.com': 900 } },
    });
    expect(parseExperienceCommand('heal ana@acme.test')).toEqual({ who: 'ana@acme.test', heal: true });
    expect(parseExperienceCommand('wifi ana@acme.test 20')).toMatch(/between -100 and -20/);
    expect(parseExperienceCommand('reboot ana@acme.test')).toMatch(/unknown command/);
    const e = new EndpointExperience(laptop());
    e.set({ appSlowMs: { a: 100 } });
    e.set({ appSlowMs: { b: 200 }, appDown: ['c'] });
    expect(e.now(mulberry32(1)).appSlowMs(['a'])).toBe(100);
    expect(e.now(mulberry32(1)).appSlowMs(['x', 'b'])).toBe(200);
    expect(e.now(mulberry32(1)).appDown(['c'])).toBe(true);
  });
});
