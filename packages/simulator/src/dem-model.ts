import type { DemResult, DemTest, Relay, ZtnaSection } from '@netloom/domain';
import type { EndpointContext } from './dem-experience';
import { chance, fixedShare, noise, type Random } from './prng';
import { relayPathMs } from './ztna-relays';

/** Below this signal (dBm) a Wi-Fi link starts to retry frames: every round trip grows and packets are lost. */
const WIFI_CLEAN_DBM = -67;
/** Linux's first SYN retransmission: a lost SYN costs a connection a second. */
const SYN_RETRY_MS = 1000;
/** A lost segment during a handshake or the transfer waits for TCP's minimum retransmission timeout. */
const RTO_MS = 200;

/** What a weak Wi-Fi signal adds to each round trip (ms), the share of packets it loses and the share of its rate it keeps. */
export function wifiPenalty(dbm: number | null): { extraMs: number; loss: number; rate: number } {
  if (dbm === null || dbm >= WIFI_CLEAN_DBM) return { extraMs: 0, loss: 0, rate: 1 };
  const below = WIFI_CLEAN_DBM - dbm;
  // At -80 dBm a link retries most frames at its lowest rates: about 80 ms more a round trip, an eighth of the packets lost, a fifth of the throughput.
  return { extraMs: 1.5 * below ** 1.5, loss: Math.min(0.4, 0.0025 * below ** 1.5), rate: Math.max(0.05, 1 - below / 16) };
}

/** Where a test goes: the host it names (its URL's, or `host`). */
export function testHost(test: Pick<DemTest, 'url' | 'host'>): string {
  if (test.url) {
    try {
      return new URL(test.url).hostname.toLowerCase();
    } catch {
      return test.host?.toLowerCase() ?? '';
    }
  }
  return test.host?.toLowerCase() ?? '';
}

/**
 * The relay a test reaches its application through: a private server published to the endpoint's
 * zero-trust client (by address or private name) goes through the tunnel, over the nearest relay;
 * anything else (a SaaS application) goes direct.
 */
export function relayFor(host: string, ztna: ZtnaSection | null, at: { lat: number; lng: number }): Relay | null {
  if (!ztna || !host) return null;
  const published = ztna.servers.some((s) => s.address.toLowerCase() === host || s.private_name?.toLowerCase() === host);
  const privateName = Object.keys(ztna.private_names).some((n) => n.toLowerCase() === host);
  if (!published && !privateName) return null;
  const relays = ztna.relays.filter((r) => r.enabled);
  if (relays.length === 0) return null;
  return relays.reduce((best, r) => (relayPathMs(r, at) < relayPathMs(best, at) ? r : best));
}

export interface Measurement {
  test: DemTest;
  atMs: number;
  context: EndpointContext;
  /** Through this relay (a private application), or direct. */
  relay: Relay | null;
  /** Where the endpoint is (the relay's distance). */
  at: { lat: number; lng: number };
}

const round = (v: number) => Math.round(v * 10) / 10;

/**
 * One run of one test as the endpoint would measure it. The application's own pace (its server
 * time, its distance, its page size) is fixed per host; the endpoint's context adds to it: a weak
 * Wi-Fi signal lengthens every round trip and loses packets (a lost SYN costs a second, a lost
 * segment a retransmission timeout), a relay adds its detour, a busy CPU slows the TLS handshake
 * and the page's processing, a slow application its server time.
 */
