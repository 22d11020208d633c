import { classifyFlow, EPHEMERAL_PORT_MIN, FLOW_ACTIVE_TIMEOUT_S, IP_PROTOCOLS, type FlowRecord } from '@netloom/domain';
import { appWeight, FLOW_APPS, type FlowApp } from './flows-apps';
import { capFlows } from './flows-batch';
import { destinationAddress } from './flows-destinations';
import { fixedShare, noise, randomInt, type Random } from './prng';
import { dailyCurve, localHour } from './traffic';

/** A LAN client: a gateway's DHCP lease (a RouterLease fits), or an endpoint's own address. */
export interface FlowClient {
  ip: string;
  hostname: string;
  /** The LAN interface it is on (a lease's pool interface); the input's `lanIfname` otherwise. */
  interface?: string;
  /** Its signed-in user, when the device knows it; a gateway mostly does not. */
  user?: string;
  /** Its MAC address, when the device knows it (a gateway's LAN hosts: DHCP leases, ARP). */
  mac?: string;
}

/** A WAN link as the device has it (a LinkState fits): `name` is the record's `wan`, `ifname` its `out_ifname`. */
export interface FlowLink {
  ifname: string;
  name: string;
  up: boolean;
  weight: number;
}

/**
 * The WAN link the SD-WAN rules give a conversation, by the application classification names
 * ('Zoom', 'HTTPS'), the server address and the DSCP: a link's ifname, null when the rules leave
 * it no link (a rule without failover whose link is down: the traffic is dropped, so not
 * exported), undefined when no rule matches (the load balancing decides).
 */
export type PickWan = (application: string, dst: string, dscp: number) => string | null | undefined;

/**
 * What one device's flow cache sees. A gateway: its DHCP leases as clients, its WAN links. An
 * endpoint: one client (its own address), one link (its interface), and the signed-in `user`.
 */
export interface FlowsInput {
  /** End of the export interval: records lie within the `intervalS` before it. */
  at: Date;
  /** Seconds the export covers: at most the active timeout (default), so no record spans more. */
  intervalS?: number;
  /** The device's position: the local day sets the volume and the mix, the nearest data centres the destinations. */
  lng: number;
  lat?: number;
  clients: readonly FlowClient[];
  links: readonly FlowLink[];
  /** An endpoint's signed-in user (its email): every record carries it unless the client has its own. */
  user?: string;
  /** The LAN side's interface name for clients that do not say theirs (default 'lan1'). */
  lanIfname?: string;
  /** Download bytes per second of all clients together at the busiest hour (a profile's peakBps). */
  peakBps: number;
  pickWan?: PickWan;
}

/** Zipf exponent of the clients' shares: the top talker draws about as much as the next three together. */
const ZIPF_S = 1;
const TCP_ACK_BYTES = 52;

/**
 * Client weights: Zipf by a rank that is fixed per client (the same heavy talker every interval,
 * as offices have one), shaken a little per interval.
 */
function clientWeights(clients: readonly FlowClient[], random: Random): number[] {
  const order = clients.map((c, i) => ({ i, u: fixedShare(c.ip, c.hostname, 'talker') })).sort((a, b) => a.u - b.u);
  const rank = new Array<number>(clients.length);
  order.forEach((o, r) => (rank[o.i] = r));
  return clients.map((_, i) => Math.max(0.2, 1 + noise(random, 0.25)) / (rank[i]! + 1) ** ZIPF_S);
}

/** Whether a client uses an application at all, and how keen it is: the same on every run. */
function keenness(client: FlowClient, app: FlowApp): number {
  if (fixedShare(client.ip, app.key, 'uses') >= app.reach) return 0;
  return 0.5 + fixedShare(client.ip, app.key, 'keen');
}

/**
 * A person is in one call at a time: of the call apps a client uses, one per hour (a meeting
 * lasts), picked by weight; the others move nothing.
 */
function oneCall(client: FlowClient, weights: number[], hourIndex: number): number[] {
  const calls = FLOW_APPS.flatMap((app, i) => (app.realtime && weights[i]! > 0 ? [i] : []));
  if (calls.length < 2) return weights;
  let u = fixedShare(client.ip, 'call', hourIndex) * calls.reduce((a, i) => a + weights[i]!, 0);
  const chosen = calls.find((i) => (u -= weights[i]!) < 0) ?? calls[calls.length - 1]!;
  return weights.map((w, i) => (calls.includes(i) && i !== chosen ? 0 : w));
}

