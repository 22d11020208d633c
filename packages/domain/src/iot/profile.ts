import { z } from 'zod';
import { getDomain } from 'tldts';
import { isIPv4 } from '../validators/ipv4';
import { contains, subnetOfCidr } from '../config/subnets';
import { storableText } from '../validators/storable-text';
import { isInternalAddress, isGroupAddress } from '../ndr/addresses';
import type { NdrFlow } from '../ndr/evidence';
import { iotClassSchema, type IotClass } from './classes';

/**
 * A communication profile: what the devices of one class (in one tenant) talk to, learned from
 * their flows during a learning period. A camera talks to its recorder and its maker's cloud;
 * once learned, anything else it does is a deviation (deviations.ts). Each entry is a direction,
 * a peer (an internal host or subnet, an external country, domain or application), a protocol and
 * a port: the server's port, whichever end the device was.
 */
export const PROFILE_DIRECTIONS = ['out', 'in'] as const;
export type ProfileDirection = (typeof PROFILE_DIRECTIONS)[number];
export const PROFILE_PEER_KINDS = ['host', 'subnet', 'country', 'domain', 'application'] as const;
export type ProfilePeerKind = (typeof PROFILE_PEER_KINDS)[number];

/** A profile keeps at most this many entries; past it, those seen longest ago are forgotten (and counted). */
export const PROFILE_ENTRIES_MAX = 1000;
/** Past this many hosts of one /24 on one service, the profile keeps the /24 instead: a camera that talks to every recorder of a subnet. */
export const SUBNET_COLLAPSE_HOSTS = 8;
export const PROFILE_LEARNING_DAYS_DEFAULT = 7;
/** GeoIP did not know the country (or the record named none): ISO 3166's user-assigned 'ZZ', as CLDR uses it for unknown. */
export const UNKNOWN_COUNTRY = 'ZZ';
/** A flow time this far past `now` is a device's wrong clock: neither learned nor judged. */
const FUTURE_TOLERANCE_MS = 5 * 60_000;

export const profileEntrySchema = z.object({
  direction: z.enum(PROFILE_DIRECTIONS),
  peer_kind: z.enum(PROFILE_PEER_KINDS),
  /** '10.0.5.10', '10.0.5.0/24', 'NL', 'hik-connect.com', 'ntp'. */
  peer: storableText().min(1).max(253),
  protocol: z.number().int().min(0).max(255),
  /** The server's port; 0 for protocols without ports. */
  port: z.number().int().min(0).max(65535),
  first_seen: z.iso.datetime(),
  last_seen: z.iso.datetime(),
  flows: z.number().int().nonnegative(),
});
export type ProfileEntry = z.infer<typeof profileEntrySchema>;

export const communicationProfileSchema = z.object({
  class: iotClassSchema,
  learning_from: z.iso.datetime(),
  learning_until: z.iso.datetime(),
  entries: z.array(profileEntrySchema).max(PROFILE_ENTRIES_MAX),
  /** Entries forgotten past the cap: a profile that forgets is too broad to judge well, and the console says so. */
  forgotten: z.number().int().nonnegative(),
});
export type CommunicationProfile = z.infer<typeof communicationProfileSchema>;

const DAY_MS = 86_400_000;

export function newProfile(cls: IotClass, from: number, learningDays = PROFILE_LEARNING_DAYS_DEFAULT): CommunicationProfile {
  return {
    class: cls,
    learning_from: new Date(from).toISOString(),
    learning_until: new Date(from + learningDays * DAY_MS).toISOString(),
    entries: [],
    forgotten: 0,
  };
}

/** One flow from the side of a device of the class: which device, which way, and who the other end is. */
export interface ProfileFlow {
  flow: NdrFlow;
  /** ms. */
  t: number;
  device: { ip: string; mac: string };
  direction: ProfileDirection;
  peer_ip: string;
  peer_internal: boolean;
  protocol: number;
  port: number;
}

const hasPorts = (protocol: number) => protocol === 6 || protocol === 17;

/**
 * The flows of a class's devices, seen from each device (a flow between two of them counts for
 * both). `members` maps a device's LAN address to its MAC; multicast and broadcast are no peer.
 */
export function profileFlows(
  flows: readonly NdrFlow[],
  members: ReadonlyMap<string, string>,
  isInternal: (ip: string) => boolean = isInternalAddress,
): ProfileFlow[] {
  const out: ProfileFlow[] = [];
  for (const flow of flows) {
    const t = Date.parse(flow.time);
    if (!Number.isFinite(t) || isGroupAddress(flow.dst_ip)) continue;
    const port = hasPorts(flow.protocol) ? flow.dst_port : 0;
    const base = { flow, t, protocol: flow.protocol, port };
    const src = members.get(flow.src_ip);
    const dst = members.get(flow.dst_ip);
    if (src !== undefined)
      out.push({ ...base, device: { ip: flow.src_ip, mac: src }, direction: 'out', peer_ip: flow.dst_ip, peer_internal: isInternal(flow.dst_ip) });
    if (dst !== undefined)
      out.push({ ...base, device: { ip: flow.dst_ip, mac: dst }, direction: 'in', peer_ip: flow.src_ip, peer_internal: isInternal(flow.src_ip) });
  }
  return out;
}

/** The /24 an address is in. */
export const slash24Of = (ip: string): string => `${ip.slice(0, ip.lastIndexOf('.'))}.0/24`;

const inSubnet = (ip: string, cidr: string): boolean => isIPv4(ip) && contains(subnetOfCidr(cidr), ip);

