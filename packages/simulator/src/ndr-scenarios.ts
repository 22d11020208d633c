import { EPHEMERAL_PORT_MIN, type DnsQueryRecord, type FlowRecord } from '@netloom/domain';
import { ROGUE_CAMERA_PEER, iotFlow, type IotLanDevice } from './iot-lan';
import { mulberry32, randomInt, seedFrom, type Random } from './prng';

/**
 * Ways to make one simulated host misbehave, for demos and tests of NDR: each is the traffic a
 * real attack or compromise makes, written into the gateway's flows and its resolver's log, so
 * the rule meant for it raises its detection through the real pipeline.
 */
export const NDR_SCENARIOS = ['port-scan', 'host-sweep', 'beaconing', 'exfiltration', 'dns-tunnel', 'lateral-movement', 'camera-new-country'] as const;
export type NdrScenarioKind = (typeof NDR_SCENARIOS)[number];

/** What each scenario shows, and the rule it is for (the console's NDR page names the same). */
export const NDR_SCENARIO_LABELS: Record<NdrScenarioKind, { rule: string; what: string }> = {
  'port-scan': { rule: 'ndr.port_scan', what: 'the host probes about 300 ports a minute of one LAN neighbour, as nmap does' },
  'host-sweep': { rule: 'ndr.host_scan', what: 'the host tries TCP/80 on every address of its /24' },
  beaconing: { rule: 'ndr.beaconing', what: 'the host checks in with one outside address every 45 s, sending about 600 bytes' },
  exfiltration: {
    rule: 'ndr.outbound_transfer',
    what: 'the host uploads about 2.4 GB an hour to a file-sharing host (judged after the rule learnt the host for 4 days)',
  },
  'dns-tunnel': { rule: 'ndr.dns_tunnel', what: 'the host asks 30 TXT questions a minute of long random names under one domain' },
  'lateral-movement': { rule: 'ndr.lateral_movement', what: 'the host opens SMB and RDP to 40 LAN peers (judged after the rule learnt the host for a day)' },
  'camera-new-country': { rule: 'iot.profile_deviation', what: "an IoT site's first camera starts sending video to an address in Russia" },
};

export function isNdrScenario(text: string): text is NdrScenarioKind {
  return (NDR_SCENARIOS as readonly string[]).includes(text);
}

/** Who misbehaves, and its neighbourhood. */
export interface ScenarioTarget {
  host: string;
  /** The host's /24 as 'a.b.c'. */
  lanPrefix: string;
  /** Its LAN neighbours (other hosts of the gateway). */
  peers: readonly string[];
  /** An IoT site's camera (camera-new-country); none elsewhere. */
  camera?: IotLanDevice;
}

export interface ScenarioTraffic {
  flows: FlowRecord[];
  dns: DnsQueryRecord[];
}

/** Addresses outside the scenarios use: a Tor exit's neighbourhood for the beacon, a hosting provider for the uploads. */
const C2 = { ip: '185.220.101.47', port: 8443 };
const DROP = { ip: '144.76.112.9', port: 443, name: 'upload.filedrop-share.com' };
const TUNNEL_PARENT = 'sync-relay-cdn.net';
const BEACON_EVERY_MS = 45_000;
const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

function flow(
  src: string,
  dst: string,
  dstPort: number,
  startMs: number,
  durationMs: number,
  out: { bytes: number; packets: number },
  back: { bytes: number; packets: number },
  random: Random,
  application?: string,
): FlowRecord {
  return {
    start: new Date(startMs).toISOString(),
    end: new Date(startMs + durationMs).toISOString(),
    src_ip: src,
    src_port: randomInt(random, EPHEMERAL_PORT_MIN, 65535),
    dst_ip: dst,
    dst_port: dstPort,
    protocol: 6,
    src_bytes: out.bytes,
    src_packets: out.packets,
    dst_bytes: back.bytes,
    dst_packets: back.packets,
    in_ifname: 'lan1',
    out_ifname: '',
    wan: null,
    dscp: 0,
    ...(application ? { application } : {}),
  };
}

const SYN = { bytes: 60, packets: 1 };
const NOTHING = { bytes: 0, packets: 0 };
const RST = { bytes: 40, packets: 1 };

/** Evenly spread times in [from, to) at `perMinute`, counted from the scenario's start so consecutive intervals continue the series. */
function ticks(fromMs: number, toMs: number, startedMs: number, perMinute: number): { t: number; i: number }[] {
  const step = 60_000 / perMinute;
  const out: { t: number; i: number }[] = [];
  for (let i = Math.max(0, Math.ceil((fromMs - startedMs) / step)); startedMs + i * step < toMs; i++) out.push({ t: startedMs + i * step, i });
  return out;
}