/** Rounded up or down at random so that the count is right on average. */
const roundAtRandom = (x: number, random: Random): number => Math.floor(x) + (random() < x - Math.floor(x) ? 1 : 0);

/** Download bytes of each flow a client has in the interval, application by application. */
function clientFlows(client: FlowClient, bytes: number, mix: readonly number[], hourIndex: number, intervalS: number, random: Random) {
  const weights = oneCall(
    client,
    FLOW_APPS.map((app, i) => (app.counted ? 0 : mix[i]! * keenness(client, app))),
    hourIndex,
  );
  const total = weights.reduce((a, b) => a + b, 0);
  const flows: { app: FlowApp; down: number }[] = [];
  FLOW_APPS.forEach((app, i) => {
    if (app.counted || total === 0) return;
    const appBytes = (bytes * weights[i]!) / total;
    // Below one flow's worth, one typical flow with that chance: the bytes are right on average.
    const n = Math.min(app.maxFlows, roundAtRandom(appBytes / app.flowBytes, random));
    if (n > 0) for (const down of split(Math.max(appBytes, app.flowBytes), n, random)) flows.push({ app, down });
  });
  const weighed = flows.length;
  for (const app of FLOW_APPS) {
    if (!app.counted) continue;
    const n = Math.min(app.maxFlows, roundAtRandom((app.counted.perMinute * intervalS) / 60 + app.counted.perFlow * weighed, random));
    for (let k = 0; k < n; k++) flows.push({ app, down: app.flowBytes * (0.6 + 0.8 * random()) });
  }
  return flows;
}

/** Bytes split among n flows unevenly (exponential weights), as real flow sizes are. */
function split(total: number, n: number, random: Random): number[] {
  const w = Array.from({ length: n }, () => 0.05 - Math.log(1 - random()));
  const sum = w.reduce((a, b) => a + b, 0);
  return w.map((x) => (total * x) / sum);
}

/** Packets from bytes: downstream by the application's packet size; upstream of TCP at least an ACK for every other segment. */
function counters(app: FlowApp, down: number, up: number): Pick<FlowRecord, 'src_bytes' | 'src_packets' | 'dst_bytes' | 'dst_packets'> {
  const dstPackets = Math.max(1, Math.ceil(down / app.packetBytes));
  const dstBytes = Math.max(dstPackets * 60, Math.round(down));
  let srcPackets = Math.max(1, Math.ceil(up / Math.min(app.packetBytes, 1200)));
  if (app.protocol === 'tcp') srcPackets = Math.max(srcPackets, Math.ceil(dstPackets / 2));
  const srcBytes = Math.max(srcPackets * TCP_ACK_BYTES, Math.round(up));
  return { src_bytes: srcBytes, src_packets: srcPackets, dst_bytes: dstBytes, dst_packets: dstPackets };
}

/** A download's pace: a flow that moved more took longer, up to the whole interval. */
const FLOW_BYTES_PER_S = 3_000_000;

/** When a flow ran within the interval: streams and calls throughout (most began earlier), the rest as long as their bytes took. */
function timing(app: FlowApp, down: number, startMs: number, intervalMs: number, random: Random): { start: string; end: string } {
  let from = 0;
  let to = intervalMs;
  if (app.realtime || app.long) {
    if (random() < 0.2) from = Math.floor(random() * intervalMs * 0.5);
  } else {
    const pace = (down / FLOW_BYTES_PER_S) * 1000 * (0.5 + random());
    const duration = Math.min(intervalMs, Math.floor(Math.max(pace, app.counted ? 20 * random() : intervalMs * 0.2 * random() ** 2)));
    from = Math.floor(random() * (intervalMs - duration));
    to = from + duration;
  }
  return { start: new Date(startMs + from).toISOString(), end: new Date(startMs + to).toISOString() };
}

/** The load balancing's choice: links that are up, by weight, sticky per conversation (as mwan3 balances per connection). */
function balancedLink(links: readonly FlowLink[], src: string, dst: string): FlowLink | undefined {
  const up = links.filter((l) => l.up);
  if (up.length === 0) return undefined;
  const weights = up.map((l) => Math.max(0, l.weight));
  const total = weights.reduce((a, b) => a + b, 0);
  if (total === 0) return up[Math.floor(fixedShare(src, dst, 'wan') * up.length)];
  let u = fixedShare(src, dst, 'wan') * total;
  for (let i = 0; i < up.length; i++) {
    u -= weights[i]!;
    if (u < 0) return up[i];
  }
  return up[up.length - 1];
}

