import type { Relay, RelayRegion } from '@netloom/domain';
import { chance, noise, type Random } from './prng';

/** Where each relay region's data centre roughly is. */
const REGION_AT: Record<RelayRegion, { lat: number; lng: number }> = {
  'us-east': { lat: 39, lng: -77.5 },
  'us-west': { lat: 45.6, lng: -121.2 },
  'eu-west': { lat: 53.3, lng: -6.3 },
  'eu-central': { lat: 50.1, lng: 8.7 },
  uk: { lat: 51.5, lng: -0.1 },
  india: { lat: 19.1, lng: 72.9 },
  singapore: { lat: 1.35, lng: 103.8 },
  australia: { lat: -33.9, lng: 151.2 },
  japan: { lat: 35.7, lng: 139.7 },
  brazil: { lat: -23.5, lng: -46.6 },
  'middle-east': { lat: 25.3, lng: 55.3 },
};

/** Great-circle distance in km. */
function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const h = Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lng - a.lng) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The round trip a relay's detour costs beyond the access line (ms): light in fibre over real routes from `at` to its region. */
export const relayPathMs = (relay: Pick<Relay, 'region'>, at: { lat: number; lng: number }): number => distanceKm(at, REGION_AT[relay.region]) / 70;

/** Chance that a probe to a relay gets no answer. */
const PROBE_LOSS = 0.01;

/**
 * What a client measures to its relays: a round trip that grows with the distance to the relay's
 * region (light in fibre, with the detours of real routes) over its own access line, and now and
 * then no answer at all.
 */
export function measureRelays(relays: readonly Relay[], at: { lat: number; lng: number }, accessLatencyMs: number, random: Random) {
  return relays.map((r) => {
    if (chance(random, PROBE_LOSS)) return { relay_id: r.id, latency_ms: null, ok: false };
    const path = relayPathMs(r, at);
    const latency = Math.max(1, (accessLatencyMs + path) * (1 + noise(random, 0.08)));
    return { relay_id: r.id, latency_ms: Math.round(latency * 10) / 10, ok: true };
  });
}
