import {
  compileAccess,
  endpointOsOf,
  ipv4ToNumber,
  isCidr,
  isIPv4,
  nameserversFor,
  portAllowed,
  portSpecSpan,
  privateNameOf,
  serverAddressMatches,
  type AccessDecision,
  type CompiledAccess,
  type Posture,
  type PostureReport,
  type ZtnaProtocol,
  type ZtnaSection,
  type ZtnaServer,
} from '@netloom/domain';
import { numberToIp } from './router-model';
import { fixedShare, pick, poisson, randomBetween, type Random } from './prng';
import { dailyCurve, localHour } from './traffic';

/** One connection a user tries: when, to what name or address, on which protocol and port; the server it is, when the client knows it. */
export interface ZtnaAttempt {
  atMs: number;
  destination: string;
  server: ZtnaServer | null;
  protocol: Exclude<ZtnaProtocol, 'any'>;
  port: number | null;
}

/** Who tries: the person (their e-mail names their habits), on what kind of device. */
export interface ZtnaUser {
  user: string;
  mobile: boolean;
}

export const DEFAULT_ATTEMPTS_PER_MINUTE = 1;
/** Of the attempts, now and then a port the server does not publish (a habit from the office LAN). */
const STRAY_PORT_SHARE = 0.06;
/** …and a name under the company's domains that is not offered to this user. */
const NOT_OFFERED_SHARE = 0.05;
const STRAY_PORTS = [3389, 445, 23, 5900, 8080, 3306];
const UNOFFERED_HOSTS = ['payroll', 'hr', 'vault', 'jenkins', 'legacy', 'finance', 'backup'];
const WILDCARD_HOSTS = ['build', 'ci', 'docs', 'api', 'status'];

/** When the user tries to connect in the `intervalS` before `at`: more in office hours, none at all some quiet minutes. */
export function attemptTimes(at: Date, intervalS: number, lng: number, perMinute: number, random: Random): number[] {
  const fromMs = at.getTime() - intervalS * 1000;
  const n = poisson(perMinute * dailyCurve(localHour(at, lng)) * (intervalS / 60), random);
  // Whole milliseconds: a session's start and length are reported in them.
  return Array.from({ length: n }, () => Math.floor(fromMs + random() * intervalS * 1000)).sort((a, b) => a - b);
}

/** A port of what a server publishes (or of its first published range), as a client asks for it. */
function portOf(server: ZtnaServer, random: Random): { protocol: ZtnaAttempt['protocol']; port: number | null } {
  const entry = pick(random, server.ports);
  if (entry.protocol === 'icmp') return { protocol: 'icmp', port: null };
  const protocol = entry.protocol === 'udp' ? 'udp' : 'tcp';
  if (entry.protocol === 'any' || entry.ports.length === 0) return { protocol, port: protocol === 'udp' ? 53 : 443 };
  const span = portSpecSpan(pick(random, entry.ports))!;
  return { protocol, port: span[0] + Math.floor(random() * (span[1] - span[0] + 1)) };
}

/** What the client asks for to reach a server: its private name, a host under a wildcard, the user's own host of a subnet, or the address. */
function destinationOf(server: ZtnaServer, who: ZtnaUser): string {
  const name = privateNameOf(server);
  if (name && !name.startsWith('*.')) return name;
  const a = server.address;
  if (a.startsWith('*.')) return `${WILDCARD_HOSTS[Math.floor(fixedShare(who.user, a) * WILDCARD_HOSTS.length)]}${a.slice(1)}`;
  if (isCidr(a)) {
    const [net, bits] = a.split('/') as [string, string];
    const size = 2 ** (32 - Number(bits));
    const base = Math.floor(ipv4ToNumber(net) / size) * size;
    return numberToIp(size <= 2 ? base : base + 1 + Math.floor(fixedShare(who.user, a, 'host') * (size - 2)));
  }
  return a;
}

/** Each user works with some servers more than others; on a phone mostly the web ones. */
function weightOf(server: ZtnaServer, who: ZtnaUser): number {
  const web = portAllowed(server.ports, 'tcp', 443) || portAllowed(server.ports, 'tcp', 80);
  return (0.15 + fixedShare(who.user, server.id, 'use')) * (who.mobile && !web ? 0.1 : 1);
}

function pickWeighted(servers: readonly ZtnaServer[], who: ZtnaUser, random: Random): ZtnaServer {
  let left = random() * servers.reduce((a, s) => a + weightOf(s, who), 0);
  for (const s of servers) if ((left -= weightOf(s, who)) < 0) return s;
  return servers[servers.length - 1]!;
}

/**
 * Whether the client can resolve a name: one of its private names, a name under a match domain
 * of its DNS groups (or any name when it has a primary nameserver), or a server's own FQDN (the
 * app connector resolves that on its side).
 */