/**
 * One export interval of a device's flow records: the local day sets the volume (dailyCurve) and
 * the mix (office apps by day, streaming in the evening), Zipf-weighted clients share it, each
 * client's bytes split among the applications it uses, each application's into flows of its
 * typical size. Every record passes flowRecordSchema and the batch fits FLOWS_BATCH_MAX (see
 * capFlows). No link up, no records; a conversation whose link is down is not exported.
 *
 * Deterministic: the same input and the same random stream give the same records. What should not
 * change between intervals (who talks most, who uses what, where a host resolves) comes from
 * fixedShare, so only volumes, ports and timings move with the stream.
 */
export function flowsFor(input: FlowsInput, random: Random): FlowRecord[] {
  const intervalS = input.intervalS ?? FLOW_ACTIVE_TIMEOUT_S;
  if (!(intervalS > 0 && intervalS <= FLOW_ACTIVE_TIMEOUT_S)) throw new RangeError(`intervalS must be in (0, ${FLOW_ACTIVE_TIMEOUT_S}]`);
  if (input.clients.length === 0 || !input.links.some((l) => l.up)) return [];
  const intervalMs = Math.round(intervalS * 1000);
  const startMs = input.at.getTime() - intervalMs;
  const hour = localHour(new Date(startMs + intervalMs / 2), input.lng);
  const total = input.peakBps * dailyCurve(hour) * intervalS * Math.max(0.3, 1 + noise(random, 0.15));
  const clientW = clientWeights(input.clients, random);
  const clientTotal = clientW.reduce((a, b) => a + b, 0);
  const mix = FLOW_APPS.map((app) => appWeight(app, hour));
  const site = { lng: input.lng, ...(input.lat === undefined ? {} : { lat: input.lat }) };
  const hourIndex = Math.floor(startMs / 3_600_000);
  const lanIfname = input.lanIfname ?? 'lan1';

  const records: FlowRecord[] = [];
  input.clients.forEach((client, ci) => {
    const user = client.user ?? input.user;
    for (const { app, down } of clientFlows(client, (total * clientW[ci]!) / clientTotal, mix, hourIndex, intervalS, random)) {
      // Popular hosts first: the first listed is visited most.
      const host = app.hosts.length > 0 ? app.hosts[Math.floor(random() ** 2 * app.hosts.length)]! : undefined;
      // Each client reaches a service at one of a few addresses, the same every interval.
      const dst = destinationAddress(app.pool, host ?? app.key, site, Math.floor(fixedShare(client.ip, app.key, 'slot') * 4));
      const up = down * app.upShare * (0.7 + 0.6 * random());
      const record: FlowRecord = {
        ...timing(app, down, startMs, intervalMs, random),
        src_ip: client.ip,
        src_port: randomInt(random, EPHEMERAL_PORT_MIN, 65535),
        dst_ip: dst,
        dst_port: app.ports[Math.floor(random() * app.ports.length)]!,
        protocol: IP_PROTOCOLS[app.protocol],
        ...counters(app, down, up),
        in_ifname: client.interface ?? lanIfname,
        out_ifname: '',
        wan: null,
        dscp: app.realtime ? 46 : 0,
        ...(host ? { application: host } : app.dpi ? { application: app.name } : {}),
        ...(user ? { user } : {}),
      };
      const chosen = input.pickWan?.(classifyFlow(record), dst, record.dscp);
      const link = chosen === undefined ? balancedLink(input.links, client.ip, dst) : input.links.find((l) => l.ifname === chosen);
      // The rules left it no link, or its link is down: dropped, so never exported.
      if (!link?.up) continue;
      records.push({ ...record, out_ifname: link.ifname, wan: link.name });
    }
  });
  return capFlows(records);
}

// The rest of the generator, so that index.ts needs one line for all of it.
export { capFlows } from './flows-batch';
export { FLOW_APPS, type FlowApp, type ApplicationName } from './flows-apps';
export { DESTINATION_POOLS, destinationAddress, destinationRangeOf, type DestinationPool, type DestinationRange } from './flows-destinations';