export function measure(m: Measurement, random: Random): DemResult {
  const { test, context: c } = m;
  const host = testHost(test);
  const keys = [test.application_id, host];
  const wifi = wifiPenalty(c.wifiDbm);
  const distanceMs = 4 + fixedShare(host, 'distance') * 40;
  const relayMs = m.relay ? c.accessMs + relayPathMs(m.relay, m.at) + 3 + fixedShare(host, m.relay.id) * 10 + c.relayExtraMs : 0;
  // A relay's extra time also shows as loss: a congested relay drops what it cannot queue.
  const relayLoss = m.relay ? Math.min(0.2, c.relayExtraMs / 3000) : 0;
  const baseRtt = m.relay ? relayMs : c.accessMs + distanceMs;
  const rtt = () => Math.max(1, (baseRtt + wifi.extraMs) * (1 + noise(random, 0.08)));
  const loss = Math.min(0.6, wifi.loss + relayLoss + (c.network === 'cellular' ? 0.003 : 0.0005));
  const lost = () => chance(random, loss);
  // Above 70 % the CPU queues work: the handshake's crypto and the page's processing wait for it.
  const cpuFactor = 1 + Math.max(0, c.cpuPct - 70) / 10 + Math.max(0, c.memoryPct - 85) / 10;
  const base = {
    test_id: test.id,
    application_id: test.application_id,
    at: new Date(m.atMs).toISOString(),
    path: m.relay ? ('relay' as const) : ('direct' as const),
    ...(m.relay ? { relay: m.relay.name } : {}),
    context: {
      network: c.network,
      ...(c.wifiDbm !== null ? { wifi_signal_dbm: c.wifiDbm } : {}),
      ...(c.ssid ? { wifi_ssid: c.ssid } : {}),
      cpu_pct: c.cpuPct,
      memory_pct: c.memoryPct,
    },
  };

  if (test.kind === 'path') {
    const probes = 10;
    let received = 0;
    let sum = 0;
    for (let i = 0; i < probes; i++) {
      if (lost()) continue;
      received += 1;
      sum += rtt();
    }
    // Inside the tunnel the relay and the connector are the hops; direct, the internet's routers.
    const hops = m.relay ? 3 + Math.floor(fixedShare(host, 'relay hops') * 2) : 7 + Math.floor(fixedShare(host, 'hops') * 9);
    return {
      ...base,
      ok: received > 0,
      ...(received > 0 ? { latency_ms: round(sum / received) } : { error: 'no answer to any probe' }),
      loss: round(((probes - received) / probes) * 100),
      hops,
    };
  }

  if (c.appDown(keys)) {
    const refused = fixedShare(host, 'down') < 0.5;
    return {
      ...base,
      ok: false,
      ...(refused ? { status: 503, error: 'HTTP 503' } : { error: 'connection refused' }),
      ...(refused ? { connect_ms: round(rtt()), total_ms: round(rtt() * 3) } : {}),
    };
  }

  const https = (test.url ?? '').startsWith('https:') || test.port === 443;
  // Most lookups hit the OS cache; a miss asks the resolver over the access line.
  const dns = chance(random, 0.6) ? random() * 1.5 : 2 + c.accessMs * 0.4 + wifi.extraMs + random() * 12 + (lost() ? RTO_MS * 5 : 0);
  const dnsMs = dns + c.dnsExtraMs * (0.8 + random() * 0.4);
  const connect = rtt() + (lost() ? SYN_RETRY_MS : 0);
  const tls = https ? rtt() * (1 + (fixedShare(host, 'tls12') < 0.3 ? 1 : 0)) + 4 * cpuFactor + (lost() ? RTO_MS : 0) : 0;
  const serverMs = (40 + fixedShare(host, 'server') * 160) * (1 + noise(random, 0.15)) + c.appSlowMs(keys);
  const ttfb = dnsMs + connect + tls + rtt() + Math.max(5, serverMs);
  const pageBytes = test.kind === 'http' ? 30_000 + fixedShare(host, 'page') * 400_000 : 2_000;
  // Slow start: a few round trips for the page, more for a lossy link, and the link's own rate.
  const transfer = Math.ceil(Math.log2(1 + pageBytes / 14_600)) * rtt() + (pageBytes / (c.downBps * wifi.rate)) * 1000 + (lost() ? RTO_MS : 0);
  const total = ttfb + transfer + (test.kind === 'http' ? 10 * cpuFactor : 0);
  const timedOut = total > test.timeout_ms;
  return {
    ...base,
    ok: !timedOut,
    ...(timedOut ? { error: `no answer within ${test.timeout_ms} ms` } : { status: 200 }),
    dns_ms: round(dnsMs),
    connect_ms: round(connect),
    ...(https ? { tls_ms: round(tls) } : {}),
    ...(timedOut ? {} : { ttfb_ms: round(ttfb), total_ms: round(total) }),
  };
}