/** The traffic a scenario makes in [fromMs, toMs), started at `startedMs`. */
export function scenarioTraffic(
  kind: NdrScenarioKind,
  target: ScenarioTarget,
  fromMs: number,
  toMs: number,
  startedMs: number,
  random: Random,
): ScenarioTraffic {
  const flows: FlowRecord[] = [];
  const dns: DnsQueryRecord[] = [];
  const { host, lanPrefix } = target;
  const neighbour = target.peers.find((p) => p !== host) ?? `${lanPrefix}.1`;
  switch (kind) {
    case 'port-scan':
      // The 1024 well-known ports in turn, again and again; the few that are open answer.
      for (const { t, i } of ticks(fromMs, toMs, startedMs, 300)) {
        const port = 1 + (i % 1024);
        const open = [22, 80, 443, 445].includes(port);
        flows.push(flow(host, neighbour, port, t, open ? 3 : 0, SYN, open ? { bytes: 120, packets: 2 } : RST, random));
      }
      break;
    case 'host-sweep':
      for (const { t, i } of ticks(fromMs, toMs, startedMs, 120)) {
        const last = 1 + (i % 254);
        const dst = `${lanPrefix}.${last}`;
        if (dst === host) continue;
        const there = target.peers.includes(dst);
        flows.push(flow(host, dst, 80, t, there ? 2 : 0, SYN, there ? RST : NOTHING, random));
      }
      break;
    case 'beaconing': {
      // A fixed period with a little jitter per contact, the same for a contact however the intervals fall.
      for (const { t, i } of ticks(fromMs, toMs, startedMs, 60_000 / BEACON_EVERY_MS)) {
        const jitter = mulberry32(seedFrom(host, 'beacon', i));
        const at = t + Math.round((jitter() - 0.5) * 0.06 * BEACON_EVERY_MS);
        if (at < fromMs || at >= toMs) continue;
        flows.push(
          flow(
            host,
            C2.ip,
            C2.port,
            at,
            300,
            { bytes: 600 + randomInt(jitter, -25, 25), packets: 5 },
            { bytes: 1180 + randomInt(jitter, -40, 40), packets: 4 },
            random,
          ),
        );
      }
      break;
    }
    case 'exfiltration':
      for (const { t } of ticks(fromMs, toMs, startedMs, 4)) {
        const bytes = 10_000_000 + randomInt(random, -500_000, 500_000);
        flows.push(
          flow(
            host,
            DROP.ip,
            DROP.port,
            t,
            14_000,
            { bytes, packets: Math.ceil(bytes / 1400) },
            { bytes: 180_000, packets: Math.ceil(bytes / 2800) },
            random,
            DROP.name,
          ),
        );
        dns.push({ at: new Date(t - 20).toISOString(), client_ip: host, name: DROP.name, qtype: 'A', answers: [DROP.ip], rcode: 'NOERROR' });
      }
      break;
    case 'dns-tunnel':
      for (const { t, i } of ticks(fromMs, toMs, startedMs, 30)) {
        const label = Array.from({ length: 52 }, () => BASE32[Math.floor(random() * 32)]).join('');
        dns.push({
          at: new Date(t).toISOString(),
          client_ip: host,
          name: `${label}.${i.toString(16)}.t.${TUNNEL_PARENT}`,
          qtype: 'TXT',
          answers: [`"${label.slice(0, 24)}"`],
          rcode: 'NOERROR',
        });
      }
      break;
    case 'lateral-movement':
      // SMB, then RDP, to each address of the /24 in turn: those that are there answer.
      for (const { t, i } of ticks(fromMs, toMs, startedMs, 20)) {
        const dst = `${lanPrefix}.${2 + (i % 40)}`;
        if (dst === host) continue;
        const there = target.peers.includes(dst);
        const back = there ? { bytes: 4_200, packets: 9 } : NOTHING;
        flows.push(flow(host, dst, i % 2 ? 3389 : 445, t, there ? 800 : 0, { bytes: there ? 3_600 : 60, packets: there ? 10 : 1 }, back, random));
      }
      break;
    case 'camera-new-country': {
      const camera = target.camera;
      if (!camera) break;
      const peer = { name: null, ip: `${ROGUE_CAMERA_PEER.prefix}17`, country: ROGUE_CAMERA_PEER.country, port: ROGUE_CAMERA_PEER.port };
      for (const { t } of ticks(fromMs, toMs, startedMs, 2))
        flows.push(iotFlow(camera, peer, t, t + 25_000, 2_500_000 + randomInt(random, 0, 500_000), 40_000, random));
      break;
    }
  }
  return { flows, dns };
}