function resolves(section: ZtnaSection, name: string): boolean {
  if (isIPv4(name) || section.private_names[name] !== undefined) return true;
  if (nameserversFor(section.dns, name).length > 0 || section.profile.nameservers.length > 0) return true;
  return section.servers.some((s) => s.address === name);
}

const serverFor = (section: ZtnaSection, destination: string): ZtnaServer | null =>
  section.servers.find((s) => privateNameOf(s) === destination || serverAddressMatches(s.address, destination)) ?? null;

/**
 * What the user tries at `atMs` with the section then running: mostly a server it offers, on a
 * port it publishes; now and then a port it does not publish, or a name under the company's
 * domains that it does not offer. Null when there is nothing to try (no servers) or the name
 * does not resolve (the user's application fails before any connection).
 */
export function chooseAttempt(section: ZtnaSection, atMs: number, who: ZtnaUser, random: Random): ZtnaAttempt | null {
  const r = random();
  const domains = section.dns.flatMap((g) => g.match_domains);
  if (r < NOT_OFFERED_SHARE && domains.length > 0) {
    const destination = `${pick(random, UNOFFERED_HOSTS)}.${pick(random, domains)}`;
    if (!resolves(section, destination)) return null;
    const server = serverFor(section, destination);
    return { atMs, destination, server, ...(server ? portOf(server, random) : { protocol: 'tcp', port: 443 }) };
  }
  if (section.servers.length === 0) return null;
  const server = pickWeighted(section.servers, who, random);
  const destination = destinationOf(server, who);
  if (!resolves(section, destination)) return null;
  if (r < NOT_OFFERED_SHARE + STRAY_PORT_SHARE) {
    const port = STRAY_PORTS.find((p) => !portAllowed(server.ports, 'tcp', p) && fixedShare(who.user, p) < 0.7);
    if (port !== undefined) return { atMs, destination, server, protocol: 'tcp', port };
  }
  return { atMs, destination, server, ...portOf(server, random) };
}

/** The endpoint's posture as the policies check it: what its agent reports, with what the server knows of it (approved, country). */
export function postureForSection(os: string, report: PostureReport, section: ZtnaSection): Posture {
  return { os: endpointOsOf(os), ...report, country: section.identity.country, approved: section.identity.approved };
}

/** Each section's policies compiled once, for the many connections decided by it. */
const compiled = new WeakMap<ZtnaSection, CompiledAccess>();
function accessOf(section: ZtnaSection): CompiledAccess {
  let access = compiled.get(section);
  if (!access) compiled.set(section, (access = compileAccess({ servers: section.servers, policies: section.policies })));
  return access;
}

/** The one access decision (the domain's, compiled), for the requester the section names. */
export function decideAttempt(section: ZtnaSection, attempt: ZtnaAttempt, endpointId: string | null, posture: Posture): AccessDecision {
  if (!attempt.server) return { action: 'deny', rule: 'unknown_server', policy: null, failed: null, reason: `${attempt.destination} is not offered` };
  const id = section.identity;
  return accessOf(section).decide({
    user: id.user,
    endpointId,
    groups: id.groups,
    securityGroups: id.security_groups,
    posture,
    serverId: attempt.server.id,
    protocol: attempt.protocol,
    port: attempt.port,
    at: new Date(attempt.atMs),
  });
}

/** How long a connection of a kind lasts (seconds) and the rate it downloads at (bytes per second); uploads are a share of that. */
function usageOf(protocol: ZtnaAttempt['protocol'], port: number | null): { seconds: [number, number]; bps: [number, number]; up: number } {
  if (protocol === 'icmp') return { seconds: [1, 5], bps: [64, 64], up: 1 };
  if (protocol === 'udp') return { seconds: [1, 30], bps: [2_000, 50_000], up: 0.5 };
  if (port === 22) return { seconds: [2, 90], bps: [20_000, 400_000], up: 0.1 };
  if (port === 3389 || port === 5900) return { seconds: [300, 3_600], bps: [30_000, 250_000], up: 0.15 };
  if (port !== null && [5432, 3306, 1433, 1521, 27017, 6379].includes(port)) return { seconds: [20, 900], bps: [5_000, 200_000], up: 0.2 };
  return { seconds: [1, 120], bps: [10_000, 500_000], up: 0.08 };
}

/** An allowed connection's length and bytes, its length at most `maxS` seconds. */
export function sessionUsage(attempt: ZtnaAttempt, maxS: number, random: Random): { durationMs: number; bytesIn: number; bytesOut: number } {
  const u = usageOf(attempt.protocol, attempt.port);
  const seconds = Math.min(maxS, randomBetween(random, ...u.seconds));
  const bytesIn = Math.round(seconds * randomBetween(random, ...u.bps));
  return { durationMs: Math.round(seconds * 1000), bytesIn, bytesOut: Math.round(bytesIn * u.up) };
}