/** What the other end of an external flow is called: its registrable domain when the flow named a host, else the application the DPI named. */
export function externalName(flow: NdrFlow): { kind: 'domain' | 'application'; name: string } | null {
  const named = flow.application?.trim().toLowerCase();
  if (!named) return null;
  const domain = getDomain(named);
  return domain ? { kind: 'domain', name: domain } : { kind: 'application', name: named };
}

export const peerCountryOf = (f: ProfileFlow): string => (f.direction === 'out' ? (f.flow.dst_country ?? UNKNOWN_COUNTRY) : UNKNOWN_COUNTRY);

const sameService = (e: ProfileEntry, f: ProfileFlow) => e.direction === f.direction && e.protocol === f.protocol && e.port === f.port;

/** Whether an entry describes the flow's other end (any port). */
export function entryCovers(e: ProfileEntry, f: ProfileFlow): boolean {
  if (e.direction !== f.direction) return false;
  switch (e.peer_kind) {
    case 'host':
      return f.peer_internal && e.peer === f.peer_ip;
    case 'subnet':
      return f.peer_internal && inSubnet(f.peer_ip, e.peer);
    case 'country':
      return !f.peer_internal && e.peer === peerCountryOf(f);
    case 'domain':
    case 'application': {
      const name = f.peer_internal ? null : externalName(f.flow);
      return name !== null && name.kind === e.peer_kind && name.name === e.peer;
    }
  }
}

/** The entries a flow would make: its internal peer, or its external country and name. */
function entriesFor(f: ProfileFlow): { peer_kind: ProfilePeerKind; peer: string }[] {
  if (f.peer_internal) return [{ peer_kind: 'host', peer: f.peer_ip }];
  const name = externalName(f.flow);
  return [{ peer_kind: 'country', peer: peerCountryOf(f) }, ...(name ? [{ peer_kind: name.kind, peer: name.name }] : [])];
}

/** Whether the profile already has this peer on this service. */
export const profileAllows = (profile: CommunicationProfile, f: ProfileFlow, peer_kind: ProfilePeerKind): boolean =>
  profile.entries.some((e) => (e.peer_kind === peer_kind || (peer_kind === 'host' && e.peer_kind === 'subnet')) && sameService(e, f) && entryCovers(e, f));

function collapseSubnet(entries: ProfileEntry[], f: ProfileFlow): ProfileEntry[] {
  const subnet = slash24Of(f.peer_ip);
  const hosts = entries.filter((e) => e.peer_kind === 'host' && sameService(e, f) && inSubnet(e.peer, subnet));
  if (hosts.length <= SUBNET_COLLAPSE_HOSTS) return entries;
  const merged: ProfileEntry = {
    ...hosts[0]!,
    peer_kind: 'subnet',
    peer: subnet,
    first_seen: hosts.map((h) => h.first_seen).sort()[0]!,
    last_seen: hosts
      .map((h) => h.last_seen)
      .sort()
      .at(-1)!,
    flows: hosts.reduce((n, h) => n + h.flows, 0),
  };
  return [...entries.filter((e) => !hosts.includes(e)), merged];
}

/**
 * The profile after these flows: during the learning period each flow adds what it shows or
 * refreshes what the profile has; after it, flows only refresh (nothing new is learned without
 * an admin: a deviation is judged, not absorbed). Returns a new profile; `now` (ms) refuses flows
 * from the future.
 */
export function learn(profile: CommunicationProfile, flows: readonly ProfileFlow[], now: number): CommunicationProfile {
  const until = Date.parse(profile.learning_until);
  let entries = profile.entries.map((e) => ({ ...e }));
  let forgotten = profile.forgotten;
  for (const f of [...flows].sort((a, b) => a.t - b.t)) {
    if (f.t > now + FUTURE_TOLERANCE_MS || f.t < Date.parse(profile.learning_from)) continue;
    const time = new Date(f.t).toISOString();
    for (const wanted of entriesFor(f)) {
      const have = entries.find(
        (e) => (e.peer_kind === wanted.peer_kind || (wanted.peer_kind === 'host' && e.peer_kind === 'subnet')) && sameService(e, f) && entryCovers(e, f),
      );
      if (have) {
        if (time > have.last_seen) have.last_seen = time;
        have.flows++;
      } else if (f.t < until) {
        entries.push({ direction: f.direction, ...wanted, protocol: f.protocol, port: f.port, first_seen: time, last_seen: time, flows: 1 });
        if (wanted.peer_kind === 'host') entries = collapseSubnet(entries, f);
      }
    }
    if (entries.length > PROFILE_ENTRIES_MAX) {
      const excess = entries.length - PROFILE_ENTRIES_MAX;
      entries = [...entries].sort((a, b) => (a.last_seen < b.last_seen ? -1 : a.last_seen > b.last_seen ? 1 : 0)).slice(excess);
      forgotten += excess;
    }
  }
  return { ...profile, entries, forgotten };
}

/** An admin accepts what a deviation showed: the entry is added (or refreshed) whatever the learning period. */
export function allowInProfile(
  profile: CommunicationProfile,
  entry: Omit<ProfileEntry, 'first_seen' | 'last_seen' | 'flows'>,
  now: number,
): CommunicationProfile {
  const time = new Date(now).toISOString();
  const same = (e: ProfileEntry) =>
    e.direction === entry.direction && e.peer_kind === entry.peer_kind && e.peer === entry.peer && e.protocol === entry.protocol && e.port === entry.port;
  if (profile.entries.some(same)) return profile;
  const entries = [...profile.entries, { ...entry, first_seen: time, last_seen: time, flows: 0 }];
  return { ...profile, entries: entries.slice(-PROFILE_ENTRIES_MAX), forgotten: profile.forgotten + Math.max(0, entries.length - PROFILE_ENTRIES_MAX) };
}
